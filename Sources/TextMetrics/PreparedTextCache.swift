#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Prepared texts kept for reuse: the same text in the same fonts and language, asked again
/// at another width, line limit or line break mode — a post sized for several devices — is
/// laid out from its prepared form, not segmented and measured again.
///
/// ```swift
/// let cache = PreparedTextCache()
/// let fonts = try FontChain(named: ["Roboto-Regular", "wqy-microhei"], size: 15)
/// let narrow = try cache.prepared(post, fonts: fonts, language: "zh-Hans").layout(in: TextContainer(width: 320))
/// let wide = try cache.prepared(post, fonts: fonts, language: "zh-Hans").layout(in: TextContainer(width: 414))
/// ```
///
/// An entry is found by the text's UTF-8 bytes — never by `String` equality, which is
/// canonical equivalence: `"caf\u{E9}"` and `"cafe\u{301}"` are different texts here, as
/// they may measure differently — by the chain's faces (each font file and face index) in
/// order and by the language tag as given, whatever the point size: a text's segment widths
/// are kept in units of the em, so a text prepared at one size serves every size
/// (``PreparedText/resized(to:)``).
///
/// Bounded: at most `capacity` entries (an approximate LRU of two generations, see
/// ``GenerationalCache``), and texts longer than ``maxCachedLength`` bytes are prepared
/// every time. An entry is its text and its segments (48 bytes each): about 3 KB for a feed
/// post, 26 KB at the very most (1 KB of one-letter words), so the default 2,048 entries
/// hold some 6 MB of posts and never more than 55 MB.
///
/// `Sendable`: many threads may ask at once; two threads missing the same text both prepare
/// it and one copy is kept.
public final class PreparedTextCache: Sendable {
    /// The default number of entries: 2,048.
    public static let defaultCapacity = 2_048
    /// The longest text, in UTF-8 bytes, that is kept: 1,024 bytes (a long feed post).
    public static let maxCachedLength = 1_024

    private let entries: GenerationalCache<SharedEntry<Key, PreparedText>>

    /// An empty cache of at most `capacity` entries (0 keeps none).
    public init(capacity: Int = PreparedTextCache.defaultCapacity) {
        entries = GenerationalCache(capacity: max(0, capacity), shards: capacity >= 256 ? 16 : 1)
        self.capacity = max(0, capacity)
    }

    /// The most entries kept.
    public let capacity: Int

    /// `text` prepared in `fonts` with `language`, as ``PreparedText/init(_:fonts:language:)``
    /// prepares it: from the cache when it was prepared before, else prepared now (and kept,
    /// when it is at most ``maxCachedLength`` bytes long).
    /// - Throws: ``InvalidArgumentError`` as ``PreparedText/init(_:fonts:language:)`` does
    ///   (what throws is not kept).
    /// - Complexity: a hash of the text's bytes and a lookup; on a miss, the preparation.
    public func prepared(_ text: String, fonts: FontChain, language: String? = nil) throws -> PreparedText {
        guard capacity > 0, text.utf8.count <= PreparedTextCache.maxCachedLength else {
            return try PreparedText(text, fonts: fonts, language: language)
        }
        return try PreparedText.withUTF8(text) { utf8 in
            Result { try prepared(Key(utf8: utf8, fonts: fonts, language: language)) { text } }
        }.get()
    }

    /// The text whose UTF-8 bytes are `utf8`, prepared as ``prepared(_:fonts:language:)``
    /// prepares it; a text found in the cache is not even made into a `String` again (a
    /// request read straight from its bytes).
    /// - Throws: ``InvalidArgumentError`` when the bytes are not UTF-8, or as
    ///   ``PreparedText/init(_:fonts:language:)`` does.
    public func prepared(utf8: UnsafeBufferPointer<UInt8>, fonts: FontChain, language: String? = nil) throws -> PreparedText {
        guard capacity > 0, utf8.count <= PreparedTextCache.maxCachedLength else {
            return try PreparedText(try PreparedTextCache.string(utf8), fonts: fonts, language: language)
        }
        return try prepared(Key(utf8: utf8, fonts: fonts, language: language)) { try PreparedTextCache.string(utf8) }
    }

