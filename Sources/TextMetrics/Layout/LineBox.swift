/// How far a line reaches above and below its baseline, and the gap below it, in points: what
/// stacking lines adds up. A line's natural box is the union of its fonts' and attachments'
/// (``FontChain/lineBox(mask:boxes:)``); a paragraph style then makes it taller or shorter.
struct LineBox: Equatable {
    /// Above the baseline.
    var ascent: Double
    /// Below the baseline (positive downward).
    var descent: Double
    /// The line gap, below the descent.
    var gap: Double

    /// The line's height: ascent + descent + gap.
    var height: Double { ascent + descent + gap }

    /// The box of a font's metrics.
    init(_ metrics: ScaledFontMetrics) {
        ascent = metrics.ascender
        descent = -metrics.descender
        gap = metrics.lineGap
    }

    init(ascent: Double, descent: Double, gap: Double) {
        self.ascent = ascent
        self.descent = descent
        self.gap = gap
    }

    /// The box holding both: the largest ascent, descent and gap of each.
    func union(_ other: LineBox) -> LineBox {
        LineBox(ascent: max(ascent, other.ascent), descent: max(descent, other.descent), gap: max(gap, other.gap))
    }
}
