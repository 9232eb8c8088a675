import TextSegmentation

/// A validated BCP 47 language tag for shaping, with a small number standing for it in
/// segment-cache keys — looked up once per prepared text, not once per run.
///
/// A class, so the shaping properties of every run point at one tag — unretained, the prepared
/// text keeping it alive (see ``ShapingProperties``) — and copying them copies no string.
final class ShapingLanguage: Hashable, Sendable {
    /// The tag, as given (`"ja"`, `"zh-Hant"`).
    let tag: String
    /// The tag's number (see ``LanguageNumbers``).
    let number: UInt32

    /// Accepts BCP 47-shaped tags: 1–35 ASCII letters, digits and hyphens, starting with a letter.
    /// - Throws: ``InvalidArgumentError`` for anything else.
    init(_ tag: String) throws {
        guard LanguageTag.isWellFormed(tag) else {
            throw InvalidArgumentError(argument: "language", requirement: LanguageTag.requirement,
                                       value: "\"\(tag)\"")
        }
        self.tag = tag
        number = LanguageNumbers.shared.number(for: tag)
    }

    /// Languages are equal when their tags are.
    static func == (lhs: ShapingLanguage, rhs: ShapingLanguage) -> Bool { lhs.tag == rhs.tag }

    /// Hashes the tag.
    func hash(into hasher: inout Hasher) { hasher.combine(tag) }
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
