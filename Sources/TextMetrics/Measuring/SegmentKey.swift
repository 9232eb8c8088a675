/// The cache key of a segment: its UTF-8 bytes (trailing whitespace included, separators
/// not) followed by the first character of the next segment, which may kern with it, and
/// how many of its bytes are trailing whitespace (the same bytes may end a piece of a longer
/// segment, where their whitespace is content). A piece that starts inside a segment may also
/// carry the text before it, which HarfBuzz reads as context (Arabic joining).
///
/// The bytes are held inline (up to ``maxCachedLength``), so making, hashing and comparing
/// a key allocates nothing and touches no `String` machinery — this runs for every word of
/// every text measured.
struct SegmentKey: CacheKey {
    /// Segments longer than this (with their context character) are shaped every time
    /// instead of cached: long tokens rarely repeat, and the cap bounds the cache's memory.
    static let maxCachedLength = 48

    private var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
    private var length: UInt8
    /// How many bytes at the end are context, not segment.
    private(set) var contextLength: UInt8
    /// How many bytes before the context are trailing whitespace.
    private var trailingLength: UInt8
    /// How many bytes at the start are context before the segment.
    private var preContextLength: UInt8
    /// The shaping properties' ``ShapingProperties/cacheSalt`` (0: guessed by HarfBuzz).
    private var salt: UInt32
    /// A 64-bit mix of the bytes, computed once: the cache finds the key by it.
    let mix: UInt64

    /// The key for `bytes` whose last `contextLength` bytes are context, after
    /// `trailingLength` bytes of trailing whitespace, and whose first `preContextLength` bytes
    /// are context before; `nil` when longer than ``maxCachedLength``.
    init?(_ bytes: UnsafeBufferPointer<UInt8>, contextLength: Int, trailingLength: Int, preContextLength: Int = 0,
          salt: UInt32 = 0) {
        guard bytes.count <= SegmentKey.maxCachedLength else { return nil }
        length = UInt8(bytes.count)
        self.contextLength = UInt8(contextLength)
        self.trailingLength = UInt8(trailingLength)
        self.preContextLength = UInt8(preContextLength)
        self.salt = salt
        var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &words) { raw in
            raw.copyMemory(from: UnsafeRawBufferPointer(bytes))
        }
        self.words = words
        // Mix the words once, so hashing runs over one word, not six.
        var h = (UInt64(length) | UInt64(salt) << 8 | UInt64(trailingLength) << 40
                 | UInt64(preContextLength) << 48) &* 0x9E37_79B9_7F4A_7C15
            ^ UInt64(contextLength)
        h = (h ^ words.0) &* 0xBF58_476D_1CE4_E5B9
        h = (h ^ words.1) &* 0x94D0_49BB_1331_11EB
        if length > 16 {
            h = (h ^ words.2) &* 0xBF58_476D_1CE4_E5B9
            h = (h ^ words.3) &* 0x94D0_49BB_1331_11EB
            h = (h ^ words.4) &* 0xBF58_476D_1CE4_E5B9
            h = (h ^ words.5) &* 0x94D0_49BB_1331_11EB
        }
        mix = h ^ (h >> 31)
    }

    /// The cache's digest: the mix, a well-mixed digest of the whole key.
    var digest: UInt64 { mix }

    static func == (lhs: SegmentKey, rhs: SegmentKey) -> Bool {
        lhs.mix == rhs.mix && lhs.length == rhs.length && lhs.contextLength == rhs.contextLength && lhs.salt == rhs.salt
            && lhs.trailingLength == rhs.trailingLength && lhs.preContextLength == rhs.preContextLength
            && lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1 && lhs.words.2 == rhs.words.2
            && lhs.words.3 == rhs.words.3 && lhs.words.4 == rhs.words.4 && lhs.words.5 == rhs.words.5
    }
}
