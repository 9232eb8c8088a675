/// The measured layout of a text: its exact size and its lines.
///
/// `size.width` is the widest line; `size.height` is the number of lines times the font's
/// line height. Sizes are exact (fractional); round them to a screen with
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
    /// The height of each line in points (ascender − descender + line gap).
    public var lineHeight: Double
    /// Whether some text is not shown (cut by the line limit or the height).
    public var isTruncated: Bool
    /// Characters that the font has no glyph for, in order of first appearance.
    public var missingGlyphs: [Unicode.Scalar]

    /// Creates a layout from its parts.
    public init(size: Size, lines: [TextLine], lineHeight: Double, isTruncated: Bool, missingGlyphs: [Unicode.Scalar]) {
        self.size = size
        self.lines = lines
        self.lineHeight = lineHeight
        self.isTruncated = isTruncated
        self.missingGlyphs = missingGlyphs
    }

    /// The number of lines.
    public var lineCount: Int { lines.count }
}
