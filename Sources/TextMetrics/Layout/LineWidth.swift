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
