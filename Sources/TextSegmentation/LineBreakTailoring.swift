/// A language's tailoring of the line-breaking classes, which UAX #14 leaves to
/// implementations (section 8, "Customization"): which characters may start a line in
/// Chinese and Japanese, whether Korean breaks between syllables or between words, and
/// whether Thai, Lao, Khmer and Myanmar words are found by dictionary.
///
/// ``none`` is the algorithm's default: small kana and the prolonged sound mark (class CJ)
/// never start a line (resolved to NS, CSS `line-break: strict`), a line may break between any
/// two Hangul syllables, and runs of class SA break between words by dictionary, as LB1 asks.
/// `LineBreakTest.txt` is written for LB1's fallback without a dictionary (SA resolved to AL or
/// CM): it holds for ``none`` with ``breaksSoutheastAsianWords`` off.
public struct LineBreakTailoring: Sendable, Hashable {
    /// Whether small kana, ー and other conditional Japanese starters (class CJ) may start a
    /// line: resolved to ID rather than NS, as CSS `line-break: normal` does for Chinese and
    /// Japanese (and ICU's `ja` line breaker).
    public var breaksBeforeConditionalJapaneseStarters: Bool
    /// Whether Hangul (classes H2, H3, JL, JV, JT) is resolved to AL, so Korean breaks at the
    /// spaces between its words and never between syllables — the practice of modern Korean
    /// text, UIKit's `hangulWordPriority` and CSS `word-break: keep-all` for Hangul.
    public var keepsHangulWords: Bool
    /// Whether a run of class SA — letters of Thai, Lao, Khmer, Myanmar and the other scripts
    /// written without spaces between words, with the marks they take — may break between its
    /// words where ICU's dictionary break iterator finds them (see ``LineBreaking``), as the
    /// engines that draw such text do. When false, SA is resolved to AL or CM and such a run
    /// never breaks inside (LB1's fallback, which `LineBreakTest.txt` assumes).
    public var breaksSoutheastAsianWords: Bool

    /// The tailoring with the given rules.
    public init(breaksBeforeConditionalJapaneseStarters: Bool = false, keepsHangulWords: Bool = false,
                breaksSoutheastAsianWords: Bool = true) {
        self.breaksBeforeConditionalJapaneseStarters = breaksBeforeConditionalJapaneseStarters
        self.keepsHangulWords = keepsHangulWords
        self.breaksSoutheastAsianWords = breaksSoutheastAsianWords
    }

    /// UAX #14's default classes, untailored, with class SA broken by dictionary.
    public static var none: LineBreakTailoring { LineBreakTailoring() }

    /// The tailoring for a BCP 47 language tag, by its primary language subtag (any case):
    /// `ja` and `zh` (`zh-Hant`, `zh-TW`…) let conditional Japanese starters begin a line;
    /// `ko` keeps Hangul words whole; any other tag, or none, is ``none`` — other Chinese
    /// tags such as `yue` or `cmn` included. Every one breaks class SA by dictionary.
    public init(language: String?) {
        guard let language else { self = .none; return }
        switch LanguageTag.primaryLanguage(of: language) {
        case "ja", "zh": self.init(breaksBeforeConditionalJapaneseStarters: true)
        case "ko": self.init(keepsHangulWords: true)
        default: self = .none
        }
    }

    /// The tailored table value of a character whose untailored value is `value` (a value
    /// with ``LineBreakClass/flag`` on NS marks a character resolved from CJ, on AL or CM one
    /// resolved from SA): what ``LineBreakClass/trie(for:)`` stores for it.
    func resolve(_ value: UInt8) -> UInt8 {
        switch LineBreakClass(tableValue: value) {
        case .NS:
            if breaksBeforeConditionalJapaneseStarters && value & LineBreakClass.flag != 0 {
                return LineBreakClass.ID.rawValue
            }
        case .H2, .H3, .JL, .JV, .JT:
            if keepsHangulWords { return LineBreakClass.AL.rawValue }
        case .AL, .CM:
            if !breaksSoutheastAsianWords { return value & ~LineBreakClass.flag }
        default:
            break
        }
        return value
    }
}
