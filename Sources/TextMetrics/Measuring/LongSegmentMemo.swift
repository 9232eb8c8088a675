/// What breaking a prepared text's long segments asks, kept by the prepared text: segments
/// too long for the face cache are shaped once, not at every layout that cuts them — their
/// grapheme advances, the widths of their pieces shaped alone (a line ending inside a long
/// word, at each new width) and the rests shaped from a cut. Safe to use from many threads (a
/// lock around dictionaries); the pieces and rests are bounded (``maxEntries`` each, emptied
/// when full), as a 2 MB token cut at many widths makes new ones at every width.
final class LongSegmentMemo: Sendable {
    /// Segments and pieces longer than this (in bytes) may be too long for a face's segment
    /// cache (``SegmentKey/maxCachedLength``, less room for a context character): a text with
    /// such a segment keeps a memo, and its pieces and rests this long are kept in it.
    static let minimumLength = SegmentKey.maxCachedLength - 4

    /// The most pieces, and the most rests, kept.
    static let maxEntries = 4096

    private struct Tables {
        var graphemes: [Int: GraphemeAdvances] = [:]
        /// Isolated widths by range (`lowerBound << 32 | upperBound`).
        var pieces: [Int: Int64] = [:]
        /// Rests of cut segments by the byte they start at.
        var rests: [Int: MeasuredSegment] = [:]
    }

    private let tables = Lock(Tables())

    /// The advances of segment `i`, if kept.
    func graphemes(_ i: Int) -> GraphemeAdvances? { tables.withLock { $0.graphemes[i] } }

    /// Keeps the advances of segment `i`.
    func store(_ clusters: GraphemeAdvances, for i: Int) { tables.withLock { $0.graphemes[i] = clusters } }

    /// The width of `range` shaped alone, kept or measured by `measure` now and kept.
    func isolatedWidth(_ range: Range<Int>, _ measure: () -> Int64) -> Int64 {
        let key = range.lowerBound << 32 | range.upperBound
        if let known = tables.withLock({ $0.pieces[key] }) { return known }
        let width = measure()
        tables.withLock {
            if $0.pieces.count >= LongSegmentMemo.maxEntries { $0.pieces.removeAll(keepingCapacity: true) }
            $0.pieces[key] = width
        }
        return width
    }

    /// The rest of a segment from byte `start`, kept or measured by `measure` now and kept.
    func rest(from start: Int, _ measure: () -> MeasuredSegment) -> MeasuredSegment {
        if let known = tables.withLock({ $0.rests[start] }) { return known }
        let rest = measure()
        tables.withLock {
            if $0.rests.count >= LongSegmentMemo.maxEntries { $0.rests.removeAll(keepingCapacity: true) }
            $0.rests[start] = rest
        }
        return rest
    }
}
