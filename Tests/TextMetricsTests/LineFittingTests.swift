import Testing
import TestSupport
import TextSegmentation
@testable import TextMetrics

/// Word wrapping checked line by line against independent measurements: every line's width
/// is the single-line width of its own text (checked against hb-shape elsewhere), every line
/// fits, every line is as long as it can be (the next word would not fit), and the lines
/// start at UAX #14 break opportunities.
@Suite struct LineFittingTests {
    static func lineText(_ text: String, _ range: Range<Int>) -> String {
        String(decoding: Array(text.utf8)[range], as: UTF8.self)
    }

    static func singleLineWidth(_ text: String, _ font: Font) throws -> Double {
        try TextMeasurer.layout(text, font: font).size.width
    }

    struct Case: Sendable, CustomStringConvertible {
        var font: String
        var size: Double
        var width: Double
        var text: String
        var description: String { "\(font) \(size)pt @\(width): \(text.prefix(30))…" }
    }

    static let cases: [Case] = {
        var random = TestCorpus.Random(seed: 99)
        var cases: [Case] = []
        for _ in 0..<60 {
            cases.append(Case(font: random.pick(["Roboto-Regular", "Roboto-Medium"]), size: Double(random.int(12...20)),
                              width: Double(random.int(60...400)),
                              text: TestCorpus.sentence(TestCorpus.englishWords, count: random.int(5...60), random: &random)))
        }
        for _ in 0..<20 {
            cases.append(Case(font: "wqy-microhei", size: Double(random.int(12...20)), width: Double(random.int(60...300)),
                              text: TestCorpus.sentence(TestCorpus.chinese + TestCorpus.japanese, count: random.int(10...80), separator: "", random: &random)))
        }
        for _ in 0..<10 {
            cases.append(Case(font: "NotoSansArabic-Regular", size: 16, width: Double(random.int(80...300)),
                              text: TestCorpus.sentence(TestCorpus.arabic, count: random.int(5...30), random: &random)))
        }
        return cases
    }()

    @Test(arguments: cases)
    func wordWrapIsGreedyAndExact(_ testCase: Case) throws {
        let font = try Font(named: testCase.font, size: testCase.size)
        let layout = try TextMeasurer.layout(testCase.text, font: font, in: TextContainer(width: testCase.width))
        let breaks = Set(LineBreaking.opportunities(in: testCase.text).map(\.offset))
        let utf8Count = testCase.text.utf8.count
        #expect(layout.lines.first?.utf8Range.lowerBound == 0)
        #expect(layout.lines.last?.utf8Range.upperBound == utf8Count)
        for (index, line) in layout.lines.enumerated() {
            let text = Self.lineText(testCase.text, line.utf8Range)
            let reference = try Self.singleLineWidth(text, font)
            #expect(abs(line.width - reference) < 1e-9, "line \(index) \(text.debugDescription): \(line.width) vs \(reference)")
            #expect(line.width <= testCase.width + 1e-9, "line \(index) overflows: \(text.debugDescription)")
            let end = line.utf8Range.upperBound
            if !breaks.contains(end) {
                // Only a word wider than the whole line may be cut between clusters.
                let wordStart = (breaks.filter { $0 < end } + [0]).max()!
                let wordEnd = breaks.filter { $0 > end }.min()!
                let word = Self.lineText(testCase.text, wordStart..<wordEnd)
                #expect(try Self.singleLineWidth(word, font) > testCase.width, "line \(index) cuts \(word.debugDescription), which fits")
            } else if index + 1 < layout.lines.count {
                // Greedy: the next segment's content would not have fitted.
                let nextEnd = breaks.filter { $0 > end }.min()!
                let longer = Self.lineText(testCase.text, line.utf8Range.lowerBound..<nextEnd)
                #expect(try Self.singleLineWidth(longer, font) > testCase.width, "line \(index) could hold one more segment")
            }
            if index + 1 < layout.lines.count {
                #expect(layout.lines[index + 1].utf8Range.lowerBound == end)
            }
            #expect(abs(line.baseline - (Double(index) * font.metrics.lineHeight + font.metrics.ascender)) < 1e-9)
        }
        #expect(layout.size.height == Double(layout.lineCount) * font.metrics.lineHeight)
        #expect(layout.size.width == layout.lines.map(\.width).max())
    }

