import TextMetrics

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
            // The UTF-8 bytes, not the String: hashing a String normalizes it (NFC), and texts
            // that are canonically equivalent but spelled differently may measure differently.
            var text = text
            self.hash = text.withUTF8 {
                Int(truncatingIfNeeded: ByteHash.digest(UnsafeRawBufferPointer($0), tweak: UInt64(UInt32(bitPattern: font))))
            }
            self.font = font
            self.text = text
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
        /// The dictionary's hash from the stored one (itself a keyed SipHash of the bytes,
        /// ``ByteHash``) and the table's seed, without a second `Hasher` round.
        func _rawHashValue(seed: Int) -> Int {
            Key.tableHash(digest: UInt64(UInt(bitPattern: hash)), seed: seed)
        }
        var shardHash: UInt64 { UInt64(UInt(bitPattern: hash)) >> 32 }
        /// Keys are equal when their fonts and texts are and their byte hashes agree (so
        /// texts spelled with other bytes are other keys); a text from the same storage as
        /// the key's compares in constant time.
        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.hash == rhs.hash && lhs.font == rhs.font && lhs.text == rhs.text
        }
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
