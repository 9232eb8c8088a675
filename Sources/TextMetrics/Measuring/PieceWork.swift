/// The lists measuring a text's pieces works in — the segments of a run no cache knows, the
/// pieces of all runs no cache knows, one run's pieces being shaped, and their glyphs — kept
/// from text to text in the thread's ``SegmentScratch`` (each was an allocation for every text
/// with a word not seen before, and every new text of a feed has some).
struct PieceWork {
    /// A piece of a segment that no cache knows yet: shaped after the others.
    struct UnknownPiece {
        let run: Int
        /// The index of the segment it belongs to.
        let owner: Int
        let piece: SegmentPiece
    }

    /// Of one run, the indices of the segments no cache knows (``SegmentMeasurer``).
    var unknownIndices: [Int] = []
    /// The pieces no cache knows, in text order.
    var unknown: [UnknownPiece] = []
    /// One run's pieces, being shaped.
    var pieces: [SegmentPiece] = []
    /// The glyphs of a window of pieces, shaped.
    var glyphs: [ShapedGlyph] = []

    /// Whether a list holds the room of a very long text's new pieces (more than
    /// ``SegmentScratch/maxKeptCapacity`` entries), which a thread should not keep.
    var isLarge: Bool {
        max(unknownIndices.capacity, unknown.capacity, pieces.capacity, glyphs.capacity) > SegmentScratch.maxKeptCapacity
    }
}
