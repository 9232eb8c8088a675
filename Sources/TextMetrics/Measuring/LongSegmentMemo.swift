/// Grapheme advances of a prepared text's segments that are too long for the face cache,
/// kept by the prepared text so that breaking a long token into many lines shapes it once.
/// Safe to use from many threads (a lock around a dictionary).
final class LongSegmentMemo: Sendable {
    private let table = Lock<[Int: GraphemeAdvances]>([:])

    /// The advances of segment `i`, if kept.
    func graphemes(_ i: Int) -> GraphemeAdvances? { table.withLock { $0[i] } }

    /// Keeps the advances of segment `i`.
    func store(_ clusters: GraphemeAdvances, for i: Int) { table.withLock { $0[i] = clusters } }
}
