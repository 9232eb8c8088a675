/// What breaking a prepared text's words asks, kept by the prepared text: their grapheme
/// advances, the widths of their pieces shaped alone (a line ending inside a word, at each new
/// width) and the rests shaped from a cut — so a word is shaped for a cut once, not at every
/// layout that cuts it. A text keeps one when the faces' caches cannot answer for it alone: a
/// segment too long for them (``minimumLength``), or styles whose answers are converted and
/// assembled from several runs (an attributed text). Safe to use from many threads (a lock
/// around dictionaries); the pieces and rests are bounded (``maxEntries`` each, emptied when
/// full), as a 2 MB token cut at many widths makes new ones at every width.
final class CutMemo: Sendable {
    /// Segments longer than this (in bytes) may be too long for a face's segment cache
    /// (``SegmentKey/maxCachedLength``, less room for a context character): a text with such a
    /// segment keeps a memo.
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

    /// Made at the first cut: most texts are never cut, and a memo costs a text no lock until
    /// one is.
    private let lockedTables = LazyReference<Lock<Tables>>()

    private var tables: Lock<Tables> { lockedTables.load(orStore: { Lock(Tables()) }) }

    /// The advances of segment `i`, if kept.
    func graphemes(_ i: Int) -> GraphemeAdvances? { tables.withLock { $0.graphemes[i] } }

    /// Keeps the advances of segment `i`.
    func store(_ clusters: GraphemeAdvances, for i: Int) { tables.withLock { $0.graphemes[i] = clusters } }

    /// The width of `range` shaped alone, kept or measured by `measure` now and kept.
    func isolatedWidth(_ range: Range<Int>, _ measure: () -> Int64) -> Int64 {
        kept(in: \.pieces, at: range.lowerBound << 32 | range.upperBound, measure)
    }

    /// The rest of a segment from byte `start`, kept or measured by `measure` now and kept.
    func rest(from start: Int, _ measure: () -> MeasuredSegment) -> MeasuredSegment {
        kept(in: \.rests, at: start, measure)
    }

    /// The value under `key` in `table`, or the one `measure` makes now (outside the lock),
    /// kept in a table emptied first when it holds ``maxEntries``.
    private func kept<Value>(in table: WritableKeyPath<Tables, [Int: Value]>, at key: Int,
                             _ measure: () -> Value) -> Value {
        if let known = tables.withLock({ $0[keyPath: table][key] }) { return known }
        let value = measure()
        tables.withLock {
            if $0[keyPath: table].count >= CutMemo.maxEntries { $0[keyPath: table].removeAll(keepingCapacity: true) }
            $0[keyPath: table][key] = value
        }
        return value
    }
}
