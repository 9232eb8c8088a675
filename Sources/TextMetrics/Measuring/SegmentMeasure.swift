/// What the cache stores for one segment, in font units: plain numbers, which a hit copies
/// with no reference count (the grapheme advances a cut needs are kept apart, see
/// ``SegmentCache``).
struct SegmentMeasure: Sendable {
    /// Width of the whole segment, trailing whitespace included, shaped in context.
    var width: Int32
    /// Width of the trailing whitespace, which hangs at the end of a line.
    var trailingWhitespace: Int32
    /// Added to the content width when the segment ends a line: the difference between its
    /// content shaped alone and shaped before the next segment (non-zero only where HarfBuzz
    /// marks the boundary unsafe to break and no whitespace separates them).
    var lineEndCorrection: Int32
    /// Some cluster of the segment has no glyph in the face.
    var hasMissingGlyphs: Bool
}