    @Test func aPreparedTextRelaysOutLikeAFreshMeasurement() throws {
        var random = TestCorpus.Random(seed: 5)
        let font = try Font(named: "Roboto-Regular", size: 15)
        for _ in 0..<40 {
            let text = TestCorpus.sentence(TestCorpus.englishWords, count: random.int(3...40), random: &random)
            let prepared = try PreparedText(text, font: font)
            for width in [320.0, 120, 75, 414, 1024] {
                let container = try TextContainer(width: width, numberOfLines: random.int(0...3), lineBreakMode: .truncateTail)
                #expect(prepared.layout(in: container) == (try TextMeasurer.layout(text, font: font, in: container)))
                #expect(prepared.size(in: container) == prepared.layout(in: container).size)
            }
        }
    }

    @Test func longWordsBreakBetweenGraphemeClusters() throws {
        let font = try Font(named: "Roboto-Regular", size: 15)
        let text = "Supercalifragilisticexpialidocious e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}"
        let layout = try TextMeasurer.layout(text, font: font, in: TextContainer(width: 40))
        let graphemes = Set(GraphemeBreaking.boundaries(in: text) + [0])
        var joined = ""
        for line in layout.lines {
            #expect(graphemes.contains(line.utf8Range.lowerBound))
            #expect(line.width <= 40 + 1e-9)
            let piece = Self.lineText(text, line.utf8Range)
            #expect(abs(line.width - (try Self.singleLineWidth(piece, font))) < 1e-9, "piece \(piece.debugDescription)")
            joined += piece
        }
        #expect(joined == text)
        #expect(layout.lineCount >= 6)
    }

    @Test(arguments: [3, 5, 20, 40])
    func regionalIndicatorsTheFontLigatesAcrossClustersLoseNoWidth(_ flags: Int) throws {
        // Noto Color Emoji shapes 🇺🇯🇵🇯🇵… as 🇺, 🇯🇵, 🇯🇵…, across the grapheme clusters 🇺🇯,
        // 🇵🇯…, and HarfBuzz gives all the glyphs one cluster: cut between graphemes, every line
        // is still as wide as its own text shaped by hb-shape, and fits.
        let font = try Font(named: "NotoColorEmoji", size: 15)
        let text = "🇺" + String(repeating: "🇯🇵", count: flags)
        let width = 60.0
        let layout = try TextMeasurer.layout(text, font: font, in: TextContainer(width: width))
        let graphemes = Set(GraphemeBreaking.boundaries(in: text) + [0])
        let pieces = layout.lines.map { Self.lineText(text, $0.utf8Range) }
        let face = font.face
        let references = try HBShapeReference.advances(fontPath: face.path, unitsPerEm: Int(face.metrics.unitsPerEm),
                                                       strings: pieces)
        for (line, (piece, reference)) in zip(layout.lines, zip(pieces, references)) {
            #expect(graphemes.contains(line.utf8Range.lowerBound))
            let expected = Double(reference) * font.size / Double(face.metrics.unitsPerEm)
            #expect(abs(line.width - expected) < 1e-9, "\(piece): \(line.width) against hb-shape's \(expected)")
            #expect(line.width <= width + 1e-9, "\(piece) overflows")
        }
        #expect(pieces.joined() == text)
    }

    @Test func aLongRowOfFlagsBreaksAfterEveryFlagThatFits() throws {
        // 40 flags: as many on each line as hb-shape says fit, to the last (as Pango breaks them).
        let font = try Font(named: "NotoColorEmoji", size: 15)
        let width = 60.0
        let face = font.face
        let rows = (1...5).map { String(repeating: "🇯🇵", count: $0) }
        let fitting = try HBShapeReference.advances(fontPath: face.path, unitsPerEm: Int(face.metrics.unitsPerEm), strings: rows)
            .filter { Double($0) * font.size / Double(face.metrics.unitsPerEm) <= width }.count
        #expect(fitting == 3)
        let layout = try TextMeasurer.layout(String(repeating: "🇯🇵", count: 40), font: font, in: TextContainer(width: width))
        let flagsPerLine = layout.lines.map { $0.utf8Range.count / 8 }
        #expect(flagsPerLine == Array(repeating: fitting, count: 40 / fitting) + [40 % fitting], "\(flagsPerLine)")
    }

