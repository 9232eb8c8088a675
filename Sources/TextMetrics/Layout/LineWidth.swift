/// A line as it fills, in layout units — and the one rule that decides whether a whole
/// segment goes on it (``place(_:within:)``). Line fitting, the quick line counts of
/// ``SizedText`` and truncation all place segments through it, so the rule is written once.
struct LineWidth {
    /// The line so far, its trailing whitespace included (what the next segment starts after).
    var units: Int64 = 0
    /// The line's width without the whitespace that hangs at its end.
    var content: Int64 = 0
    /// The fonts of the chain the line shows (bit i: font i; see ``MeasuredSegment/fontMask``).
    var fontMask: UInt32 = 0

    /// Puts `segment` on the line when it fits: its content (without trailing whitespace,
    /// which hangs) plus its line-end correction ends at most `limit` units from the line's
    /// start, or it has no content at all. Returns whether it was placed.
    @inline(__always)
    mutating func place(_ segment: MeasuredSegment, within limit: Int64) -> Bool {
        let ending = units + segment.contentWidth + Int64(segment.lineEndCorrection)
        let isBlank = segment.contentEnd == segment.start
        guard isBlank || ending <= limit else { return false }
        if !isBlank { content = ending }
        units += segment.width
        fontMask |= segment.fontMask
        return true
    }
}

extension LineWidth {
    /// Where a line that ends inside a segment ends: the largest cut `k` (a count of the
    /// segment's graphemes, `first` … `last`) that `fits` while `k + 1` does not, searched from
    /// `guess` — the cut the clusters' advances choose — down while it does not fit, else up.
    /// `fits(k)` measures the line ending after grapheme `k - 1` as that line is measured
    /// (the piece shaped alone, its whitespace hanging), so kerning or a contextual form across
    /// the cut, which the advances hold and the line does not, never costs a cluster that fits.
    /// Returns `first` when not even one grapheme fits. Line fitting and truncation cut by it.
    /// - Complexity: one `fits` call per grapheme moved, plus one.
    @inline(__always)
    static func cut(from guess: Int, first: Int, last: Int, fits: (Int) -> Bool) -> Int {
        var k = guess
        if k > first, !fits(k) {
            repeat { k -= 1 } while k > first && !fits(k)
            return k
        }
        while k < last, fits(k + 1) { k += 1 }
        return k
    }
}
