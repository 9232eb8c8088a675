import TestSupport
import Testing
import TextSegmentation

/// Random strings checked against ``ReferenceLineBreaker``.
@Suite struct DifferentialTests {
    /// The default classes, and each language tailoring (the reference resolves them from
    /// `LineBreak.txt` itself) — with class SA resolved as LB1 does without a dictionary, as the
    /// reference resolves it (`SoutheastAsianBreakingTests` checks what the dictionary adds).
    static let tailorings: [LineBreakTailoring] = [
        LineBreakTailoring(breaksSoutheastAsianWords: false),
        LineBreakTailoring(breaksBeforeConditionalJapaneseStarters: true, breaksSoutheastAsianWords: false),
        LineBreakTailoring(keepsHangulWords: true, breaksSoutheastAsianWords: false),
        LineBreakTailoring(breaksBeforeConditionalJapaneseStarters: true, keepsHangulWords: true,
                           breaksSoutheastAsianWords: false),
    ]

    @Test(arguments: tailorings)
    func randomStringsMatchReference(_ tailoring: LineBreakTailoring) throws {
        let cases = try #require(UnicodeTestFile.load("LineBreakTest.txt"))
        // The sample scalars of the conformance file, plus letters, U+25CC and a few extras.
        var pool = Set<UInt32>()
        for testCase in cases { for scalar in testCase.text.unicodeScalars { pool.insert(scalar.value) } }
        pool.formUnion([0x61, 0x62, 0x41, 0x4E00, 0x6587, 0x9FFF, 0x25CC, 0x1F3FB, 0x1F46A, 0x1FFFD, 0x1F02C, 0x2060, 0xE01, 0xE31, 0x1A60])
        // Small kana, the prolonged sound mark, Hangul syllables (LV, LVT) and jamo: what tailorings change.
        pool.formUnion([0x3041, 0x3063, 0x30C3, 0x30FC, 0x3042, 0x30A2, 0xAC00, 0xAC01, 0xD55C, 0x1100, 0x1161, 0x11A8])
        var reference = try #require(ReferenceLineBreaker(scalars: pool), "apt-get install unicode-data")
        reference.tailoring = tailoring
        let scalars = pool.sorted()
        // Letters, ideographs of U+4E00–U+9FFF for the ideograph lane, small kana and Hangul for the tailorings.
        let letters: [UInt32] = [0x61, 0x62, 0x63, 0x41, 0x4E00, 0x6587, 0x9FFF, 0x4E00, 0x3063, 0x30FC, 0xAC00, 0xD55C]
        var generator = TestCorpus.Random(seed: 0x5EED)
        var failures = 0
        for iteration in 0..<20_000 {
            let length = Int(generator.next() % 16) + 1
            var sequence: [UInt32] = []
            for _ in 0..<length {
                // Favour letters and ideographs so the ASCII and ideograph lanes are exercised in context.
                let pick = generator.next()
                sequence.append(pick % 3 == 0 ? letters[Int(pick / 3 % UInt64(letters.count))] : scalars[Int(pick / 3 % UInt64(scalars.count))])
            }
            var text = ""
            for value in sequence { text.unicodeScalars.append(Unicode.Scalar(value)!) }
            let actual = LineBreaking.opportunities(in: text, tailoring: tailoring).map(\.offset)
            let expected = reference.breaks(sequence)
            if actual != expected {
                failures += 1
                if failures <= 5 {
                    let hex = sequence.map { String($0, radix: 16, uppercase: true) }.joined(separator: " ")
                    print("iteration \(iteration): [\(hex)] classes \(sequence.map(reference.resolved)): expected \(expected), got \(actual)")
                }
            }
        }
        #expect(failures == 0, "\(failures) of 20000 random strings differ from the reference")
    }
}

