
/// Prepared texts by (font, text), bounded and safe to use from many threads: the "text
/// cache" of a ``CellLayoutEngine``, so a text seen before (a repeated title, "2h", "Reply",
/// or the same row laid out again) is not segmented and shaped again.
///
/// Bounded and thread-safe through ``GenerationalCache`` (an approximate LRU).
final class TextCache: Sendable {
    struct Key: CacheKey {
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
        var shardHash: UInt64 { UInt64(UInt(bitPattern: hash)) >> 32 }
        static func == (lhs: Key, rhs: Key) -> Bool { lhs.hash == rhs.hash && lhs.font == rhs.font && lhs.text == rhs.text }
    }

    private let entries: GenerationalCache<Key, MeasuredText>

    init(capacity: Int) {
        entries = GenerationalCache(capacity: capacity, shards: 32)
    }

    func get(_ key: Key) -> MeasuredText? { entries.value(for: key) }

    func put(_ text: MeasuredText, for key: Key) { entries.store(text, for: key) }

    func removeAll() { entries.removeAll() }

    var count: Int { entries.count }
}
