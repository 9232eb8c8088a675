/// The measured layout of a text: its exact size and its lines.
///
/// `size.width` is the widest line (with its head indent); `size.height` is the sum of the
/// lines' heights — the number of lines times the font's line height when the text is in one
/// font and has no paragraph style (see ``TextLine/height`` for lines that show fallback fonts,
/// and ``ParagraphStyle`` for the spacing it adds). Sizes are exact (fractional); round them to a screen with
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
    public var missingGlyphs: [Unicode.Scalar] {
        get { rarelySet?.missingGlyphs ?? [] }
        set { rarelySet = RarelySet.make(missingGlyphs: newValue, truncationToken: truncationToken) }
    }
    /// Whether a line shown uses a font other than the primary one.
    public var usesFallbackFonts: Bool
    /// The container's truncation token when a line shows it (``LineTruncation/Token/custom``),
    /// else `nil`: what ``PreparedText/glyphs(for:)`` draws it with.
    public var truncationToken: TruncationToken? {
        get { rarelySet?.truncationToken }
        set { rarelySet = RarelySet.make(missingGlyphs: missingGlyphs, truncationToken: newValue) }
    }
    /// The missing glyphs and the token, behind one reference that is `nil` when there are
    /// none (nearly every layout): a layout is built and returned for every text laid out, and
    /// a third counted reference beside the lines made the compiler copy the whole value once
    /// more on the way out, retains and releases included (+6% instructions a layout).
    private var rarelySet: RarelySet?

    /// Creates a layout from its parts.
    public init(size: Size, lines: [TextLine], lineHeight: Double, isTruncated: Bool, missingGlyphs: [Unicode.Scalar],
                usesFallbackFonts: Bool = false, truncationToken: TruncationToken? = nil) {
        self.size = size
        self.lines = lines
        self.lineHeight = lineHeight
        self.isTruncated = isTruncated
        self.usesFallbackFonts = usesFallbackFonts
        rarelySet = RarelySet.make(missingGlyphs: missingGlyphs, truncationToken: truncationToken)
    }

    /// The number of lines.
    public var lineCount: Int { lines.count }

    /// The first line's baseline, in points from the top of the layout (0 when there is no
    /// line): what a row aligns on with `firstBaseline`.
    public var firstBaseline: Double { lines.first?.baseline ?? 0 }

    /// The last line's baseline, in points from the top of the layout (0 when there is no
    /// line): what a row aligns on with `lastBaseline`.
    public var lastBaseline: Double { lines.last?.baseline ?? 0 }

    /// The text the layout shows, as UTF-8 ranges of the laid-out text in logical order: one
    /// range from the start when nothing or only the tail is cut; two when head or middle
    /// truncation keeps text on both sides of the token. Trailing whitespace and line
    /// separators of shown lines count as shown.
    public var visibleRanges: [Range<Int>] {
        var ranges: [Range<Int>] = []
        func add(_ range: Range<Int>) {
            guard !range.isEmpty else { return }
            if let last = ranges.last, last.upperBound == range.lowerBound {
                ranges[ranges.count - 1] = last.lowerBound..<range.upperBound
            } else {
                ranges.append(range)
            }
        }
        for line in lines {
            if let truncation = line.truncation {
                truncation.visibleRanges.forEach(add)
            } else {
                add(line.utf8Range)
            }
        }
        return ranges
    }

    /// Where the truncation token (or the ellipsis) is drawn, in points from the layout's
    /// top-left corner: its line's top and height, its own x and width; `nil` when nothing
    /// is truncated or the line was clipped. Where an app puts a "more" button.
    public var truncationTokenFrame: Rect? {
        guard let line = lines.first(where: { $0.truncation != nil }), let truncation = line.truncation,
              truncation.token != .clipped else { return nil }
        return Rect(x: line.x + truncation.tokenX, y: line.top, width: truncation.tokenWidth, height: line.height)
    }
}

extension TextLayout {
    /// What few layouts have: characters without a glyph, a truncation token shown.
    private final class RarelySet: Hashable, Sendable {
        let missingGlyphs: [Unicode.Scalar]
        let truncationToken: TruncationToken?

        private init(_ missingGlyphs: [Unicode.Scalar], _ truncationToken: TruncationToken?) {
            self.missingGlyphs = missingGlyphs
            self.truncationToken = truncationToken
        }

        /// The two held, or `nil` when there are neither: no object for the usual layout.
        static func make(missingGlyphs: [Unicode.Scalar], truncationToken: TruncationToken?) -> RarelySet? {
            missingGlyphs.isEmpty && truncationToken == nil ? nil : RarelySet(missingGlyphs, truncationToken)
        }

        static func == (lhs: RarelySet, rhs: RarelySet) -> Bool {
            lhs.missingGlyphs == rhs.missingGlyphs && lhs.truncationToken == rhs.truncationToken
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(missingGlyphs)
            hasher.combine(truncationToken)
        }
    }
}
