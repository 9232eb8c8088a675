import Foundation
import Testing
import TestSupport
@testable import TextMetrics

/// Lines of attributed text: heights from the fonts' own tables (read independently) and the
/// attachments' boxes, break opportunities around attachments (UAX #14 LB20), widths from
/// `hb-shape`.
@Suite struct AttributedLayoutTests {
    /// A font's ascender, descent and line gap at `size`, from its own tables.
    static func metrics(_ name: String, size: Double) throws -> (ascent: Double, descent: Double, gap: Double) {
        let path = try #require(BundledFonts.path(named: name))
        let tables = try SfntTables(path: path).verticalMetrics()
        let k = size / Double(tables.unitsPerEm)
        if tables.useTypoMetrics {
            return (Double(tables.typoAscender!) * k, -Double(tables.typoDescender!) * k, Double(tables.typoLineGap!) * k)
        }
        return (Double(tables.hheaAscender) * k, -Double(tables.hheaDescender) * k, Double(tables.hheaLineGap) * k)
    }

    /// hb-shape's width of `text` alone in `font` at `size`.
    static func shapedWidth(_ text: String, font: String, size: Double) throws -> Double {
        let path = try #require(BundledFonts.path(named: font))
        let upem = try SfntTables(path: path).verticalMetrics().unitsPerEm
        return Double(try HBShapeReference.advances(fontPath: path, unitsPerEm: upem, strings: [text])[0]) * size / Double(upem)
    }

    static func body() throws -> TextStyle { TextStyle(fonts: try FontChain(named: ["Roboto-Regular"], size: 15)) }

    @Test func anAttachmentRaisesItsLine() throws {
        let box = try TextAttachment(width: 18, ascent: 30, descent: 6)
        var builder = AttributedText.Builder(style: try Self.body())
        builder.append("Hi ")
        builder.appendAttachment(box)
        builder.append(" there")
        let layout = try PreparedText(try builder.build()).layout(in: .unlimited)
        let roboto = try Self.metrics("Roboto-Regular", size: 15)
        let line = try #require(layout.lines.first)
        #expect(layout.lineCount == 1)
        #expect(abs(line.height - (max(roboto.ascent, 30) + max(roboto.descent, 6) + roboto.gap)) < 1e-9)
        #expect(abs(line.baseline - max(roboto.ascent, 30)) < 1e-9)
        #expect(layout.firstBaseline == line.baseline && layout.lastBaseline == line.baseline)
        let expected = try Self.shapedWidth("Hi ", font: "Roboto-Regular", size: 15) + 18
            + Self.shapedWidth(" there", font: "Roboto-Regular", size: 15)
        #expect(abs(line.width - expected) < 1e-9, "\(line.width) vs \(expected)")
        // Lines without the attachment keep the font's own height.
        var short = AttributedText.Builder(style: try Self.body())
        short.append("Hi ")
        short.appendAttachment(try TextAttachment(width: 12, ascent: 30, descent: 6))
        short.append(" so")
        let narrow = try PreparedText(try short.build()).layout(in: try TextContainer(width: 26))
        #expect(narrow.lines.map { $0.range(in: "Hi \u{FFFC} so", unit: .utf16) } == [0..<3, 3..<5, 5..<7])
        let heights = narrow.lines.map(\.height)
        let plainHeight = roboto.ascent + roboto.descent + roboto.gap
        #expect(heights.count == 3 && abs(heights[0] - plainHeight) < 1e-9 && abs(heights[2] - plainHeight) < 1e-9)
        #expect(abs(heights[1] - (max(roboto.ascent, 30) + max(roboto.descent, 6) + roboto.gap)) < 1e-9)
        #expect(abs(narrow.lastBaseline - (heights[0] + heights[1] + roboto.ascent)) < 1e-9)
    }