    /// The entry for `probe` (a key over borrowed bytes), or the text `text()` makes prepared
    /// and kept under a key that owns it.
    private func prepared(_ probe: Key, text: () throws -> String) throws -> PreparedText {
        if let hit = entries.value(for: probe) {
            return hit.fonts.size == probe.fonts.size ? hit : hit.resized(to: probe.fonts)
        }
        let string = try text()
        let prepared = try PreparedText(string, fonts: probe.fonts, language: probe.language)
        entries.store(prepared, for: probe.owning(string))
        return prepared
    }

    /// `utf8` as a `String`.
    /// - Throws: ``InvalidArgumentError`` when it is not UTF-8.
    private static func string(_ utf8: UnsafeBufferPointer<UInt8>) throws -> String {
        // Decoded by the standard library's fast path, which replaces what is not UTF-8, and
        // compared with the bytes, which a replacement would change.
        var string = String(decoding: utf8, as: UTF8.self)
        let unchanged = string.withUTF8 { decoded in
            decoded.count == utf8.count && (utf8.isEmpty || memcmp(decoded.baseAddress!, utf8.baseAddress!, utf8.count) == 0)
        }
        guard unchanged else {
            throw InvalidArgumentError(argument: "text", requirement: "valid UTF-8", value: "\(utf8.count) bytes")
        }
        return string
    }

    /// The number of entries held now.
    public var count: Int { entries.count }

    /// Drops every entry.
    public func removeAll() { entries.removeAll() }

    /// What an entry is found by: the text's bytes, the faces and the language.
    struct Key: CacheKey {
        /// The digest of the text's bytes (``ByteHash``), with the faces and the language folded in.
        let digest: UInt64
        /// The text of a stored key; `nil` in a probe, which borrows `probeBytes`.
        let text: String?
        /// A probe's bytes, valid only while the lookup runs; never stored.
        nonisolated(unsafe) let probeBytes: UnsafeBufferPointer<UInt8>?
        /// The chain, for its faces (compared by identity; the key keeps them alive, so an
        /// identity is never reused while the entry lives) and, in a probe, the size asked.
        let fonts: FontChain
        let language: String?

        /// A probe over `utf8`.
        init(utf8: UnsafeBufferPointer<UInt8>, fonts: FontChain, language: String?) {
            var tweak: UInt64 = 0x2545_F491_4F6C_DD1D
            for font in fonts.fonts {
                tweak = (tweak ^ UInt64(UInt(bitPattern: ObjectIdentifier(font.face)))) &* 0x9E37_79B9_7F4A_7C15
            }
            if let language {
                for byte in language.utf8 { tweak = (tweak ^ UInt64(byte)) &* 0x0100_0000_01B3 }
            }
            digest = ByteHash.digest(UnsafeRawBufferPointer(utf8), tweak: tweak)
            text = nil
            probeBytes = utf8
            self.fonts = fonts
            self.language = language
        }

        private init(digest: UInt64, text: String, fonts: FontChain, language: String?) {
            self.digest = digest
            self.text = text
            self.probeBytes = nil
            self.fonts = fonts
            self.language = language
        }

        /// The same key owning `text` (whose bytes are the probe's), to be stored.
        func owning(_ text: String) -> Key {
            Key(digest: digest, text: text, fonts: fonts, language: language)
        }

        /// Calls `body` with the key's text bytes.
        private func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            if let probeBytes { return body(probeBytes) }
            return PreparedText.withUTF8(text ?? "", body)
        }

        /// Equal when the digests, languages, faces and text bytes are.
        static func == (lhs: Key, rhs: Key) -> Bool {
            guard lhs.digest == rhs.digest, lhs.language == rhs.language,
                  lhs.fonts.fonts.count == rhs.fonts.fonts.count else { return false }
            for (a, b) in zip(lhs.fonts.fonts, rhs.fonts.fonts) where a.face !== b.face { return false }
            return lhs.withBytes { a in
                rhs.withBytes { b in a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0) }
            }
        }
    }
}
