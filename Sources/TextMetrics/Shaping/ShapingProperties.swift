import TextSegmentation

/// The segment properties a run is shaped with: script, direction and language.
struct ShapingProperties: Hashable, Sendable {
    /// The ISO 15924 script tag packed as HarfBuzz packs it (`'Latn'` is 0x4C61_746E).
    var scriptTag: UInt32
    /// Right-to-left runs are shaped RTL (Arabic joins, Hebrew reads right to left).
    var isRightToLeft: Bool
    /// BCP 47 language tag passed to HarfBuzz, or `nil` for none.
    var language: String?
    /// Tells apart, in a face's segment cache, the same bytes shaped with other properties
    /// (never 0, which marks text shaped with properties HarfBuzz guessed).
    let cacheSalt: UInt32

    init(script: UnicodeScript, isRightToLeft: Bool, language: String?) {
        var tag: UInt32 = 0
        for byte in script.tag.utf8 { tag = tag << 8 | UInt32(byte) }
        self.scriptTag = tag
        self.isRightToLeft = isRightToLeft
        self.language = language
        let languageNumber = language.map(LanguageNumbers.shared.number(for:)) ?? 0
        cacheSalt = 1 | UInt32(script.rawValue) << 1 | (isRightToLeft ? 1 << 9 : 0) | languageNumber << 10
    }
}

/// Small numbers for the language tags seen so far, so a cache key carries a number, not a
/// string. Bounded: past 2^20 distinct tags every further tag shares the last number, which
/// costs cache precision (a key may then stand for two languages), never memory.
final class LanguageNumbers: Sendable {
    static let shared = LanguageNumbers()
    private let numbers = Lock<[String: UInt32]>([:])
    private static let limit: UInt32 = (1 << 20) - 1

    func number(for language: String) -> UInt32 {
        numbers.withLock { table in
            if let known = table[language] { return known }
            let next = min(UInt32(table.count) + 1, LanguageNumbers.limit)
            if next < LanguageNumbers.limit { table[language] = next }
            return next
        }
    }
}
