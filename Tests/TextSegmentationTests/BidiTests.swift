import Foundation
import Testing
import TextSegmentation

/// Hand-checked cases and robustness of the Unicode Bidirectional Algorithm.
@Suite struct BidiTests {
    /// Shorthand for a run.
    func run(_ range: Range<Int>, _ level: UInt8) -> BidiRun { BidiRun(range: range, level: level) }

    @Test func bidiClassLookup() {
        func bc(_ value: UInt32) -> BidiClass { BidiClass(Unicode.Scalar(value)!) }
        #expect(bc(0x61) == .leftToRight)
        #expect(bc(0x05D0) == .rightToLeft)
        #expect(bc(0x0627) == .arabicLetter)
        #expect(bc(0x0660) == .arabicNumber)
        #expect(bc(0x31) == .europeanNumber)
        #expect(bc(0x2029) == .paragraphSeparator)
        #expect(bc(0x0A) == .paragraphSeparator)
        #expect(bc(0x09) == .segmentSeparator)
        #expect(bc(0x2067) == .rightToLeftIsolate)
        #expect(bc(0x200F) == .rightToLeft)  // RLM
        #expect(bc(0x061C) == .arabicLetter)  // ALM
        // Defaults for unassigned code points (DerivedBidiClass.txt).
        #expect(bc(0x05FF) == .rightToLeft)
        #expect(bc(0x07BF) == .arabicLetter)
        #expect(bc(0x20CF) == .europeanTerminator)
        #expect(bc(0xFDD0) == .boundaryNeutral)
        #expect(bc(0xE0080) == .boundaryNeutral)
        #expect(bc(0x10FFFF) == .boundaryNeutral)
        #expect(bc(0x1EC70) == .arabicLetter)
        #expect(bc(0x10800) == .rightToLeft)
        #expect(bc(0x0378) == .leftToRight)
        #expect(bc(0x0378).abbreviation == "L")
        #expect(BidiClass(abbreviation: "NSM") == .nonspacingMark)
        #expect(BidiClass.allCases.count == 23)
    }

    /// The fast path skips two-byte sequences with lead bytes C2...D5: none of them can be R, AL, AN or explicit.
    @Test func fastPathLeadByteAssumption() {
        let nonTrivial: Set<BidiClass> = [.rightToLeft, .arabicLetter, .arabicNumber, .leftToRightEmbedding,
                                          .leftToRightOverride, .rightToLeftEmbedding, .rightToLeftOverride,
                                          .leftToRightIsolate, .rightToLeftIsolate, .firstStrongIsolate]
        for value in UInt32(0x80)...0x57F {
            #expect(!nonTrivial.contains(BidiClass(Unicode.Scalar(value)!)), "U+\(String(value, radix: 16))")
        }
    }

    @Test func asciiIsOneLeftToRightRun() {
        let paragraph = BidiParagraph("abc", baseDirection: nil)
        #expect(paragraph.baseLevel == 0)
        #expect(paragraph.isTriviallyLeftToRight)
        #expect(paragraph.levelRuns == [run(0..<3, 0)])
        #expect(paragraph.visualRuns(forLine: 0..<3) == [run(0..<3, 0)])
        #expect(!paragraph.levelRuns[0].isRightToLeft)
        let empty = BidiParagraph("", baseDirection: nil)
        #expect(empty.levelRuns.isEmpty)
        #expect(empty.visualRuns(forLine: 0..<0).isEmpty)
        // Latin-1 and Cyrillic also take the fast path.
        #expect(BidiParagraph("café Привет — “quotes”", baseDirection: nil).isTriviallyLeftToRight)
    }

