import Testing
import TestSupport
import TextSegmentation
import TextMetrics

/// Font fallback chains, script and direction runs, emoji clusters and mixed-font line
/// heights, each against an independent reference: `hb-shape` widths of the runs shaped on
/// their own, and line metrics read from the fonts' tables by the test support's own parser.
@Suite struct FontFallbackTests {
    static let size = 16.0
    static let chain = ["Roboto-Regular", "wqy-microhei", "NotoSansArabic-Regular", "NotoSansHebrew-Regular", "NotoColorEmoji"]

    /// The width in points of `text` shaped alone in the bundled font `name`, by hb-shape.
    static func hbWidth(_ name: String, _ text: String) throws -> Double {
        let path = try #require(BundledFonts.path(named: name))
        let upem = try SfntTables(path: path).verticalMetrics().unitsPerEm
        let units = try HBShapeReference.advances(fontPath: path, unitsPerEm: upem, strings: [text])[0]
        return Double(units) * size / Double(upem)
    }

    /// (ascender, descent, line gap) in points, from the font's own tables.
    static func lineMetrics(_ name: String) throws -> (ascender: Double, descent: Double, gap: Double) {
        let metrics = try SfntTables(path: try #require(BundledFonts.path(named: name))).verticalMetrics()
        let k = size / Double(metrics.unitsPerEm)
        if metrics.useTypoMetrics, let a = metrics.typoAscender, let d = metrics.typoDescender, let g = metrics.typoLineGap {
            return (Double(a) * k, Double(-d) * k, Double(g) * k)
        }
        return (Double(metrics.hheaAscender) * k, Double(-metrics.hheaDescender) * k, Double(metrics.hheaLineGap) * k)
    }

    static func layout(_ text: String, _ names: [String] = chain, width: Double = 0, height: Double = 0,
                       mode: LineBreakMode = .wordWrap) throws -> TextLayout {
        try PreparedText(text, fonts: FontChain(named: names, size: size))
            .layout(in: TextContainer(width: width, height: height, lineBreakMode: mode))
    }

    @Test func eachRunIsMeasuredInTheFirstFontThatHasIt() throws {
        // "Hello " in Roboto; "你好" in WenQuanYi; the space after it and "world" back in Roboto,
        // the first font that has them.
        let layout = try Self.layout("Hello 你好 world")
        let expected = try Self.hbWidth("Roboto-Regular", "Hello ") + Self.hbWidth("wqy-microhei", "你好")
            + Self.hbWidth("Roboto-Regular", " world")
        #expect(abs(layout.size.width - expected) < 1e-9)
        #expect(layout.usesFallbackFonts)
        #expect(layout.missingGlyphs.isEmpty)
        let plain = try Self.layout("Hello world")
        #expect(!plain.usesFallbackFonts)
        #expect(abs(plain.size.width - (try Self.hbWidth("Roboto-Regular", "Hello world"))) < 1e-9)
    }

    @Test func commonCharactersTakeTheFirstFontThatHasThem() throws {
        // Roboto has the ASCII parentheses, digits, comma and space (its cmap, read by the test
        // support's own parser), not the ideographs or the fullwidth comma, which WenQuanYi has.
        let roboto = try SfntTables(path: try #require(BundledFonts.path(named: "Roboto-Regular"))).mappedCodePoints()
        let wqy = try SfntTables(path: try #require(BundledFonts.path(named: "wqy-microhei"))).mappedCodePoints()
        #expect("(2.0), ".unicodeScalars.allSatisfy { roboto.contains($0.value) })
        #expect(!roboto.contains(0x7248) && !roboto.contains(0xFF0C) && wqy.contains(0x7248) && wqy.contains(0xFF0C))
        let version = try Self.layout("版本(2.0)发布")
        #expect(abs(version.size.width - (try Self.hbWidth("wqy-microhei", "版本") + Self.hbWidth("Roboto-Regular", "(2.0)")
                                          + Self.hbWidth("wqy-microhei", "发布"))) < 1e-9)
        let comma = try Self.layout("你好, 世界")
        #expect(abs(comma.size.width - (try Self.hbWidth("wqy-microhei", "你好") + Self.hbWidth("Roboto-Regular", ", ")
                                        + Self.hbWidth("wqy-microhei", "世界"))) < 1e-9)
        // The fullwidth comma only WenQuanYi has stays in the run of ideographs.
        let fullwidth = try Self.layout("你好，世界")
        #expect(abs(fullwidth.size.width - (try Self.hbWidth("wqy-microhei", "你好，世界"))) < 1e-9)
        // Digits that open a text take the first font, as anywhere.
        let digits = try Self.layout("123 你好")
        #expect(abs(digits.size.width - (try Self.hbWidth("Roboto-Regular", "123 ") + Self.hbWidth("wqy-microhei", "你好"))) < 1e-9)
        // WenQuanYi first: it has ASCII, so everything is in it.
        let wqyFirst = try Self.layout("版本(2.0)发布", ["wqy-microhei", "Roboto-Regular"])
        #expect(abs(wqyFirst.size.width - (try Self.hbWidth("wqy-microhei", "版本(2.0)发布"))) < 1e-9)
    }

    @Test func arabicJoinsAndHebrewRunsRightToLeft() throws {
        // The Arabic words join within themselves; the space between them is Roboto's, the
        // first font that has a space.
        let layout = try Self.layout("Hi مرحبا بالعالم")
        let expected = try Self.hbWidth("Roboto-Regular", "Hi ") + Self.hbWidth("NotoSansArabic-Regular", "مرحبا")
            + Self.hbWidth("Roboto-Regular", " ") + Self.hbWidth("NotoSansArabic-Regular", "بالعالم")
        #expect(abs(layout.size.width - expected) < 1e-9)
        // Joining changes the width: the letters shaped one by one add up to something else.
        let arabic = "مرحبا"
        var isolated = 0.0
        for letter in arabic { isolated += try Self.hbWidth("NotoSansArabic-Regular", String(letter)) }
        #expect(abs(isolated - (try Self.hbWidth("NotoSansArabic-Regular", arabic))) > 1)
        // Hebrew: logical order is kept for line breaking; lines are adjacent byte ranges.
        let hebrew = try Self.layout("abc שלום עולם def", width: 60)
        #expect(hebrew.lines.count > 1)
        for (a, b) in zip(hebrew.lines, hebrew.lines.dropFirst()) { #expect(a.utf8Range.upperBound == b.utf8Range.lowerBound) }
    }

    @Test func missingCharactersUseThePrimaryNotdef() throws {
        // No bundled font has Cherokee.
        let layout = try Self.layout("a\u{13A0}b", ["Roboto-Regular", "wqy-microhei"])
        #expect(layout.missingGlyphs == ["\u{13A0}"])
        #expect(!layout.usesFallbackFonts)
        let expected = try Self.hbWidth("Roboto-Regular", "a\u{13A0}b")  // .notdef in Roboto
        #expect(abs(layout.size.width - expected) < 1e-9)
    }

    @Test func emojiSequencesAreSingleClustersInTheEmojiFont() throws {
        let emoji = ["👨‍👩‍👧‍👦", "🇯🇵", "#️⃣", "👋🏽", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "❤️"]
        let text = emoji.joined()
        // One cluster per line at any width too small for two: never broken inside.
        let layout = try Self.layout(text, ["Roboto-Regular", "NotoColorEmoji"], width: 1, mode: .charWrap)
        #expect(layout.lines.count == emoji.count)
        let boundaries = GraphemeBreaking.boundaries(in: text)
        #expect(layout.lines.map(\.utf8Range.upperBound) == boundaries)
        for (line, sequence) in zip(layout.lines, emoji) {
            #expect(abs(line.width - (try Self.hbWidth("NotoColorEmoji", sequence))) < 1e-9, "\(sequence)")
        }
    }

    @Test func aLineIsAsTallAsTheFontsOnIt() throws {
        let roboto = try Self.lineMetrics("Roboto-Regular")
        let wqy = try Self.lineMetrics("wqy-microhei")
        let layout = try Self.layout("abc\n你好\nabc 你好")
        #expect(layout.lines.count == 3)
        #expect(abs(layout.lines[0].height - (roboto.ascender + roboto.descent + roboto.gap)) < 1e-9)
        #expect(abs(layout.lines[1].height - (wqy.ascender + wqy.descent + wqy.gap)) < 1e-9)
        let mixed = max(roboto.ascender, wqy.ascender) + max(roboto.descent, wqy.descent) + max(roboto.gap, wqy.gap)
        #expect(abs(layout.lines[2].height - mixed) < 1e-9)
        #expect(abs(layout.size.height - layout.lines.map(\.height).reduce(0, +)) < 1e-9)
        #expect(abs(layout.lines[2].baseline - (layout.lines[0].height + layout.lines[1].height
                                                + max(roboto.ascender, wqy.ascender))) < 1e-9)
        // A height limit counts the lines' own heights.
        let limited = try Self.layout("abc\n你好\nabc 你好", height: layout.lines[0].height + layout.lines[1].height + 0.001)
        #expect(limited.lines.count == 2)
        #expect(limited.isTruncated)
    }

    @Test func chainsAreValidated() throws {
        #expect(throws: InvalidArgumentError.self) { try FontChain([]) }
        let a = try Font(named: "Roboto-Regular", size: 12)
        let b = try Font(named: "wqy-microhei", size: 13)
        #expect(throws: InvalidArgumentError.self) { try FontChain([a, b]) }
        #expect(throws: InvalidArgumentError.self) { try FontChain(Array(repeating: a, count: FontChain.maxCount + 1)) }
        #expect(throws: InvalidArgumentError.self) { try PreparedText("abc", font: a, language: "not a tag!") }
        // A language tag is accepted and changes nothing for text without language forms.
        let tagged = try PreparedText("Hello world", font: a, language: "en").size(in: .unlimited)
        #expect(tagged == (try PreparedText("Hello world", font: a).size(in: .unlimited)))
    }

    @Test func aChainOfOneMeasuresAsTheFontAlone() throws {
        let font = try Font(named: "wqy-microhei", size: Self.size)
        for text in ["你好，世界", "混合 text 123", "שלום"] {
            let alone = try PreparedText(text, font: font).layout(in: .unlimited)
            let chained = try PreparedText(text, fonts: FontChain([font])).layout(in: .unlimited)
            #expect(alone == chained)
        }
    }
}
