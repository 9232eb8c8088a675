/// The font chains made last, by what they were made from, so texts in the same styles — every
/// row of a feed — share one chain instead of making it for each text.
///
/// Bounded: at most ``capacity`` chains, the oldest replaced first; a chain keeps its faces
/// alive while it is here. Safe to use from many threads: a lock (``Lock``, a pthread mutex)
/// around a small array, held only to look a key up or to store a chain, never while one is made.
final class RecentChains<Key: Equatable & Sendable>: Sendable {
    /// The most chains kept.
    let capacity: Int

    private let entries: Lock<(list: [(key: Key, chain: FontChain)], next: Int)>

    /// A cache of at most `capacity` chains.
    init(capacity: Int) {
        precondition(capacity > 0)
        self.capacity = capacity
        entries = Lock(([], 0))
    }

    /// The chain made from `key`: the one kept, else `make()`'s, then kept.
    /// - Throws: what `make` throws (nothing is kept then).
    func chain(for key: Key, make: () throws -> FontChain) rethrows -> FontChain {
        let found = entries.withLock { entries in entries.list.first { $0.key == key }?.chain }
        if let found { return found }
        let chain = try make()
        entries.withLock { entries in
            if entries.list.count < capacity {
                entries.list.append((key, chain))
            } else {
                entries.list[entries.next] = (key, chain)
                entries.next = (entries.next + 1) % capacity
            }
        }
        return chain
    }
}
