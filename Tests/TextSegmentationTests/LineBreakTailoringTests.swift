import Testing
@testable import TextSegmentation

/// The language tailorings of line breaking, by hand: where each rule allows or forbids a
/// break that UAX #14's default classes do not. (`DifferentialTests` checks the same
/// tailorings against the reference implementation on random strings.)
@Suite struct LineBreakTailoringTests {
    /// The text between consecutive break opportunities.
    static func pieces(_ text: String, _ tailoring: LineBreakTailoring) -> [String] {
        let bytes = Array(text.utf8)
        var start = 0
        return LineBreaking.opportunities(in: text, tailoring: tailoring).map { opportunity in
            defer { start = opportunity.offset }
            return String(decoding: bytes[start..<opportunity.offset], as: UTF8.self)
        }
    }

    @Test func languagesPickTheirTailoring() {
        for tag in ["ja", "JA", "ja-JP", "zh", "zh-Hant", "zh-Hans-CN", "ZH-tw"] {
            #expect(LineBreakTailoring(language: tag) == LineBreakTailoring(breaksBeforeConditionalJapaneseStarters: true), "\(tag)")
        }
        for tag in ["ko", "ko-KR", "KO"] {
            #expect(LineBreakTailoring(language: tag) == LineBreakTailoring(keepsHangulWords: true), "\(tag)")
        }
        for tag in [nil, "en", "ar", "jav", "kok", "zha", "x-ja", ""] as [String?] {
            #expect(LineBreakTailoring(language: tag) == .none, "\(tag ?? "nil")")
        }
    }

    /// Small kana and ー (class CJ) never start a line by default (NS: LB21 holds them to
    /// what precedes); in Chinese and Japanese they may (ID: LB31 breaks before them).
    @Test func conditionalJapaneseStarters() {
        let japanese = LineBreakTailoring(language: "ja")
        #expect(Self.pieces("あいちょっと", .none) == ["あ", "い", "ちょっ", "と"])
        #expect(Self.pieces("あいちょっと", japanese) == ["あ", "い", "ち", "ょ", "っ", "と"])
        #expect(Self.pieces("コーヒー", .none) == ["コー", "ヒー"])
        #expect(Self.pieces("コーヒー", japanese) == ["コ", "ー", "ヒ", "ー"])
        // Other non-starters stay non-starters: 々 (NS, not CJ) and the ideographic full stop (CL).
        #expect(Self.pieces("人々。", japanese) == ["人々。"])
    }

    /// Korean breaks between any two syllables by default (H2, H3: LB31); keeping Hangul
    /// words, only at the spaces between them (AL × AL: LB28) — but still beside ideographs
    /// and after punctuation.
    @Test func hangulWords() {
        let korean = LineBreakTailoring(language: "ko")
        #expect(Self.pieces("한국어 텍스트", .none) == ["한", "국", "어 ", "텍", "스", "트"])
        #expect(Self.pieces("한국어 텍스트", korean) == ["한국어 ", "텍스트"])
        // Conjoining jamo (JL JV JT) make one syllable block either way.
        #expect(Self.pieces("\u{1100}\u{1161}\u{11A8}\u{1100}\u{1161}", .none) == ["\u{1100}\u{1161}\u{11A8}", "\u{1100}\u{1161}"])
        #expect(Self.pieces("\u{1100}\u{1161}\u{11A8}\u{1100}\u{1161}", korean) == ["\u{1100}\u{1161}\u{11A8}\u{1100}\u{1161}"])
        #expect(Self.pieces("漢字한글", korean) == ["漢", "字", "한글"])
        #expect(Self.pieces("한글, 漢字", korean) == ["한글, ", "漢", "字"])
    }

    /// Every code point's class in each tailoring's table is the class the reference resolves
    /// from `LineBreak.txt` itself, and the table marks exactly the CJ characters.
    @Test func everyCodePointHasItsTailoredClass() throws {
        var reference = try #require(ReferenceLineBreaker(scalars: nil), "apt-get install unicode-data")
        for tailoring in [LineBreakTailoring.none, LineBreakTailoring(language: "ja"), LineBreakTailoring(language: "ko"),
                          LineBreakTailoring(breaksBeforeConditionalJapaneseStarters: true, keepsHangulWords: true)] {
            reference.tailoring = tailoring
            let trie = LineBreakClass.trie(for: tailoring)
            var mismatches: [String] = []
            for value in UInt32(0)...0x10FFFF {
                let cls = "\(LineBreakClass(tableValue: trie.value(value)))"
                if cls != reference.resolved(value) { mismatches.append("U+\(String(value, radix: 16)) \(cls)") }
            }
            #expect(mismatches.isEmpty, "\(tailoring): \(mismatches.count) differ: \(mismatches.prefix(5))")
        }
        let untailored = LineBreakClass.trie
        let flaggedNS = (UInt32(0)...0x10FFFF).filter {
            let value = untailored.value($0)
            return LineBreakClass(tableValue: value) == .NS && value & LineBreakClass.flag != 0
        }
        #expect(flaggedNS == (UInt32(0)...0x10FFFF).filter { reference.rawClass($0) == "CJ" })
        #expect(flaggedNS.count > 50)
    }

    /// Text the tailorings do not touch breaks the same under each.
    @Test func otherTextIsUntouched() {
        let texts = ["The quick brown fox.", "汉字，汉字。", "مرحبا بالعالم", "👍🏽🇯🇵 a-b 3.14", "שלום עולם"]
        for text in texts {
            let plain = Self.pieces(text, .none)
            #expect(Self.pieces(text, LineBreakTailoring(language: "ja")) == plain, "\(text)")
            #expect(Self.pieces(text, LineBreakTailoring(language: "ko")) == plain, "\(text)")
        }
    }
}
