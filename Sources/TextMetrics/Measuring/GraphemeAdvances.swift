/// The grapheme clusters of a segment with their advances, for breaking inside a word and
/// for truncation.
final class GraphemeAdvances: Sendable {
    /// End of each grapheme, as a byte offset from the segment's start.
    let ends: [Int32]
    /// Advance of each grapheme in font units. A glyph cluster over several graphemes (a
    /// ligature, or glyphs HarfBuzz merged into one cluster) has its advance split evenly over
    /// them (see ``advances(of:from:ends:)``).
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

    /// The advance of each grapheme ending at `ends` (byte offsets from `start`), from `glyphs`
    /// shaped in logical order: every glyph cluster's advance goes to the graphemes it covers,
    /// from its cluster value to the next one's, split evenly when it covers several — as
    /// carets are placed inside a ligature when the font says nothing finer — so a cut inside
    /// it leaves each side its share, and no grapheme after the cut is left without width
    /// (Noto Color Emoji ligates a run of regional indicators across their clusters, and
    /// HarfBuzz then gives every glyph of the run one cluster). Glyphs past the last grapheme
    /// (context after the segment) are not counted.
    static func advances(of glyphs: [ShapedGlyph], from start: Int, ends: [Int32]) -> [Int32] {
        var advances = [Int32](repeating: 0, count: ends.count)
        guard let end = ends.last else { return advances }
        var g = 0
        var i = 0
        while i < glyphs.count {
            let cluster = glyphs[i].cluster
            let offset = Int32(Int(cluster) - start)
            guard offset < end else { break }
            var total: Int32 = 0
            while i < glyphs.count, glyphs[i].cluster == cluster {
                total &+= glyphs[i].advance
                i += 1
            }
            let next = i < glyphs.count ? min(end, Int32(Int(glyphs[i].cluster) - start)) : end
            while g < ends.count - 1, offset >= ends[g] { g += 1 }
            // The graphemes from g up to the one holding the cluster's last byte.
            var last = g
            while last < ends.count - 1, next > ends[last] { last += 1 }
            let count = Int32(last - g + 1)
            let share = total / count
            var rest = total - share * count
            for k in g...last {
                advances[k] &+= share + (rest > 0 ? 1 : rest < 0 ? -1 : 0)
                rest -= rest > 0 ? 1 : rest < 0 ? -1 : 0
            }
        }
        return advances
    }
}