    @Test func attachmentsBreakOnBothSides() throws {
        // LB20: ÷ CB ÷ — an attachment between letters is a line of its own when nothing fits.
        var builder = AttributedText.Builder(style: try Self.body())
        builder.append("ab")
        builder.appendAttachment(try TextAttachment(width: 20, ascent: 10))
        builder.append("cd")
        let text = try builder.build()
        let layout = try PreparedText(text).layout(in: try TextContainer(width: 22))
        #expect(layout.lines.map(\.utf8Range) == [0..<2, 2..<5, 5..<7])
        #expect(abs(layout.lines[1].width - 20) < 1e-9)
        // The glyphs of the attachment's line: one box, 20 pt wide.
        let glyphs = try PreparedText(text).glyphs(for: layout.lines[1])
        #expect(glyphs.count == 1 && glyphs[0].attachmentIndex == 0 && abs(glyphs[0].advance - 20) < 1e-9)
    }

    @Test func aLineIsAsTallAsItsLargestSize() throws {
        var builder = AttributedText.Builder(style: try Self.body())
        builder.append("small ")
        builder.append("BIG", TextAttributes(size: 30))
        builder.append(" 中文", TextAttributes(fonts: try FontChain(named: ["wqy-microhei"], size: 12)))
        let layout = try PreparedText(try builder.build()).layout(in: .unlimited)
        let parts = [try Self.metrics("Roboto-Regular", size: 15), try Self.metrics("Roboto-Regular", size: 30),
                     try Self.metrics("wqy-microhei", size: 12)]
        let expected = parts.map(\.ascent).max()! + parts.map(\.descent).max()! + parts.map(\.gap).max()!
        #expect(abs(layout.size.height - expected) < 1e-9)
        #expect(abs(layout.firstBaseline - parts.map(\.ascent).max()!) < 1e-9)
        #expect(!layout.usesFallbackFonts)
    }

    @Test func laterRangesWin() throws {
        let medium = try FontChain(named: ["Roboto-Medium"], size: 15)
        var text = AttributedText("one two three", style: try Self.body())
        try text.addAttributes(TextAttributes(fonts: medium, kern: 1), to: 0..<7)
        try text.addAttributes(TextAttributes(kern: 0), to: 4..<13)
        var expected = AttributedText("one two three", style: try Self.body())
        try expected.addAttributes(TextAttributes(fonts: medium, kern: 1), to: 0..<4)
        try expected.addAttributes(TextAttributes(fonts: medium), to: 4..<7)
        #expect(try PreparedText(text).layout(in: .unlimited) == PreparedText(expected).layout(in: .unlimited))
    }

    @Test func offsetsInEveryUnitAgree() throws {
        let string = "😀 @bob says héllo 👋🏽 to 中文"
        let utf8: Range<Int> = 5..<9  // "@bob" after "😀 " (4 + 1 bytes)
        let layouts = try TextOffsetUnit.allCases.map { unit -> TextLayout in
            let lower = unit.offset(ofUTF8: utf8.lowerBound, in: string)
            let upper = unit.offset(ofUTF8: utf8.upperBound, in: string)
            let span = AttributedText.Span(range: lower..<upper,
                                           attributes: TextAttributes(fonts: try FontChain(named: ["Roboto-Medium"], size: 17)))
            let chain = try FontChain(named: ["Roboto-Regular", "wqy-microhei", "NotoColorEmoji"], size: 15)
            return try PreparedText(AttributedText(string, style: TextStyle(fonts: chain), spans: [span], in: unit))
                .layout(in: try TextContainer(width: 90))
        }
        #expect(TextOffsetUnit.utf16.offset(ofUTF8: 5, in: string) == 3)
        #expect(TextOffsetUnit.scalars.offset(ofUTF8: 5, in: string) == 2)
        #expect(layouts[1] == layouts[0] && layouts[2] == layouts[0])
    }

