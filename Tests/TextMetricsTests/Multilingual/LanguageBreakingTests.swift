import Testing
@testable import TextMetrics

/// A request's language reaches line breaking where UAX #14 is tailored by language
/// (`LineBreakTailoring`): measured lines start where the tailored opportunities and the
/// font's advances put them. WenQuanYi Micro Hei gives every kana and Hangul syllable used
/// here one em (checked below), so the expected lines follow by hand.
@Suite struct LanguageBreakingTests {
    static let size = 15.0

    /// The text of each line of `text` laid out at `width`.
    static func lines(_ text: String, width: Double, language: String?) throws -> [String] {
        let font = try Font(named: "wqy-microhei", size: size)
        let layout = try PreparedText(text, font: font, language: language).layout(in: TextContainer(width: width))
        let bytes = Array(text.utf8)
        return layout.lines.map { String(decoding: bytes[$0.utf8Range], as: UTF8.self) }
    }

    @Test func charactersAreOneEmWide() throws {
        let font = try Font(named: "wqy-microhei", size: Self.size)
        for character in "あいちょっと한국어텍스트를측정합니다" {
            #expect(try PreparedText(String(character), font: font).size(in: .unlimited).width == Self.size, "\(character)")
        }
    }

    /// 3.4 em: three characters a line. By default ょ and っ cannot start a line, so the first
    /// line ends before ち; in Japanese and Chinese they may, and the lines are full.
    @Test func japaneseLinesMayStartWithSmallKana() throws {
        let width = 3.4 * Self.size
        #expect(try Self.lines("あいちょっと", width: width, language: nil) == ["あい", "ちょっ", "と"])
        #expect(try Self.lines("あいちょっと", width: width, language: "ja") == ["あいち", "ょっと"])
        #expect(try Self.lines("あいちょっと", width: width, language: "zh-Hant") == ["あいち", "ょっと"])
        #expect(try Self.lines("あいちょっと", width: width, language: "en") == ["あい", "ちょっ", "と"])
    }

    /// 6.9 em: by default Korean breaks between syllables and fills the lines; in Korean it
    /// breaks at the spaces between words (each word fits).
    @Test func koreanBreaksBetweenWords() throws {
        let text = "한국어 텍스트를 측정합니다"
        let width = 6.9 * Self.size
        let byDefault = try Self.lines(text, width: width, language: nil)
        #expect(byDefault == ["한국어 텍스트", "를 측정합니다"])
        #expect(try Self.lines(text, width: width, language: "ko") == ["한국어 ", "텍스트를 ", "측정합니다"])
    }

    /// Each tailoring touches its own script only: Korean on kana, Japanese on Hangul and
    /// either on Latin text break as without a language.
    @Test func tailoringsKeepToTheirScripts() throws {
        let kana = ("あいちょっと", 3.4 * Self.size), hangul = ("한국어 텍스트를 측정합니다", 6.9 * Self.size)
        #expect(try Self.lines(kana.0, width: kana.1, language: "ko") == Self.lines(kana.0, width: kana.1, language: nil))
        #expect(try Self.lines(hangul.0, width: hangul.1, language: "ja") == Self.lines(hangul.0, width: hangul.1, language: nil))
        let latin = "The quick brown fox jumps over the lazy dog"
        for language in ["ja", "ko", "zh-Hans"] {
            #expect(try Self.lines(latin, width: 100, language: language) == Self.lines(latin, width: 100, language: nil))
        }
    }
}