    @Test func whitespaceInsideAWordCutBetweenClustersHangs() throws {
        // UAX #14 breaks before neither "!" nor "?" (LB13), so "Bonjour !" is one segment; cut
        // between its clusters, a space or tab left at the end of a line hangs like any line's
        // trailing whitespace: the line is as wide as its text alone, and the next line does
        // not start with it.
        let font = try Font(named: "Roboto-Regular", size: 15)
        for text in ["Bonjour !", "a    !", "x\t?"] {
            for width in stride(from: 4.0, through: 70, by: 0.5) {
                let layout = try TextMeasurer.layout(text, font: font, in: TextContainer(width: width))
                var joined = ""
                for (index, line) in layout.lines.enumerated() {
                    let piece = Self.lineText(text, line.utf8Range)
                    #expect(abs(line.width - (try Self.singleLineWidth(piece, font))) < 1e-9,
                            "\(text.debugDescription) @\(width): \(piece.debugDescription) is \(line.width) pt")
                    #expect(index == 0 || !(piece.first?.isWhitespace ?? false),
                            "\(text.debugDescription) @\(width): line \(index) starts with whitespace")
                    joined += piece
                }
                #expect(joined == text)
            }
        }
    }

    @Test func theLastClusterOfACutWordIsMeasuredAsShaped() throws {
        // In a line narrower than any letter, "offi" takes a line per cluster; its last, "i",
        // is the rest of the word after the cut, measured as shaped from there — not by its
        // third of the ffi ligature (its share when the cut was chosen).
        let font = try Font(named: "Roboto-Regular", size: 15)
        for text in ["offi", "office", "affine"] {
            let layout = try TextMeasurer.layout(text, font: font, in: TextContainer(width: 1))
            #expect(layout.lineCount == text.count)
            for line in layout.lines {
                let piece = Self.lineText(text, line.utf8Range)
                #expect(abs(line.width - (try Self.singleLineWidth(piece, font))) < 1e-9, "\(text): \(piece) is \(line.width) pt")
            }
        }
    }

    @Test func everyLineOfALongWordIsAsWideAsItsText() throws {
        // Words of 60 to 160 bytes, too long for the segment cache, cut between clusters at
        // many widths: each line as wide as its own text, the last too — though a ligature
        // (ffi) or a glyph cluster HarfBuzz merges across clusters (a pictograph after a zero
        // width joiner, in Roboto's .notdef) may span the cut, so that the clusters' advances
        // from shaping the whole word do not add up to the rest.
        let font = try Font(named: "Roboto-Regular", size: 15)
        let pieces = ["f", "i", "o", "ffi", "\u{200D}", "👩", "🏿", "e\u{301}", "W", "A", "\u{200A}", "\u{FE0F}"]
        var random = TestCorpus.Random(seed: 0x10_4D)
        for index in 0..<600 {
            var word = ""
            let length = random.int(60...160)
            while word.utf8.count < length { word += random.pick(pieces) }
            let width = Double(20 + index % 180)
            let layout = try TextMeasurer.layout(word, font: font, in: TextContainer(width: width))
            let graphemes = Set(GraphemeBreaking.boundaries(in: word) + [0])
            var joined = ""
            for line in layout.lines {
                let piece = Self.lineText(word, line.utf8Range)
                #expect(graphemes.contains(line.utf8Range.lowerBound))
                #expect(abs(line.width - (try Self.singleLineWidth(piece, font))) < 1e-9,
                        "\(word.debugDescription) @\(width): \(piece.debugDescription) is \(line.width) pt")
                joined += piece
            }
            #expect(joined == word)
        }
    }

    @Test func aSingleClusterWiderThanTheLineStillTakesALine() throws {
        let font = try Font(named: "Roboto-Regular", size: 40)
        let layout = try TextMeasurer.layout("WWW", font: font, in: TextContainer(width: 5))
        #expect(layout.lineCount == 3)
        #expect(layout.lines.allSatisfy { $0.width > 5 })
    }

    @Test func charWrapBreaksBeforeTheFirstClusterThatDoesNotFit() throws {
        let font = try Font(named: "Roboto-Regular", size: 15)
        let text = "abc defghij klmnop"
        let width = try Self.singleLineWidth("abc def", font) + 0.01
        let layout = try TextMeasurer.layout(text, font: font, in: TextContainer(width: width, lineBreakMode: .charWrap))
        #expect(Self.lineText(text, layout.lines[0].utf8Range) == "abc def")
        #expect(layout.lines.allSatisfy { $0.width <= width })
        let wordWrapped = try TextMeasurer.layout(text, font: font, in: TextContainer(width: width))
        #expect(Self.lineText(text, wordWrapped.lines[0].utf8Range) == "abc ")
    }

    @Test func trailingWhitespaceHangs() throws {
        let font = try Font(named: "Roboto-Regular", size: 15)
        let word = try Self.singleLineWidth("abc", font)
        #expect(try Self.singleLineWidth("abc      ", font) == word)
        // A line whose spaces overflow the width still holds the word.
        let layout = try TextMeasurer.layout("abc        def", font: font, in: TextContainer(width: word + 1))
        #expect(layout.lineCount == 2)
        #expect(layout.lines[0].width == word)
        // Leading spaces count.
        #expect(try Self.singleLineWidth("  abc", font) > word)
    }

    // MARK: No line could have taken its next cluster

    /// How a test measures a line as the layout measures it, independently of the line fitter.
    enum LineReference: String, Sendable {
        /// The library's whole-line width of the line's text alone (one unlimited line: whole
        /// segments, no cutting), which for text in one direction is how a line is measured.
        case textAlone
        /// hb-shape on the line's text with the characters around it as HarfBuzz's context
        /// (`--text-before`, `--text-after`): an Arabic word cut between clusters keeps its
        /// joining forms across the cut, as the layout shapes it, which its text alone does not.
        case hbShapeInContext
        /// The text alone where it measures the line as the layout does, in a chain: a space,
        /// digit or punctuation mark takes the font of the run around it (`$` and `"` next to
        /// Chinese are drawn in WenQuanYi), and in a line that mixes directions a space's font and
        /// the bidi level of digits come from the neighbours too, which the text alone may lack.
        /// Lines whose width is not their text's alone are counted, not checked.
        case textAloneWhereExact
    }

    struct ChainCase: Sendable, CustomStringConvertible {
        var fonts: [String]
        var reference: LineReference
        var size: Double
        var width: Double
        var numberOfLines: Int
        var mode: LineBreakMode
        var text: String
        var description: String { "\(fonts.joined(separator: "+")) \(size)pt @\(width) \(mode) ×\(numberOfLines): \(text.prefix(24))…" }
    }

    /// Random texts in several scripts and chains, every line break mode, at widths narrow
    /// enough that words are cut.
    static let chainCases: [ChainCase] = {
        var random = TestCorpus.Random(seed: 32)
        let emoji = ["🎉", "👍🏽", "😂", "🇯🇵", "👨‍👩‍👧", "❤️"]
        let kinds: [([String], LineReference, () -> String)] = [
            (["Roboto-Regular"], .textAlone, { TestCorpus.sentence(TestCorpus.englishWords, count: random.int(3...30), random: &random) }),
            (["Roboto-Medium"], .textAlone, { TestCorpus.sentence(TestCorpus.englishWords, count: random.int(3...30), random: &random) }),
            (["wqy-microhei"], .textAlone, {
                TestCorpus.sentence(TestCorpus.chinese + TestCorpus.japanese, count: random.int(5...60), separator: "", random: &random)
            }),
            (["wqy-microhei"], .textAlone, { TestCorpus.sentence(TestCorpus.korean, count: random.int(3...20), random: &random) }),
            (["NotoSansArabic-Regular"], .hbShapeInContext, {
                TestCorpus.sentence(TestCorpus.arabic, count: random.int(3...20), random: &random)
            }),
            (["NotoSansHebrew-Regular"], .textAlone, { TestCorpus.sentence(TestCorpus.hebrew, count: random.int(3...20), random: &random) }),
            (["Roboto-Regular", "wqy-microhei", "NotoColorEmoji"], .textAloneWhereExact, {
                TestCorpus.sentence(TestCorpus.englishWords + TestCorpus.chinese + emoji, count: random.int(3...30), random: &random)
            }),
            (["Roboto-Regular", "NotoSansArabic-Regular", "NotoSansHebrew-Regular", "wqy-microhei"], .textAloneWhereExact, {
                TestCorpus.sentence(TestCorpus.englishWords + TestCorpus.arabic + TestCorpus.hebrew + TestCorpus.korean,
                                    count: random.int(3...20), random: &random)
            }),
        ]
        var cases: [ChainCase] = []
        for index in 0..<288 {
            let (fonts, reference, text) = kinds[index % kinds.count]
            var sentence = text()
            if random.below(4) == 0 { sentence += "\n" + text() }  // a mandatory break
            cases.append(ChainCase(fonts: fonts, reference: reference, size: Double(random.int(11...22)),
                                   width: Double(random.int(24...160)) + 0.5, numberOfLines: random.pick([0, 0, 1, 2, 4]),
                                   mode: LineBreakMode.allCases[index / kinds.count % 6], text: sentence))
        }
        return cases
    }()

    /// The width in points of `text[range]` without the whitespace it ends in, shaped by
    /// hb-shape in `font` with the five characters on each side as context.
    static func hbShapeWidthInContext(_ text: String, _ range: Range<Int>, font: Font) throws -> Double {
        let bytes = Array(text.utf8)
        var end = range.upperBound
        while end > range.lowerBound, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x0A { end -= 1 }
        let before = String(decoding: bytes[..<range.lowerBound], as: UTF8.self).unicodeScalars.suffix(5)
        let after = String(decoding: bytes[end...], as: UTF8.self).unicodeScalars.prefix(5)
        let face = font.face
        let advance = try HBShapeReference.advances(
            fontPath: face.path, unitsPerEm: Int(face.metrics.unitsPerEm), strings: [lineText(text, range.lowerBound..<end)],
            options: ["--text-before=\(String(String.UnicodeScalarView(before)))", "--text-after=\(String(String.UnicodeScalarView(after)))"])[0]
        return Double(advance) * font.size / Double(face.metrics.unitsPerEm)
    }

    /// Every line but the last, and one that ends at a mandatory break, is as long as it can be:
    /// the line with its next unit — the next grapheme cluster in char wrap or where the line
    /// cut a word, else the next word — measured as a line is (``LineReference``: apart from
    /// the line fitter; trailing whitespace hangs) does not fit. That the reference measures as
    /// the layout does is checked on the line itself: its width is the reference's for its text.
    @Test(arguments: chainCases)
    func noLineCouldHaveTakenItsNextCluster(_ testCase: ChainCase) throws {
        let fonts = try FontChain(named: testCase.fonts, size: testCase.size)
        let container = try TextContainer(width: testCase.width, numberOfLines: testCase.numberOfLines,
                                          lineBreakMode: testCase.mode)
        let layout = try PreparedText(testCase.text, fonts: fonts).layout(in: container)
        let graphemes = GraphemeBreaking.boundaries(in: testCase.text)
        let graphemeSet = Set(graphemes)
        let opportunities = LineBreaking.opportunities(in: testCase.text).filter { graphemeSet.contains($0.offset) }
        let breaks = opportunities.map(\.offset)
        let mandatory = Set(opportunities.filter(\.isMandatory).map(\.offset))
        func width(_ range: Range<Int>) throws -> Double {
            switch testCase.reference {
            case .textAlone, .textAloneWhereExact:
                try PreparedText(Self.lineText(testCase.text, range), fonts: fonts).size(in: .unlimited).width
            case .hbShapeInContext:
                try Self.hbShapeWidthInContext(testCase.text, range, font: fonts.fonts[0])
            }
        }
        var (checked, unmeasurable) = (0, 0)
        for (index, line) in layout.lines.enumerated().dropLast() {
            let range = line.utf8Range
            let text = Self.lineText(testCase.text, range)
            #expect(line.width <= testCase.width || graphemes.filter { range.contains($0) }.count <= 1,
                    "line \(index) \(text.debugDescription) overflows")
            let reference = try width(range)
            if testCase.reference == .textAloneWhereExact, abs(line.width - reference) > 1e-9 {
                unmeasurable += 1
                continue
            }
            #expect(abs(line.width - reference) < 1e-9, "line \(index) \(text.debugDescription) is \(line.width) pt, its reference \(reference) pt")
            guard !mandatory.contains(range.upperBound) else { continue }
            let cutsAWord = !breaks.contains(range.upperBound)
            let nextEnd = (testCase.mode == .charWrap || cutsAWord ? graphemes : breaks).first { $0 > range.upperBound }!
            let longer = try width(range.lowerBound..<nextEnd)
            #expect(longer > testCase.width, """
                line \(index) \(text.debugDescription) could have taken \
                \(Self.lineText(testCase.text, range.upperBound..<nextEnd).debugDescription): \(longer) pt
                """)
            checked += 1
        }
        // Over all cases: 1,688 lines checked, 17 of the chains' lines not measurable alone.
        #expect(unmeasurable <= checked, "\(unmeasurable) lines the reference cannot measure, \(checked) checked")
    }

    /// The same property against hb-shape, for lines of Latin text in one font at widths a
    /// quarter point apart: the line with its next cluster (char wrap, or a word cut) or word,
    /// without the whitespace that hangs, shaped by HarfBuzz's own command-line tool at the
    /// font's units per em, is wider than the line.
    @Test(arguments: [LineBreakMode.charWrap, .wordWrap, .truncateMiddle])
    func noLineCouldHaveTakenItsNextClusterByHBShape(_ mode: LineBreakMode) throws {
        var random = TestCorpus.Random(seed: 3232)
        let font = try Font(named: "Roboto-Regular", size: 15)
        let face = font.face
        var candidates: [(text: String, width: Double)] = []
        for _ in 0..<12 {
            let text = TestCorpus.sentence(TestCorpus.englishWords, count: random.int(4...16), random: &random)
            let graphemes = GraphemeBreaking.boundaries(in: text)
            let breaks = LineBreaking.opportunities(in: text).map(\.offset)
            for width in stride(from: 20.0, through: 120, by: 0.25) {
                let layout = try TextMeasurer.layout(text, font: font, in: TextContainer(width: width, lineBreakMode: mode))
                for line in layout.lines.dropLast() {
                    let range = line.utf8Range
                    let next = (mode == .charWrap || !breaks.contains(range.upperBound) ? graphemes : breaks)
                        .first { $0 > range.upperBound }!
                    let longer = Self.lineText(text, range.lowerBound..<next)
                    candidates.append((String(longer.reversed().drop { $0 == " " }.reversed()), width))
                }
            }
        }
        #expect(candidates.count > 10_000)
        let advances = try HBShapeReference.advances(fontPath: face.path, unitsPerEm: Int(face.metrics.unitsPerEm),
                                                     strings: candidates.map(\.text))
        var fitting = 0
        for (candidate, advance) in zip(candidates, advances) {
            let points = Double(advance) * font.size / Double(face.metrics.unitsPerEm)
            if points <= candidate.width { fitting += 1 }
        }
        #expect(fitting == 0, "\(fitting) of \(candidates.count) lines could have taken their next cluster")
    }

    @Test func charWrapTakesTheClusterItsKerningInTheWordWouldPushOut() throws {
        // "r" before "t" is kerned 50 units wider in Roboto; "uno cor" alone, as the line
        // stands, is 6,870 units by hb-shape: 50.32 pt at 15 pt, which fits 50.5 pt.
        let font = try Font(named: "Roboto-Regular", size: 15)
        let text = "uno corte exterior"
        let layout = try TextMeasurer.layout(text, font: font, in: TextContainer(width: 50.5, lineBreakMode: .charWrap))
        let face = font.face
        let reference = try HBShapeReference.advances(fontPath: face.path, unitsPerEm: Int(face.metrics.unitsPerEm),
                                                      strings: ["uno cor"])[0]
        #expect(Double(reference) * 15 / Double(face.metrics.unitsPerEm) <= 50.5)
        #expect(Self.lineText(text, layout.lines[0].utf8Range) == "uno cor")
        #expect(abs(layout.lines[0].width - Double(reference) * 15 / Double(face.metrics.unitsPerEm)) < 1e-9)
    }
}
