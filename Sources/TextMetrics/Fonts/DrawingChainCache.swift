/// The chains of drawn fonts (``FontChain/init(drawing:unitsPerPoint:)``) of the attributed
/// texts prepared last, by their fonts and sizes, so texts in the same styles — every row of a
/// feed — share one chain instead of building it, and its layout unit, for each text.
///
/// Bounded (about ``capacity`` chains, a ``GenerationalCache``); a chain keeps its faces alive
/// while it is here. Safe to use from many threads.
final class DrawingChainCache: Sendable {
    /// The cache every attributed text uses.
    static let shared = DrawingChainCache()
    /// The most chains kept.
    static let capacity = 8

    /// What a chain of drawn fonts is made from.
    private struct Key: CacheKey {
        let fonts: [Font]
        let unitsPerPoint: Int64
        var digest: UInt64 { fonts.digest(seed: UInt64(bitPattern: unitsPerPoint)) }
    }

    private let chains = GenerationalCache<Key, FontChain>(capacity: DrawingChainCache.capacity, shards: 1)

    /// The chain of `fonts` for a text of `byteCount` bytes, and its layout units per point
    /// (``FontChain/unitsPerPoint(drawing:byteCount:)``).
    func chain(drawing fonts: [Font], byteCount: Int) -> (chain: FontChain, unitsPerPoint: Int64) {
        let unitsPerPoint = FontChain.unitsPerPoint(drawing: fonts, byteCount: byteCount)
        let chain = chains.value(for: Key(fonts: fonts, unitsPerPoint: unitsPerPoint)) {
            FontChain(drawing: fonts, unitsPerPoint: unitsPerPoint)
        }
        return (chain, unitsPerPoint)
    }
}