    @Test func badInputIsATypedError() throws {
        let style = try Self.body()
        let string = "a😀b\u{FFFC}"
        func fails(_ argument: String, _ body: () throws -> Void) {
            do {
                try body()
                Issue.record("no error for \(argument)")
            } catch let error as InvalidArgumentError {
                #expect(error.argument.hasPrefix(argument), "\(error)")
            } catch {
                Issue.record("\(error)")
            }
        }
        var text = AttributedText(string, style: style)
        fails("range.end") { try text.addAttributes(TextAttributes(kern: 1), to: 0..<99) }
        fails("range.end") { try text.addAttributes(TextAttributes(kern: 1), to: 0..<2) }  // inside 😀's bytes
        fails("range.end") { try text.addAttributes(TextAttributes(kern: 1), to: 0..<2, in: .utf16) }  // inside its pair
        fails("range.kern") { try text.addAttributes(TextAttributes(kern: .nan), to: 0..<1) }
        fails("range.kern") { try text.addAttributes(TextAttributes(kern: .infinity), to: 0..<1) }
        fails("range.size") { try text.addAttributes(TextAttributes(size: 0), to: 0..<1) }
        fails("range.size") { try text.addAttributes(TextAttributes(size: -3), to: 0..<1) }
        fails("range.size") { try text.addAttributes(TextAttributes(size: .nan), to: 0..<1) }
        fails("range.language") { try text.addAttributes(TextAttributes(language: "not a tag!"), to: 0..<1) }
        fails("attachment.offset") { try text.addAttachment(try TextAttachment(width: 1, ascent: 1), at: 0) }
        fails("attachment.offset") { try text.addAttachment(try TextAttachment(width: 1, ascent: 1), at: 99) }
        fails("width") { _ = try TextAttachment(width: -1, ascent: 1) }
        fails("ascent") { _ = try TextAttachment(width: 1, ascent: .nan) }
        fails("feature") { _ = try FontFeature("toolong") }
        // A negative kern is valid: it tightens.
        try text.addAttributes(TextAttributes(kern: -0.5), to: 0..<1)
        try text.addAttachment(try TextAttachment(width: 1, ascent: 1), at: 6)
        fails("attachment.offset") { try text.addAttachment(try TextAttachment(width: 1, ascent: 1), at: 6) }
        // Nothing else broke: the text still measures.
        #expect(try PreparedText(text).layout(in: .unlimited).lineCount == 1)
    }
}

/// Properties of attributed text that need no reference: cutting one style into several
/// ranges of it changes nothing; attributes that do not change shapes change nothing, not even
/// what is cached; measuring again, with every cache warm, gives the same layout.
@Suite struct AttributedPropertyTests {
    static func chain() throws -> FontChain {
        try FontChain(named: ["Roboto-Regular", "wqy-microhei", "NotoSansArabic-Regular", "NotoColorEmoji"], size: 15)
    }

    static func texts() -> [String] {
        var random = TestCorpus.Random(seed: 2929)
        var texts: [String] = []
        for _ in 0..<40 {
            var parts: [String] = []
            for _ in 0..<random.int(2...6) {
                switch random.int(0...3) {
                case 0: parts.append(TestCorpus.sentence(TestCorpus.englishWords, count: random.int(1...5), random: &random))
                case 1: parts.append(TestCorpus.sentence(TestCorpus.chinese, count: random.int(1...8), separator: "", random: &random))
                case 2: parts.append(TestCorpus.sentence(TestCorpus.arabic, count: random.int(1...3), random: &random))
                default: parts.append(["👋🏽", "😀", "🇯🇵", "❤️‍🔥"][random.int(0...3)])
                }
            }
            texts.append(parts.joined(separator: " "))
        }
        return texts
    }

    /// `count` random cuts of `text`, on character boundaries, as UTF-8 ranges covering it.
    static func pieces(of text: String, count: Int, random: inout TestCorpus.Random) -> [Range<Int>] {
        let boundaries = Array(text.unicodeScalars.indices.map { text.utf8.distance(from: text.utf8.startIndex, to: $0) })
        var cuts = Set([0, text.utf8.count])
        for _ in 0..<count { cuts.insert(boundaries[random.int(0...(boundaries.count - 1))]) }
        let sorted = cuts.sorted()
        return zip(sorted, sorted.dropFirst()).map { $0..<$1 }
    }

