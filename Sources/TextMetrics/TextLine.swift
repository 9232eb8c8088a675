/// One laid-out line of a ``TextLayout``.
public struct TextLine: Hashable, Sendable {
    /// The UTF-8 byte range of the text the line consumes, trailing whitespace and any line
    /// separator included; consecutive lines' ranges are adjacent.
    public var utf8Range: Range<Int>
    /// The line's width in points: its glyphs' advances, without trailing whitespace (which
    /// hangs), plus the ellipsis when the line is truncated.
    public var width: Double
    /// The baseline's distance from the top of the layout, in points.
    public var baseline: Double
    /// The line's height in points: the largest ascender plus the largest descent plus the
    /// largest line gap of the fonts it shows (the primary font's line height when it shows
    /// only the primary font, or nothing).
    public var height: Double
    /// How the line was truncated, or `nil` when it shows its text whole.
    public var truncation: LineTruncation?
    /// Where the line is drawn, in points from the layout's left edge: its head indent, and
    /// where its paragraph style's alignment puts it (0 without a paragraph style).
    public var x: Double
    /// The line's top, in points from the top of the layout (after any spacing above it).
    public var top: Double

    /// Creates a line.
    public init(utf8Range: Range<Int>, width: Double, baseline: Double, height: Double,
                truncation: LineTruncation? = nil, x: Double = 0, top: Double? = nil) {
        self.utf8Range = utf8Range
        self.width = width
        self.baseline = baseline
        self.height = height
        self.truncation = truncation
        self.x = x
        self.top = top ?? 0
    }

    /// The line's range in `unit`s of `text` (the text that was laid out): UTF-16 for an
    /// `NSRange`, scalars for entity indices.
    public func range(in text: String, unit: TextOffsetUnit) -> Range<Int> {
        unit.offset(ofUTF8: utf8Range.lowerBound, in: text)..<unit.offset(ofUTF8: utf8Range.upperBound, in: text)
    }

    /// The line's range as `String` indices into `text` (the text that was laid out).
    public func range(in text: String) -> Range<String.Index> {
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: utf8Range.lowerBound)
        let upper = utf8.index(lower, offsetBy: utf8Range.count)
        return lower..<upper
    }
}

/// What a truncated line shows: the kept text before and after its truncation token (the
/// container's ``TruncationToken``, or the ellipsis U+2026).
public struct LineTruncation: Hashable, Sendable {
    /// UTF-8 range of the text kept before the token (empty for head truncation).
    public var keptPrefix: Range<Int>
    /// UTF-8 range of the text kept after the token (empty for tail truncation).
    public var keptSuffix: Range<Int>
    /// What stands for the hidden text.
    public var token: Token
    /// The token's width in points (0 when clipped).
    public var tokenWidth: Double
    /// Where the token is drawn, in points from the line's ``TextLine/x``: after the kept
    /// prefix in a left-to-right paragraph, before it (on the left) in a right-to-left one.
    public var tokenX: Double

    /// What stands for a line's hidden text.
    public enum Token: Hashable, Sendable {
        /// The container's truncation token.
        case custom
        /// The ellipsis U+2026 in the text's fonts: no token was set, or it was wider than the line.
        case ellipsis
        /// Nothing: even the ellipsis was wider than the line, which is cut.
        case clipped
    }

    /// Creates a truncation record.
    public init(keptPrefix: Range<Int>, keptSuffix: Range<Int>, token: Token = .ellipsis, tokenWidth: Double = 0,
                tokenX: Double = 0) {
        self.keptPrefix = keptPrefix
        self.keptSuffix = keptSuffix
        self.token = token
        self.tokenWidth = tokenWidth
        self.tokenX = tokenX
    }

    /// The text the line shows, in UTF-8 ranges of the laid-out text and in logical order:
    /// the kept prefix and suffix, without the empty one (head and middle truncation keep two).
    public var visibleRanges: [Range<Int>] { [keptPrefix, keptSuffix].filter { !$0.isEmpty } }
}
