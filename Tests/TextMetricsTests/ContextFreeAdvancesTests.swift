import Testing
import TestSupport
@testable import TextMetrics
import TextSegmentation

/// The characters measured by adding advances instead of shaping (``ContextFreeAdvances``)
/// against HarfBuzz itself: alone through `hb-shape`, and between neighbours in process.
@Suite struct ContextFreeAdvancesTests {
    struct Case: Sendable, CustomStringConvertible {
        var font: String
        var faceIndex = 0
        var description: String { "\(font) #\(faceIndex)" }
    }

    static let cases = [
        Case(font: "Roboto-Regular"), Case(font: "Roboto-Medium"), Case(font: "wqy-microhei"),
        Case(font: "wqy-microhei", faceIndex: 1), Case(font: "NotoSansArabic-Regular"),
        Case(font: "NotoSansHebrew-Regular"), Case(font: "NotoColorEmoji"),
    ]

    /// Neighbours put before and after each character: letters that kern in Latin fonts,
    /// digits, punctuation, brackets, spaces, ideographs, kana, Hangul, Arabic, Hebrew, emoji.
    static let neighbours: [Unicode.Scalar] = [
        "A", "V", "T", "f", "i", "l", "y", "1", "/", ".", ",", "(", ")", "\"", " ", "\u{3000}", "汉", "。", "，",
        "か", "ア", "한", "ب", "ש", "😀", "\u{2044}",
    ]

    static func face(_ testCase: Case) throws -> FontFace {
        try FontLibrary.shared.face(path: BundledFonts.path(named: testCase.font)!, faceIndex: testCase.faceIndex)
    }

    static func qualifying(_ table: ContextFreeAdvances) -> [UInt32] {
        (UInt32(0)...0x10FFFF).filter { table.advance(of: $0) != nil }
    }