    static let containers: [TextContainer] = [.unlimited, try! TextContainer(width: 60), try! TextContainer(width: 140),
                                              try! TextContainer(width: 100, numberOfLines: 2)]

    @Test func rangesOfTheTextsOwnStyleChangeNothing() throws {
        var random = TestCorpus.Random(seed: 7)
        for string in Self.texts() {
            let style = try TextStyle(fonts: Self.chain(), kern: 0.75)
            var split = AttributedText(string, style: style)
            for range in Self.pieces(of: string, count: 4, random: &random) {
                try split.addAttributes(TextAttributes(fonts: try Self.chain(), kern: 0.75), to: range)
            }
            let whole = try PreparedText(AttributedText(string, style: style))
            let cut = try PreparedText(split)
            for container in Self.containers {
                #expect(whole.layout(in: container) == cut.layout(in: container), "\(string.debugDescription)")
            }
        }
    }

    @Test func attributesThatDoNotShapeChangeNothing() throws {
        var random = TestCorpus.Random(seed: 8)
        for string in Self.texts() {
            // A private face, so its cache holds only what this text put in it.
            let library = FontLibrary()
            let chain = try FontChain(named: ["Roboto-Regular", "wqy-microhei", "NotoSansArabic-Regular", "NotoColorEmoji"],
                                      size: 15, library: library)
            let plain = try PreparedText(string, fonts: chain)
            let cached = chain.fonts.map { $0.face.segments.count }
            var colored = AttributedText(string, style: TextStyle(fonts: chain))
            for range in Self.pieces(of: string, count: 3, random: &random) {
                try colored.addAttributes(TextAttributes(color: TextColor(red: 255, green: 0, blue: 0), link: "https://x.y",
                                                         underline: true, tag: "mention"), to: range)
            }
            let prepared = try PreparedText(colored)
            #expect(prepared.measurer.styles == nil)
            #expect(chain.fonts.map { $0.face.segments.count } == cached)
            for container in Self.containers {
                #expect(plain.layout(in: container) == prepared.layout(in: container))
            }
        }
    }

    @Test func warmEqualsCold() throws {
        var random = TestCorpus.Random(seed: 9)
        for string in Self.texts() {
            let ranges = Self.pieces(of: string, count: 3, random: &random)
            func prepare(_ library: FontLibrary) throws -> PreparedText {
                let chain = try FontChain(named: ["Roboto-Regular", "wqy-microhei", "NotoSansArabic-Regular", "NotoColorEmoji"],
                                          size: 15, library: library)
                let medium = try FontChain(named: ["Roboto-Medium", "wqy-microhei", "NotoColorEmoji"], size: 13,
                                           library: library)
                var text = AttributedText(string, style: TextStyle(fonts: chain))
                try text.addAttributes(TextAttributes(fonts: medium), to: ranges[0])
                if ranges.count > 1 { try text.addAttributes(TextAttributes(size: 19, kern: -0.3), to: ranges[1]) }
                if ranges.count > 2 { try text.addAttributes(TextAttributes(features: FontFeature.noLigatures), to: ranges[2]) }
                return try PreparedText(text)
            }
            let library = FontLibrary()
            let cold = try prepare(library)
            let warm = try prepare(library)
            for container in Self.containers {
                let coldLayout = cold.layout(in: container)
                #expect(coldLayout == warm.layout(in: container), "\(string.debugDescription)")
                // Every line fits its container (one cluster wider than the line goes alone).
                for line in coldLayout.lines where line.width > container.width + 1e-9 {
                    #expect(line.utf8Range.count <= 30, "\(string.debugDescription): \(line)")
                }
            }
        }
    }
}
