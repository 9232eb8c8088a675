import Testing
import TestSupport
@testable import TextMetrics

/// Single-line widths against `hb-shape --font-size=upem`, summed over the whole string:
/// TextMetrics shapes in segments with context and must land on the same advances.
@Suite struct ShapingReferenceTests {
    struct Case: Sendable, CustomStringConvertible {
        var font: String
        var faceIndex = 0
        var strings: [String]
        var description: String { "\(font) (\(strings.count) strings)" }
    }

    static let cases: [Case] = {
        var random = TestCorpus.Random(seed: 42)
        var latin: [String] = []
        for _ in 0..<120 { latin.append(TestCorpus.sentence(TestCorpus.englishWords, count: random.int(1...12), random: &random)) }
        var cjk: [String] = []
        for _ in 0..<40 { cjk.append(TestCorpus.sentence(TestCorpus.chinese, count: random.int(1...30), separator: "", random: &random)) }
        for _ in 0..<30 { cjk.append(TestCorpus.sentence(TestCorpus.japanese, count: random.int(1...30), separator: "", random: &random)) }
        for _ in 0..<30 { cjk.append(TestCorpus.sentence(TestCorpus.korean, count: random.int(1...6), random: &random)) }
        var arabic: [String] = []
        for _ in 0..<40 { arabic.append(TestCorpus.sentence(TestCorpus.arabic, count: random.int(1...8), random: &random)) }
        var hebrew: [String] = []
        for _ in 0..<40 { hebrew.append(TestCorpus.sentence(TestCorpus.hebrew, count: random.int(1...8), random: &random)) }
        let emoji = ["😀", "👍🏽", "👨‍👩‍👧‍👦", "🇯🇵🇫🇷", "1️⃣", "🏳️‍🌈", "😀😃😄", "❤️‍🔥 🧑🏿‍💻"]
        return [
            Case(font: "Roboto-Regular", strings: latin),
            Case(font: "Roboto-Medium", strings: latin.shuffledDeterministically()),
            Case(font: "wqy-microhei", strings: cjk),
            Case(font: "wqy-microhei", faceIndex: 1, strings: Array(cjk.prefix(30))),
            Case(font: "NotoSansArabic-Regular", strings: arabic),
            Case(font: "NotoSansHebrew-Regular", strings: hebrew),
            Case(font: "NotoColorEmoji", strings: emoji),
        ]
    }()

    @Test(arguments: cases)
    func widthsEqualHBShape(_ testCase: Case) throws {
        let path = try #require(BundledFonts.path(named: testCase.font))
        let upem = try SfntTables(path: path, faceIndex: testCase.faceIndex).verticalMetrics().unitsPerEm
        let reference = try HBShapeReference.advances(fontPath: path, faceIndex: testCase.faceIndex, unitsPerEm: upem,
                                                      strings: testCase.strings)
        let size = 15.0
        let font = try Font(named: testCase.font, faceIndex: testCase.faceIndex, size: size)
        var agreeing = 0
        for (text, units) in zip(testCase.strings, reference) {
            let expected = Double(units) * size / Double(upem)
            let layout = try TextMeasurer.layout(text, font: font)
            #expect(layout.lineCount == 1)
            if abs(layout.size.width - expected) < 1e-9 {
                agreeing += 1
            } else {
                Issue.record("\(testCase.font): \(text.debugDescription) is \(layout.size.width) pt, hb-shape says \(expected)")
            }
        }
        #expect(agreeing == testCase.strings.count)
    }

    @Test func hebrewMarksWithNoLetterAreShapedLeftToRight() throws {
        // No strong right-to-left character, so bidi leaves every character at level 0 and the
        // text is shaped left to right in the script of its marks — where HarfBuzz, guessing a
        // direction from that script, would shape it right to left (and Roboto's .notdef for
        // a leading mark would then take an advance).
        let script = "Hebr"
        let strings = ["\u{05A3}\u{FFFD}", "\u{05A3}123", "\u{0591}\u{05A3}!?", "\u{05A3}\u{FFFD}\u{FFFD} \u{05A3}"]
        let path = try #require(BundledFonts.path(named: "Roboto-Regular"))
        let upem = try SfntTables(path: path, faceIndex: 0).verticalMetrics().unitsPerEm
        let reference = try HBShapeReference.advances(fontPath: path, unitsPerEm: upem, strings: strings,
                                                      options: ["--direction=ltr", "--script=\(script)"])
        let guessed = try HBShapeReference.advances(fontPath: path, unitsPerEm: upem, strings: strings)
        #expect(reference != guessed, "the cases should tell the two directions apart")
        let font = try Font(named: "Roboto-Regular", size: 15)
        for (text, units) in zip(strings, reference) {
            let width = try TextMeasurer.layout(text, font: font).size.width
            #expect(abs(width - Double(units) * 15 / Double(upem)) < 1e-9, "\(text.debugDescription): \(width) pt")
        }
    }

    @Test func cachedAndFreshShapingAgree() throws {
        // Warm the shared face with many words, then compare with a face that has never
        // shaped anything: the segment cache must not change any width.
        var random = TestCorpus.Random(seed: 7)
        let texts = (0..<200).map { _ in TestCorpus.sentence(TestCorpus.englishWords, count: random.int(1...15), random: &random) }
        let shared = try Font(named: "Roboto-Regular", size: 13)
        for text in texts { _ = try TextMeasurer.size(text, font: shared) }
        let path = try #require(BundledFonts.path(named: "Roboto-Regular"))
        for text in texts.reversed() {
            let fresh = try Font(face: FontFace(path: path), size: 13)
            let container = try TextContainer(width: 150)
            #expect(try TextMeasurer.layout(text, font: shared, in: container) == TextMeasurer.layout(text, font: fresh, in: container))
        }
    }
}

extension Array {
    /// A fixed permutation (reversal of halves), so a second font sees the strings in another order.
    func shuffledDeterministically() -> [Element] {
        let half = count / 2
        return Array(self[half...].reversed()) + Array(self[..<half].reversed())
    }
}