    /// Every qualifying character, shaped by HarfBuzz left to right between two neighbours
    /// (in turn from the list above), has exactly its table advance.
    @Test(arguments: cases)
    func everyCharacterKeepsItsAdvanceBetweenNeighbours(_ testCase: Case) throws {
        let face = try Self.face(testCase)
        let table = face.contextFreeAdvances
        let scalars = Self.qualifying(table)
        var mismatches: [String] = []
        var glyphs: [ShapedGlyph] = []
        for (n, value) in scalars.enumerated() {
            let before = Self.neighbours[n % Self.neighbours.count]
            let after = Self.neighbours[(n * 7 + 3) % Self.neighbours.count]
            let text = Array("\(before)\(Unicode.Scalar(value)!)\(after)".utf8)
            let offset = Int32(String(before).utf8.count)
            glyphs.removeAll(keepingCapacity: true)
            // Shaped left to right with the character's script, as runs allowing the table are
            // (when HarfBuzz guesses, the character after must keep the guess LTR; see
            // SegmentMeasurer): neighbours of any script around it must not change its advance.
            let script = UnicodeScript(Unicode.Scalar(value)!)
            let properties = ShapingProperties(script: script == .common ? .latin : script, isRightToLeft: false, options: nil)
            text.withUnsafeBufferPointer { face.shaper.shape($0, range: 0..<$0.count, properties: properties, into: &glyphs) }
            let shaped = glyphs.filter { $0.cluster == offset }.reduce(Int32(0)) { $0 + $1.advance }
            if shaped != table.advance(of: value) || !glyphs.contains(where: { $0.cluster == offset }) {
                mismatches.append("U+\(String(value, radix: 16)) between \(before) and \(after): \(shaped) ≠ \(table.advance(of: value)!)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(scalars.count): \(mismatches.prefix(10))")
    }

    /// A sample of qualifying characters shaped alone by `hb-shape` (another process, the
    /// font file read afresh) has the table's advances.
    @Test(arguments: cases)
    func sampleMatchesHBShape(_ testCase: Case) throws {
        let face = try Self.face(testCase)
        let table = face.contextFreeAdvances
        let scalars = Self.qualifying(table).filter { $0 != 0x20 && $0 != 0x3000 }
        let stride = max(1, scalars.count / 150)
        let sample = Swift.stride(from: 0, to: scalars.count, by: stride).map { scalars[$0] }
        let reference = try HBShapeReference.advances(
            fontPath: face.path, faceIndex: testCase.faceIndex, unitsPerEm: Int(face.metrics.unitsPerEm),
            strings: sample.map { String(Unicode.Scalar($0)!) })
        for (value, expected) in zip(sample, reference) {
            #expect(Int(table.advance(of: value)!) == expected, "U+\(String(value, radix: 16))")
        }
    }

    /// What must never qualify: kerned Latin letters, marks, right-to-left and complex-script
    /// letters, emoji sequences' parts, controls; and what must: every CJK ideograph of
    /// WenQuanYi Micro Hei, which has no lookup on them, and emoji no ligature starts with.
    @Test func theRulesHoldOnKnownCharacters() throws {
        let roboto = try FontLibrary.shared.face(named: "Roboto-Regular").contextFreeAdvances
        for letter in "AVTWYafoe" { #expect(roboto.advance(of: letter.unicodeScalars.first!.value) == nil, "\(letter)") }
        let wqy = try FontLibrary.shared.face(named: "wqy-microhei")
        let ideographs = (UInt32(0x4E00)...0x9FA5).filter { wqy.hasGlyph(for: Unicode.Scalar($0)!) }
        #expect(ideographs.count > 20_000)
        #expect(ideographs.allSatisfy { wqy.contextFreeAdvances.advance(of: $0) != nil })
        let arabic = try FontLibrary.shared.face(named: "NotoSansArabic-Regular").contextFreeAdvances
        #expect((UInt32(0x0621)...0x064A).allSatisfy { arabic.advance(of: $0) == nil })
        let hebrew = try FontLibrary.shared.face(named: "NotoSansHebrew-Regular").contextFreeAdvances
        #expect((UInt32(0x05D0)...0x05EA).allSatisfy { hebrew.advance(of: $0) == nil })
        for table in [roboto, wqy.contextFreeAdvances] {
            for value: UInt32 in [0x0301, 0x0009, 0x000A, 0x00AD, 0x200D, 0xFE0F, 0x2028, 0x0E33] {
                #expect(table.advance(of: value) == nil, "U+\(String(value, radix: 16))")
            }
        }
        // Pictographs qualify where no lookup touches them: 😂 in Noto Color Emoji; not 👍 (the
        // first glyph of its skin-tone ligatures), a regional indicator (flags), a skin tone, the
        // joiners and selectors of sequences.
        let emoji = try FontLibrary.shared.face(named: "NotoColorEmoji").contextFreeAdvances
        #expect(emoji.advance(of: 0x1F602) != nil && emoji.advance(of: 0x1F389) != nil)
        for value: UInt32 in [0x1F44D, 0x1F1EF, 0x1F3FD, 0x200D, 0xFE0F, 0x20E3] {
            #expect(emoji.advance(of: value) == nil, "U+\(String(value, radix: 16))")
        }
        #expect(ContextFreeAdvances.qualifies(0x4E00) && ContextFreeAdvances.qualifies(0x3042))
        #expect(!ContextFreeAdvances.qualifies(0xAC00), "Hangul goes through HarfBuzz's Hangul shaper")
    }

    /// Texts measured through the table agree with `hb-shape` on the whole string, in one
    /// font and in a chain where the CJK falls back.
    @Test func preparedWidthsAgreeWithHBShape() throws {
        var random = TestCorpus.Random(seed: 7)
        let texts = (0..<40).map { _ in
            TestCorpus.sentence(TestCorpus.chinese, count: random.int(2...25), separator: "", random: &random)
        } + (0..<20).map { _ in
            TestCorpus.sentence(TestCorpus.japanese, count: random.int(2...25), separator: "", random: &random)
        }
        let wqy = try Font(named: "wqy-microhei", size: 16)
        let upem = Int(wqy.face.metrics.unitsPerEm)
        let reference = try HBShapeReference.advances(fontPath: wqy.face.path, unitsPerEm: upem, strings: texts)
        let chain = try FontChain(named: ["Roboto-Regular", "wqy-microhei"], size: 16)
        for (text, units) in zip(texts, reference) {
            let expected = Double(units) * 16 / Double(upem)
            let alone = try PreparedText(text, font: wqy).size(in: TextContainer()).width
            #expect(abs(alone - expected) < 1e-9, "\(text)")
            // In the chain, Common punctuation may stay in Roboto, so compare only texts
            // that are all ideographs and kana.
            if text.unicodeScalars.allSatisfy({ !Roboto.covers($0) }) {
                let chained = try PreparedText(text, fonts: chain).size(in: TextContainer()).width
                #expect(abs(chained - expected) < 1e-9, "\(text) in a chain")
            }
        }
    }

    private enum Roboto {
        static let face = try! FontLibrary.shared.face(named: "Roboto-Regular")
        static func covers(_ scalar: Unicode.Scalar) -> Bool { face.hasGlyph(for: scalar) }
    }
}
