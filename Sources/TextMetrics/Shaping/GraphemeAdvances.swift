/// The grapheme clusters of a segment with their advances, for breaking inside a word and
/// for truncation.
final class GraphemeAdvances: Sendable {
    /// End of each grapheme, as a byte offset from the segment's start.
    let ends: [Int32]
    /// Advance of each grapheme in font units (a ligature's advance goes to its first grapheme).
    let advances: [Int32]
    /// How many graphemes are content: the rest are trailing whitespace.
    let contentCount: Int

    init(ends: [Int32], advances: [Int32], contentBytes: Int32) {
        self.ends = ends
        self.advances = advances
        var count = ends.count
        while count > 0, ends[count - 1] > contentBytes { count -= 1 }
        self.contentCount = count
    }
}
