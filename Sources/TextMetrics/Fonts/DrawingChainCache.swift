/// The chains of drawn fonts (``FontChain/init(drawing:unitsPerPoint:)``) of the attributed
/// texts prepared last, by their fonts and sizes, so texts in the same styles — every row of a
/// feed — share one chain instead of building it, and its layout unit, for each text.
///
/// Bounded (``capacity`` chains, the oldest replaced first); a chain keeps its faces alive
/// while it is here. Safe to use from many threads (a lock around a small array).
final class DrawingChainCache: Sendable {
    /// The cache every attributed text uses.
    static let shared = DrawingChainCache()
    /// The most chains kept.
    static let capacity = 8

    private struct Entry {
        let chain: FontChain
        let unitsPerPoint: Int64
    }

    private let entries = Lock<(list: [Entry], next: Int)>(([], 0))

    /// The chain of `fonts` for a text of `byteCount` bytes, and its layout units per point
    /// (``FontChain/unitsPerPoint(drawing:byteCount:)``).
    func chain(drawing fonts: [Font], byteCount: Int) -> (chain: FontChain, unitsPerPoint: Int64) {
        let unitsPerPoint = FontChain.unitsPerPoint(drawing: fonts, byteCount: byteCount)
        let found = entries.withLock { entries in
            entries.list.first { $0.unitsPerPoint == unitsPerPoint && $0.chain.fonts == fonts }?.chain
        }
        if let found { return (found, unitsPerPoint) }
        let chain = FontChain(drawing: fonts, unitsPerPoint: unitsPerPoint)
        entries.withLock { entries in
            let entry = Entry(chain: chain, unitsPerPoint: unitsPerPoint)
            if entries.list.count < DrawingChainCache.capacity {
                entries.list.append(entry)
            } else {
                entries.list[entries.next] = entry
                entries.next = (entries.next + 1) % DrawingChainCache.capacity
            }
        }
        return (chain, unitsPerPoint)
    }
}
