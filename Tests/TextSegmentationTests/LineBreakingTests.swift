import Testing
import TextSegmentation

/// Hand-checked line-breaking cases.
@Suite struct LineBreakingTests {
    private func breaks(_ text: String) -> [Int] {
        LineBreaking.opportunities(in: text).map(\.offset)
    }

    private func mandatory(_ text: String) -> [Int] {
        LineBreaking.opportunities(in: text).filter(\.isMandatory).map(\.offset)
    }

    @Test func emptyTextHasNoOpportunities() {
        #expect(LineBreaking.opportunities(in: "").isEmpty)
    }

    @Test func helloWorld() {
        #expect(LineBreaking.opportunities(in: "Hello world") == [
            LineBreakOpportunity(offset: 6, isMandatory: false),
            LineBreakOpportunity(offset: 11, isMandatory: true),
        ])
    }

    @Test func sentence() {
        // Breaks after spaces and after the hyphen; none before punctuation.
        #expect(breaks("It's a well-known fact (really).") == [5, 7, 12, 18, 23, 32])
    }

    @Test func joinerAfterSpaceHoldsWhatFollows() {
        // A ZWJ after a space is not attached (LB10: AL), so a line may start with it (LB18),
        // but nothing breaks after it (LB8a), not even before an ideograph (LB31 otherwise).
        #expect(breaks("a \u{200D}中") == [2, 8])
        #expect(breaks("a \u{200D}あ") == [2, 8])
    }

    @Test func lineFeed() {
        #expect(LineBreaking.opportunities(in: "a\nb") == [
            LineBreakOpportunity(offset: 2, isMandatory: true),
            LineBreakOpportunity(offset: 3, isMandatory: true),
        ])
    }

    @Test func carriageReturnLineFeedIsOneBreak() {
        #expect(LineBreaking.opportunities(in: "a\r\nb") == [
            LineBreakOpportunity(offset: 3, isMandatory: true),
            LineBreakOpportunity(offset: 4, isMandatory: true),
        ])
        #expect(mandatory("a\rb") == [2, 3])
        #expect(mandatory("a\n\nb") == [2, 3, 4])
        #expect(mandatory("a\n") == [2])
    }

    @Test func unicodeLineAndParagraphSeparatorsAndNEL() {
        #expect(mandatory("a\u{2028}b") == [4, 5])   // LINE SEPARATOR (BK), 3 bytes
        #expect(mandatory("a\u{2029}b") == [4, 5])   // PARAGRAPH SEPARATOR (BK)
        #expect(mandatory("a\u{85}b") == [3, 4])     // NEXT LINE (NL), 2 bytes
        #expect(mandatory("a\u{0B}b") == [2, 3])     // LINE TABULATION (BK)
        #expect(breaks("a\u{2028}b") == [4, 5])
    }

    @Test func emojiZWJFamilyIsNotBroken() {
        let family = "👨\u{200D}👩\u{200D}👧\u{200D}👦"
        #expect(breaks(family) == [family.utf8.count])
        // Two families side by side: ID ÷ ID between them.
        #expect(breaks(family + family) == [family.utf8.count, 2 * family.utf8.count])
        // Skin tone modifier stays with its base (LB30b).
        #expect(breaks("👍🏽") == ["👍🏽".utf8.count])
    }

    @Test func flagsBreakPairwise() {
        let flags = "🇫🇷🇩🇪🇯🇵"   // 3 flags, 8 bytes each
        #expect(breaks(flags) == [8, 16, 24])
        #expect(breaks("🇫🇷🇩") == [8, 12])
    }

    @Test func chineseIdeographsBreakBetweenEachOther() {
        #expect(breaks("中文字") == [3, 6, 9])
        // But not before closing punctuation (LB13/LB16 region).
        #expect(breaks("中文。字") == [3, 9, 12])
    }

    @Test func urlLikeToken() {
        // Plain UAX #14 (no URL tailoring): no break before "/" (SY, LB13) or inside
        // "example.com" (IS × AL, LB29); breaks after "/" and after "?" (EX) are allowed (LB31).
        let url = "https://example.com/a/b?q=1"
        #expect(breaks(url) == [8, 20, 22, 24, url.utf8.count])
        #expect(breaks("see https://example.com now").contains(4))
    }

    @Test func numbersUseTailoredLB25() {
        #expect(breaks("$1,234.56") == [9])
        #expect(breaks("(12.5%)") == [7])
        #expect(breaks("-5") == [2])
        #expect(breaks("3.14 is pi") == [5, 8, 10])
    }

    @Test func combiningMarksAttachToTheirBase() {
        #expect(breaks("e\u{301} x") == [4, 5])
        // A mark after a space is alphabetic (LB10); a break before it is allowed.
        #expect(breaks("a \u{301}") == [2, 4])
    }

    @Test func zeroWidthSpaceAndNoBreakSpace() {
        #expect(breaks("a\u{200B}b") == [4, 5])
        #expect(breaks("a\u{A0}b") == [4])
        #expect(breaks("a\u{2060}b") == [5])   // WORD JOINER
    }
}
