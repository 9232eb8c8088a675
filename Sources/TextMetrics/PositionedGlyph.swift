/// One glyph to draw: which glyph of the font, and where its origin sits.
///
/// Positions are in points, relative to the start of the line (x, growing rightwards) and
/// to its baseline (y, growing downwards, as on a screen). They already include HarfBuzz's
/// offsets (mark attachment, kerning adjustments), so a renderer places each glyph's origin
/// at `(lineOrigin.x + x, baseline + y)` and nothing else.
///
/// ```swift
/// for (line, glyphs) in zip(layout.lines, prepared.glyphs(for: layout)) {
///     for glyph in glyphs { draw(glyph.glyphID, atX: glyph.x, y: line.baseline + glyph.y) }
/// }
/// ```
public struct PositionedGlyph: Hashable, Sendable {
    /// The glyph's index in the font (0 is `.notdef`, drawn for characters the font lacks).
    public var glyphID: UInt32
    /// UTF-8 byte offset of the start of the glyph's cluster in the prepared text; the
    /// ellipsis of a truncated line has the offset where the hidden text begins.
    public var cluster: Int
    /// The horizontal position of the glyph's origin from the line's start, in points.
    public var x: Double
    /// The vertical position of the glyph's origin from the baseline, in points, downwards.
    public var y: Double
    /// How far the pen moves after this glyph, in points.
    public var advance: Double
    /// The index, in the prepared text's ``FontChain``, of the font the glyph belongs to.
    public var fontIndex: Int
    /// When this is an attachment's box, not a glyph: its index in the attributed text's
    /// ``AttributedText/attachments`` (its `glyphID` is then 0, its `advance` the box's width,
    /// and `y` 0: the box stands on the baseline); `nil` for a glyph.
    public var attachmentIndex: Int?
    /// Whether the glyph is one of the container's ``TruncationToken``'s: its `fontIndex` then
    /// indexes the token's fonts (``TruncationToken/prepared``), and its `cluster` is an offset
    /// in the token's text.
    public var isTruncationToken: Bool

    /// Creates a positioned glyph.
    public init(glyphID: UInt32, cluster: Int, x: Double, y: Double, advance: Double, fontIndex: Int = 0,
                attachmentIndex: Int? = nil, isTruncationToken: Bool = false) {
        self.glyphID = glyphID
        self.cluster = cluster
        self.x = x
        self.y = y
        self.advance = advance
        self.fontIndex = fontIndex
        self.attachmentIndex = attachmentIndex
        self.isTruncationToken = isTruncationToken
    }
}

/// One glyph as HarfBuzz placed it, in font units, in visual (left-to-right) order: the
/// shaping stage's output before it is scaled to a size and laid on a line.
struct GlyphPlacement: Sendable {
    /// The glyph's index in the font.
    var glyphID: UInt32
    /// UTF-8 byte offset of the glyph's cluster.
    var cluster: Int32
    /// Pen movement after the glyph, in font units.
    var xAdvance: Int32
    /// Vertical pen movement (zero for horizontal text), in font units, upwards.
    var yAdvance: Int32
    /// Displacement of the glyph from the pen, in font units.
    var xOffset: Int32
    /// Vertical displacement of the glyph from the pen, in font units, upwards.
    var yOffset: Int32
    /// The index of the glyph's font in the chain.
    var fontIndex: Int = 0
    /// Letter spacing after the glyph, in layout units (after the last glyph of each grapheme
    /// cluster of a spaced style).
    var spacing: Int64 = 0
    /// The attachment this stands for (see ``PositionedGlyph/attachmentIndex``), with its
    /// width in layout units as `spacing`.
    var attachmentIndex: Int?
    /// Whether this stands for the truncation token, with its width in layout units as
    /// `spacing` (its glyphs are the token's own).
    var isTruncationToken = false
}
