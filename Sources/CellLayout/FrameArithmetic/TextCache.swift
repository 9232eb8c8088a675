import TextMetrics

/// Prepared texts by (font, text), bounded and safe to use from many threads: the "text
/// cache" of a ``CellLayoutEngine`` and of the constraint compiler, so a text seen before (a
/// repeated title, "2h", "Reply", or the same row laid out again) is not segmented and shaped
/// again. Keyed by the text's bytes: canonically equivalent spellings are other texts.
///
/// Bounded and thread-safe through ``GenerationalCache`` (an approximate LRU).
package final class TextCache: Sendable {
    /// A text in one of the template's font chains.
    package struct Key: CacheKey {
        let hash: Int
        let font: Int32
        let text: String

        /// The key of `text` in the template's font chain number `font`.
        package init(font: Int32, text: String) {
            // The UTF-8 bytes, not the String: hashing a String normalizes it (NFC), and texts
            // that are canonically equivalent but spelled differently may measure differently.
            var text = text
            self.hash = text.withUTF8 {
                Int(truncatingIfNeeded: ByteHash.digest(UnsafeRawBufferPointer($0), tweak: UInt64(UInt32(bitPattern: font))))
            }
            self.font = font
            self.text = text
        }

        /// Hashes the stored digest of the bytes.
        package func hash(into hasher: inout Hasher) { hasher.combine(hash) }
        /// The dictionary's hash from the stored one (itself a keyed SipHash of the bytes,
        /// ``ByteHash``) and the table's seed, without a second `Hasher` round.
        package func _rawHashValue(seed: Int) -> Int {
            Key.tableHash(digest: UInt64(UInt(bitPattern: hash)), seed: seed)
        }
        /// The digest's high bits, which pick the shard.
        package var shardHash: UInt64 { UInt64(UInt(bitPattern: hash)) >> 32 }
        /// Keys are equal when their fonts and their texts' bytes are: texts spelled with
        /// other bytes are other keys, however canonically equivalent.
        package static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.hash == rhs.hash && lhs.font == rhs.font && lhs.text.utf8.elementsEqual(rhs.text.utf8)
        }
    }

    private let entries: GenerationalCache<Key, SizedText>

    /// A cache of about `capacity` texts (0 keeps none).
    package init(capacity: Int) {
        entries = GenerationalCache(capacity: capacity, shards: 32)
    }

    /// `string` in `fonts` (the template's font chain number `font`): kept, or prepared now
    /// and kept.
    /// - Throws: ``InvalidArgumentError`` for a text too long to measure.
    package func text(_ string: String, font: Int32, in fonts: FontChain) throws -> SizedText {
        let key = Key(font: font, text: string)
        if let hit = get(key) { return hit }
        let measured = try SizedText(string, fonts: fonts)
        put(measured, for: key)
        return measured
    }

    /// The text kept for `key`, or `nil`.
    package func get(_ key: Key) -> SizedText? { entries.value(for: key) }

    /// Keeps `text` for `key`.
    package func put(_ text: SizedText, for key: Key) { entries.store(text, for: key) }

    /// Forgets every text.
    package func removeAll() { entries.removeAll() }

    /// How many texts are kept.
    package var count: Int { entries.count }
}