    @Test func hebrewIsRightToLeftInAutoMode() {
        let paragraph = BidiParagraph("שלום", baseDirection: nil)
        #expect(paragraph.baseLevel == 1)
        #expect(paragraph.baseDirection == .rightToLeft)
        #expect(paragraph.levelRuns == [run(0..<8, 1)])
        #expect(paragraph.levelRuns[0].isRightToLeft)
        let forced = BidiParagraph("שלום", baseDirection: .leftToRight)
        #expect(forced.baseLevel == 0)
        #expect(forced.levelRuns == [run(0..<8, 1)])
    }

    @Test func mixedLatinAndHebrew() {
        let text = "abc שלום def"  // a b c _ (4..<12 Hebrew) _ d e f
        let auto = BidiParagraph(text, baseDirection: nil)
        #expect(auto.baseLevel == 0)
        #expect(auto.levelRuns == [run(0..<4, 0), run(4..<12, 1), run(12..<16, 0)])
        #expect(auto.visualRuns(forLine: 0..<16) == [run(0..<4, 0), run(4..<12, 1), run(12..<16, 0)])
        let rtl = BidiParagraph(text, baseDirection: .rightToLeft)
        #expect(rtl.baseLevel == 1)
        #expect(rtl.levelRuns == [run(0..<3, 2), run(3..<13, 1), run(13..<16, 2)])
        #expect(rtl.visualRuns(forLine: 0..<16) == [run(13..<16, 2), run(3..<13, 1), run(0..<3, 2)])
        // A line covering part of the paragraph.
        #expect(rtl.visualRuns(forLine: 0..<8) == [run(3..<8, 1), run(0..<3, 2)])
    }

    @Test func arabicWithEuropeanDigits() {
        let text = "عدد 123"  // three Arabic letters (6 bytes), space, three European digits
        let paragraph = BidiParagraph(text, baseDirection: nil)
        #expect(paragraph.baseLevel == 1)
        // W2 turns the digits into AN (after AL); I2 raises them to level 2.
        #expect(paragraph.levelRuns == [run(0..<7, 1), run(7..<10, 2)])
        #expect(paragraph.visualRuns(forLine: 0..<10) == [run(7..<10, 2), run(0..<7, 1)])
        // Digits and a separator inside Hebrew text stay one number (W4).
        let hebrew = BidiParagraph("מחיר 1,000.50 ש״ח", baseDirection: nil)
        #expect(hebrew.baseLevel == 1)
        #expect(hebrew.levelRuns == [run(0..<9, 1), run(9..<17, 2), run(17..<24, 1)])
        // In a left-to-right paragraph the Arabic and its number form one right-to-left unit.
        let ltr = BidiParagraph("Total: عدد 123.", baseDirection: .leftToRight)
        #expect(ltr.levelRuns == [run(0..<7, 0), run(7..<14, 1), run(14..<17, 2), run(17..<18, 0)])
        #expect(ltr.visualRuns(forLine: 0..<18) == [run(0..<7, 0), run(14..<17, 2), run(7..<14, 1), run(17..<18, 0)])
    }

    @Test func bracketsFollowTheirContent() {
        // UAX #9 N0 example: the parentheses around Latin text in a right-to-left paragraph.
        let text = "ab(cd)"  // with an RTL paragraph the brackets take the embedding direction unless...
        let paragraph = BidiParagraph("א " + text, baseDirection: nil)
        #expect(paragraph.baseLevel == 1)
        // a b ( c d ) after Hebrew: the brackets enclose L and are preceded by L, so they are L (level 2).
        #expect(paragraph.levelRuns == [run(0..<3, 1), run(3..<9, 2)])
    }

