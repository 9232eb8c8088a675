
/// Prepared texts by (font, text), bounded and safe to use from many threads: the "text
/// cache" of a ``CellLayoutEngine``, so a text seen before (a repeated title, "2h", "Reply",
/// or the same row laid out again) is not segmented and shaped again.
///
/// Split into shards behind their own locks; each shard keeps two generations (new entries
/// go to the young one; when it is full the old one is dropped and the young one becomes
/// old; an old hit is promoted): an approximate LRU with a hard cap.
final class TextCache: Sendable {
    struct Key: Hashable, Sendable {
        let hash: Int
        let font: Int32
        let text: String

        init(font: Int32, text: String) {
            var hasher = Hasher()
            hasher.combine(font)
            hasher.combine(text)
            self.hash = hasher.finalize()
            self.font = font
            self.text = text
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
        static func == (lhs: Key, rhs: Key) -> Bool { lhs.hash == rhs.hash && lhs.font == rhs.font && lhs.text == rhs.text }
    }

    private struct Generations {
        var young: [Key: MeasuredText] = [:]
        var old: [Key: MeasuredText] = [:]
    }

    private static let shardCount = 32
    private final class Shard: Sendable {
        let state = Lock(Generations())
    }

    private let shards: [Shard]
    private let perShard: Int

    init(capacity: Int) {
        perShard = max(1, capacity / (2 * TextCache.shardCount))
        shards = (0..<TextCache.shardCount).map { _ in Shard() }
    }

    private func shard(_ key: Key) -> Shard {
        shards[Int(UInt(bitPattern: key.hash) % UInt(TextCache.shardCount))]
    }

    func get(_ key: Key) -> MeasuredText? {
        shard(key).state.withLock { state in
            if let hit = state.young[key] { return hit }
            guard let hit = state.old.removeValue(forKey: key) else { return nil }
            Self.insert(hit, key, into: &state, limit: perShard)
            return hit
        }
    }

    func put(_ text: MeasuredText, for key: Key) {
        shard(key).state.withLock { Self.insert(text, key, into: &$0, limit: perShard) }
    }

    private static func insert(_ text: MeasuredText, _ key: Key, into state: inout Generations, limit: Int) {
        if state.young.count >= limit {
            state.old = state.young
            state.young = [:]
            state.young.reserveCapacity(limit)
        }
        state.young[key] = text
    }

    func removeAll() {
        for shard in shards { shard.state.withLock { $0 = Generations() } }
    }

    var count: Int {
        shards.reduce(0) { sum, shard in sum + shard.state.withLock { $0.young.count + $0.old.count } }
    }
}
