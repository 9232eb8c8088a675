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

    /// Creates a line.
    public init(utf8Range: Range<Int>, width: Double, baseline: Double, height: Double,
                truncation: LineTruncation? = nil) {
        self.utf8Range = utf8Range
        self.width = width
        self.baseline = baseline
        self.height = height
        self.truncation = truncation
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

/// What a truncated line shows: the kept text before and after the ellipsis (U+2026).
public struct LineTruncation: Hashable, Sendable {
    /// UTF-8 range of the text kept before the ellipsis (empty for head truncation).
    public var keptPrefix: Range<Int>
    /// UTF-8 range of the text kept after the ellipsis (empty for tail truncation).
    public var keptSuffix: Range<Int>

    /// Creates a truncation record.
    public init(keptPrefix: Range<Int>, keptSuffix: Range<Int>) {
        self.keptPrefix = keptPrefix
        self.keptSuffix = keptSuffix
    }
}