    @Test func lineRulesResetTrailingWhitespace() {
        // L1: trailing whitespace and a tab go to the paragraph level.
        let text = "abc\tשלום  "
        let paragraph = BidiParagraph(text, baseDirection: .rightToLeft)
        #expect(paragraph.levelRuns == [run(0..<3, 2), run(3..<14, 1)])
        #expect(paragraph.logicalRuns(forLine: 0..<14) == [run(0..<3, 2), run(3..<14, 1)])
        let ltr = BidiParagraph("אב  ", baseDirection: .leftToRight)
        #expect(ltr.levelRuns == [run(0..<4, 1), run(4..<6, 0)])
        let inner = BidiParagraph("אב  גד", baseDirection: .leftToRight)
        #expect(inner.levelRuns == [run(0..<10, 1)])
        // Ending a line after the spaces resets them to level 0.
        #expect(inner.logicalRuns(forLine: 0..<6) == [run(0..<4, 1), run(4..<6, 0)])
        #expect(inner.visualRuns(forLine: 6..<10) == [run(6..<10, 1)])
    }

    @Test func explicitFormattingAndIsolates() {
        // RLI … PDI isolates "abc" inside a left-to-right paragraph.
        let isolated = BidiParagraph("x \u{2067}abc\u{2069} y", baseDirection: nil)
        #expect(isolated.baseLevel == 0)
        #expect(isolated.level(atUTF8Offset: 5) == 2)  // "a"
        #expect(isolated.level(atUTF8Offset: 0) == 0)
        // FSI picks the direction of its first strong character.
        let fsi = BidiParagraph("x \u{2068}שלום abc\u{2069} y", baseDirection: nil)
        #expect(fsi.level(atUTF8Offset: 5) == 1)
        // P2 skips isolates: the first strong character outside them decides.
        #expect(BidiParagraph("\u{2067}abc\u{2069}שלום", baseDirection: nil).baseLevel == 1)
        // RLO overrides Latin letters to right to left.
        let override = BidiParagraph("\u{202E}abc\u{202C}", baseDirection: .leftToRight)
        #expect(override.level(atUTF8Offset: 3) == 1)
    }

    @Test func paragraphSplitting() {
        #expect(BidiParagraph.paragraphRanges(in: "a\r\nb\nc") == [0..<3, 3..<5, 5..<6])
        #expect(BidiParagraph.paragraphRanges(in: "one\u{2029}two") == [0..<6, 6..<9])
        #expect(BidiParagraph.paragraphRanges(in: "") == [])
        #expect(BidiParagraph.paragraphRanges(in: "x\n") == [0..<2])
        // A separator inside one paragraph gets the paragraph level and ends embeddings (X8).
        let paragraph = BidiParagraph("\u{202B}abc\nשלום", baseDirection: .leftToRight)
        #expect(paragraph.level(atUTF8Offset: 3) == 2)
        #expect(paragraph.level(atUTF8Offset: 7) == 1)
        // After L1 the separator itself is at the paragraph level.
        #expect(paragraph.logicalRuns(forLine: 0..<15) == [run(0..<6, 2), run(6..<7, 0), run(7..<15, 1)])
    }

