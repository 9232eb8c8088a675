import CHarfBuzz
import TextSegmentation

/// What HarfBuzz is told about a run beyond its script and direction: a validated BCP 47
/// language tag and OpenType feature settings, with a small number standing for the pair in
/// segment-cache keys — looked up once per prepared text (or style), not once per run.
///
/// A class, so the shaping properties of every run point at one — unretained, the prepared
/// text keeping it alive (see ``ShapingProperties``) — and copying them copies no string.
/// Immutable; `@unchecked Sendable` only because HarfBuzz's `hb_feature_t` is a C struct.
final class ShapingOptions: Hashable, @unchecked Sendable {
    /// The language tag, as given (`"ja"`, `"zh-Hant"`), or `nil`.
    let language: String?
    /// The feature settings, in the order given (a later setting of a tag wins, as in HarfBuzz).
    let features: [FontFeature]
    /// The features as HarfBuzz takes them, each over the whole buffer.
    let harfBuzzFeatures: [hb_feature_t]
    /// The number of this language and these features in cache keys (see
    /// ``ShapingOptionNumbers``), or `nil` when so many have been seen that text shaped with
    /// these is not cached.
    let number: UInt32?

    /// Options of `language` (checked: 1–35 ASCII letters, digits and hyphens, starting with
    /// a letter) and `features`.
    /// - Throws: ``InvalidArgumentError`` for a malformed tag.
    init(language: String?, features: [FontFeature] = []) throws {
        if let language { try ShapingOptions.validate(language: language) }
        self.language = language
        self.features = features
        harfBuzzFeatures = features.map {
            hb_feature_t(tag: $0.packedTag, value: $0.value, start: 0, end: UInt32.max)
        }
        number = ShapingOptionNumbers.shared.number(for: ShapingOptions.spelling(language: language, features: features))
    }

    /// Throws unless `tag` is BCP 47-shaped (``LanguageTag``).
    static func validate(language tag: String) throws {
        guard LanguageTag.isWellFormed(tag) else {
            throw InvalidArgumentError(argument: "language", requirement: LanguageTag.requirement, value: "\"\(tag)\"")
        }
    }

    /// One string for a language and features: what the numbers are kept by.
    private static func spelling(language: String?, features: [FontFeature]) -> String {
        (language ?? "") + features.map { "|" + $0.description }.joined()
    }

    /// Options are equal when their languages and features are.
    static func == (lhs: ShapingOptions, rhs: ShapingOptions) -> Bool {
        lhs.language == rhs.language && lhs.features == rhs.features
    }

    /// Hashes the language and features.
    func hash(into hasher: inout Hasher) {
        hasher.combine(language)
        hasher.combine(features)
    }
}

/// Small numbers for the shaping options seen so far, so a cache key carries a number, not a
/// string. Bounded: past 2^22 − 2 distinct options there is no number for another, and text
/// shaped with it is measured without the segment cache — slower, never wrong, and memory stays
/// bounded.
final class ShapingOptionNumbers: Sendable {
    static let shared = ShapingOptionNumbers()
    private let numbers = Lock<[String: UInt32]>([:])
    /// The most numbers given out.
    static let limit: UInt32 = (1 << 22) - 2

    /// The number of `spelling`, or `nil` when there is none left for a new one.
    func number(for spelling: String) -> UInt32? {
        numbers.withLock { table in
            if let known = table[spelling] { return known }
            guard UInt32(table.count) < ShapingOptionNumbers.limit else { return nil }
            let next = UInt32(table.count) + 1
            table[spelling] = next
            return next
        }
    }
}
