/// A segment's part in one run, measured in that run's face: a whole segment when it lies in
/// one run, else the pieces its runs cut it into (``RunMeasurer``).
struct SegmentPiece {
    /// The piece's bounds and, once measured, its measure in the face's font units.
    var measured: MeasuredSegment
    /// The piece starts after another run's part of its segment, or ends before its segment's
    /// content does: HarfBuzz reads the word's text around it as context (Arabic joining), so
    /// its cache key carries that text.
    let readsWordAround: Bool

    /// A whole segment, or a piece of one that starts where the segment does.
    init(_ bounds: TextSegment) {
        measured = MeasuredSegment(bounds)
        readsWordAround = false
    }

    /// The part of `segment` inside `run`, not measured yet.
    init(of segment: TextSegment, in run: TextRun) {
        var piece = segment
        piece.start = max(segment.start, run.start)
        piece.end = min(segment.end, run.end)
        piece.shapedEnd = min(max(segment.shapedEnd, piece.start), piece.end)
        piece.contentEnd = min(max(segment.contentEnd, piece.start), piece.shapedEnd)
        piece.isMandatoryBreak = segment.isMandatoryBreak && piece.end == segment.end
        measured = MeasuredSegment(piece)
        readsWordAround = piece.start > segment.start || piece.end < segment.contentEnd
    }

    var bounds: TextSegment { measured.bounds }
}