    @Test func malformedUTF8DoesNotCrash() {
        let samples: [[UInt8]] = [
            [0xFF, 0xD7, 0x90, 0xC3, 0x28, 0xE2, 0x80],
            [0xD7],
            [0x80, 0x80, 0xD7, 0x90, 0xF4, 0x90, 0x80, 0x80, 0xED, 0xA0, 0x80],
            [0xE2, 0x80, 0xAE, 0x61, 0xE2, 0x80],  // RLO a, truncated PDF
            [0x28, 0xD7, 0x90, 0xFE, 0x29, 0x5B, 0xE2, 0x81, 0xA7],
        ]
        for bytes in samples {
            for direction in [nil, BidiDirection.leftToRight, .rightToLeft] {
                let paragraph = bytes.withUnsafeBufferPointer { BidiParagraph(utf8: $0, baseDirection: direction) }
                let runs = paragraph.levelRuns
                #expect(runs.first?.range.lowerBound == 0)
                #expect(runs.last?.range.upperBound == bytes.count)
                for (a, b) in zip(runs, runs.dropFirst()) { #expect(a.range.upperBound == b.range.lowerBound) }
                let visual = paragraph.visualRuns(forLine: 0..<bytes.count)
                #expect(visual.map(\.range.count).reduce(0, +) == bytes.count)
                // Arbitrary, even out-of-range, line ranges are clamped.
                _ = paragraph.visualRuns(forLine: 1..<100)
                _ = paragraph.logicalRuns(forLine: -5..<2)
            }
        }
    }

    /// Checks that runs cover `count` bytes contiguously.
    func expectCovers(_ runs: [BidiRun], _ count: Int) {
        var next = 0
        for run in runs {
            #expect(run.range.lowerBound == next)
            next = run.range.upperBound
        }
        #expect(next == count)
    }

    @Test func deepEmbeddingIsBounded() {
        // 200 nested embeddings exceed max_depth 125: the overflow is counted, not pushed.
        let deep = String(repeating: "\u{202B}\u{202A}", count: 100) + "abc" + String(repeating: "\u{202C}", count: 200) + "אב"
        let paragraph = BidiParagraph(deep, baseDirection: nil)
        let maxLevel = paragraph.levelRuns.map(\.level).max() ?? 0
        #expect(maxLevel <= 126)
        #expect(maxLevel >= 124)
        expectCovers(paragraph.levelRuns, deep.utf8.count)
        let isolates = String(repeating: "\u{2067}\u{2066}", count: 150) + "abc" + String(repeating: "\u{2069}", count: 300) + "abc"
        let isolated = BidiParagraph(isolates, baseDirection: .leftToRight)
        #expect(isolated.levelRuns.last?.level == 0)
        #expect((isolated.levelRuns.map(\.level).max() ?? 0) <= 126)
        let fsis = String(repeating: "\u{2068}", count: 50_000) + "x"
        expectCovers(BidiParagraph(fsis, baseDirection: nil).levelRuns, fsis.utf8.count)
    }

    @Test func manyUnmatchedBracketsAreLinear() {
        let clock = ContinuousClock()
        let start = clock.now
        for text in [
            "א" + String(repeating: "(", count: 100_000) + "a",
            "א" + String(repeating: ")", count: 100_000) + "a",
            "א" + String(repeating: "(a", count: 100_000) + String(repeating: ")", count: 100_000),
            "א" + String(repeating: "[(a)]", count: 50_000),
        ] {
            let paragraph = BidiParagraph(text, baseDirection: nil)
            expectCovers(paragraph.levelRuns, text.utf8.count)
        }
        #expect(clock.now - start < .seconds(20))
    }

    @Test func tenMegabytesOfMixedText() {
        let sentence = "The price is 1,234.50 ש״ח (שקלים) — السعر ١٢٣٤ ريال، and \u{2067}abc\u{2069} [done]. "
        var text = ""
        let repetitions = 10_000_000 / sentence.utf8.count + 1
        text.reserveCapacity(repetitions * sentence.utf8.count)
        for _ in 0..<repetitions { text += sentence }
        let clock = ContinuousClock()
        let start = clock.now
        let paragraph = BidiParagraph(text, baseDirection: nil)
        let runs = paragraph.levelRuns
        let visual = paragraph.visualRuns(forLine: 0..<text.utf8.count)
        let elapsed = clock.now - start
        print("BidiParagraph: \(text.utf8.count) bytes of mixed text resolved in \(elapsed)")
        #expect(paragraph.baseLevel == 0)
        expectCovers(runs, text.utf8.count)
        #expect(visual.count == runs.count)
        #expect(runs.count > repetitions)
        // Away from the ends, each sentence resolves as it does on its own.
        let single = BidiParagraph(sentence, baseDirection: .leftToRight).levelRuns
        let offset = sentence.utf8.count * 10
        let shifted = single.dropFirst().dropLast().map { run($0.range.lowerBound + offset..<$0.range.upperBound + offset, $0.level) }
        for expected in shifted { #expect(runs.contains(expected)) }
    }
}
