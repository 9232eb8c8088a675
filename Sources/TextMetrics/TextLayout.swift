/// The measured layout of a text: its exact size and its lines.
///
/// `size.width` is the widest line; `size.height` is the sum of the lines' heights — the
/// number of lines times the font's line height when the text is in one font (see
/// ``TextLine/height`` for lines that show fallback fonts). Sizes are exact (fractional); round them to a screen with
/// ``Size/roundedUp(scale:)``.
///
/// Empty text lays out as 0 × 0 with no lines, like an empty `UILabel`. A line separator
/// ends a line; a separator at the very end of the text does not start another one, so
/// `"abc\n"` is one line and `"abc\n\n"` two (the second empty).
public struct TextLayout: Hashable, Sendable {
    /// The exact size in points.
    public var size: Size
    /// The lines, top to bottom.
    public var lines: [TextLine]
    /// The primary font's line height in points (ascender − descender + line gap): the
    /// height of every line that shows no fallback font.
    public var lineHeight: Double
    /// Whether some text is not shown (cut by the line limit or the height).
    public var isTruncated: Bool
    /// Characters that no font of the chain has a glyph for, in order of first appearance
    /// (measured with the primary font's `.notdef`).
    public var missingGlyphs: [Unicode.Scalar]
    /// Whether a line shown uses a font other than the primary one.
    public var usesFallbackFonts: Bool

    /// Creates a layout from its parts.
    public init(size: Size, lines: [TextLine], lineHeight: Double, isTruncated: Bool, missingGlyphs: [Unicode.Scalar],
                usesFallbackFonts: Bool = false) {
        self.size = size
        self.lines = lines
        self.lineHeight = lineHeight
        self.isTruncated = isTruncated
        self.missingGlyphs = missingGlyphs
        self.usesFallbackFonts = usesFallbackFonts
    }

    /// The number of lines.
    public var lineCount: Int { lines.count }

    /// The first line's baseline, in points from the top of the layout (0 when there is no
    /// line): what a row aligns on with `firstBaseline`.
    public var firstBaseline: Double { lines.first?.baseline ?? 0 }

    /// The last line's baseline, in points from the top of the layout (0 when there is no
    /// line): what a row aligns on with `lastBaseline`.
    public var lastBaseline: Double { lines.last?.baseline ?? 0 }
}
