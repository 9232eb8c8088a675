import Testing
import TestSupport
@testable import TextMetrics

/// What the last line of a truncated layout shows, and how tall it is: a line starting inside a
/// word cut on the line before, measured against `hb-shape`'s widths of the pieces it shows;
/// the line's height against the ascents, descents and gaps the fonts' own tables give for
/// what it shows (kept text past the line's end, attachments, the ellipsis' font).
@Suite struct TruncationRegressionTests {
    static let sentence = "Electroencephalogram it other get configuration many them"

    /// hb-shape's width, in points, of each string shaped alone in `font` at `size` (0 for an empty one).
    static func shapedWidths(_ strings: [String], font: String = "Roboto-Regular", size: Double) throws -> [Double] {
        let path = try #require(BundledFonts.path(named: font))
        let upem = try SfntTables(path: path).verticalMetrics().unitsPerEm
        var advances = try HBShapeReference.advances(fontPath: path, unitsPerEm: upem, strings: strings.filter { !$0.isEmpty })
            .makeIterator()
        return strings.map { $0.isEmpty ? 0 : Double(advances.next() ?? 0) * size / Double(upem) }
    }

    /// A line of the fonts `names` at `size`, from their tables: the largest ascent, descent and gap.
    static func box(_ names: [String], size: Double) throws -> (ascent: Double, descent: Double, height: Double) {
        let metrics = try names.map { try AttributedLayoutTests.metrics($0, size: size) }
        let ascent = metrics.map(\.ascent).max()!, descent = metrics.map(\.descent).max()!
        return (ascent, descent, ascent + descent + metrics.map(\.gap).max()!)
    }

    /// Whether ASCII `text` has one of Roboto's f-ligatures (ff, fi, fl) across `offset`: a kept
    /// suffix starting there is as wide as its graphemes' advances, which share the ligature's.
    static func startsInsideLigature(_ text: String, _ offset: Int) -> Bool {
        let utf8 = Array(text.utf8)
        return offset > 0 && offset < utf8.count && utf8[offset - 1] == UInt8(ascii: "f") && "fil".utf8.contains(utf8[offset])
    }

    static func text(_ string: String, _ range: Range<Int>) -> String {
        String(decoding: Array(string.utf8)[range], as: UTF8.self)
    }

    @Test(arguments: [LineBreakMode.truncateMiddle, .truncateHead])
    func aLineStartingInsideACutWordIsTruncatedAsItIsShapedAfterTheCut(mode: LineBreakMode) throws {
        let size = 14.5, width = 76.0
        let layout = try PreparedText(Self.sentence, font: try Font(named: "Roboto-Regular", size: size))
            .layout(in: try TextContainer(width: width, numberOfLines: 2, lineBreakMode: mode))
        #expect(layout.isTruncated && layout.lineCount == 2)
        let last = layout.lines[1]
        // The first line broke the 20-letter word: the second starts inside it.
        #expect(last.utf8Range.lowerBound > 0 && last.utf8Range.lowerBound < "Electroencephalogram".utf8.count)
        let rest = Self.text(Self.sentence, last.utf8Range.lowerBound..<Self.sentence.utf8.count)
        let truncation = try #require(last.truncation, "\(rest) is wider than \(width) pt")
        let prefix = Self.text(Self.sentence, truncation.keptPrefix)
        let suffix = Self.text(Self.sentence, truncation.keptSuffix)
        #expect(rest.hasPrefix(prefix) && rest.hasSuffix(suffix) && !suffix.isEmpty)
        #expect(mode == .truncateMiddle ? !prefix.isEmpty : prefix.isEmpty)
        let widths = try Self.shapedWidths([rest, prefix, "\u{2026}", suffix], size: size)
        #expect(widths[0] > width)
        // The pieces shown, each shaped alone (the prefix as shaped after the cut), and the ellipsis.
        #expect(abs(last.width - (widths[1] + widths[2] + widths[3])) < 1e-3, "\(prefix)…\(suffix): \(last.width)")
        #expect(last.width <= width + 1e-9)
        #expect(abs(truncation.tokenX - widths[1]) < 1e-3 && abs(truncation.tokenWidth - widths[2]) < 1e-3)
        // One more cluster on either side would not fit.
        let before = Self.text(Self.sentence, truncation.keptSuffix.lowerBound - 1..<Self.sentence.utf8.count)
        let longer = Self.text(Self.sentence, truncation.keptPrefix.lowerBound..<truncation.keptPrefix.upperBound + 1)
        let more = try Self.shapedWidths([before, longer], size: size)
        #expect(widths[1] + widths[2] + more[0] > width)
        if mode == .truncateMiddle { #expect(more[1] > (width - widths[2]) / 2) }
    }

    /// Every last line that starts inside a word, at many widths, in every truncation mode: untruncated only
    /// when the rest of its paragraph fits as hb-shape shapes it, else as wide as the pieces it shows.
    @Test(arguments: [LineBreakMode.truncateMiddle, .truncateHead, .truncateTail])
    func everyLineStartingInsideAWordShowsWhatFits(mode: LineBreakMode) throws {
        let size = 14.5
        let texts = [Self.sentence, "Pneumonoultramicroscopicsilicovolcanoconiosis is a word, and so is antidisestablishmentarianism indeed"]
        var cases: [(width: Double, line: TextLine, text: String)] = []
        for text in texts {
            let prepared = try PreparedText(text, font: try Font(named: "Roboto-Regular", size: size))
            for width in stride(from: 48.0, through: 200, by: 2.75) {
                for lines in 2...3 {
                    let layout = prepared.layout(in: try TextContainer(width: width, numberOfLines: lines, lineBreakMode: mode))
                    guard layout.isTruncated, let last = layout.lines.last, last.utf8Range.lowerBound > 0 else { continue }
                    let utf8 = Array(text.utf8)  // ASCII: a byte is a cluster
                    guard utf8[last.utf8Range.lowerBound - 1] != 0x20 else { continue }
                    cases.append((width, last, text))
                }
            }
        }
        #expect(cases.count >= 40)
        // hb-shape's widths of each case's rest of the text (without its final whitespace), prefix and suffix.
        var strings = ["\u{2026}"]
        for (_, line, text) in cases {
            let truncation = line.truncation ?? LineTruncation(keptPrefix: line.utf8Range.lowerBound..<text.utf8.count,
                                                                keptSuffix: text.utf8.count..<text.utf8.count)
            strings += [Self.text(text, line.utf8Range.lowerBound..<text.utf8.count),
                        Self.text(text, truncation.keptPrefix), Self.text(text, truncation.keptSuffix)]
        }
        let widths = try Self.shapedWidths(strings, size: size)
        let ellipsis = widths[0]
        for (index, (width, line, text)) in cases.enumerated() {
            let (rest, prefix, suffix) = (widths[1 + 3 * index], widths[2 + 3 * index], widths[3 + 3 * index])
            #expect(line.width <= width + 1e-9, "\(width): \(line)")
            if line.truncation == nil {
                #expect(mode != .truncateTail)
                #expect(rest <= width + 1e-3, "\(width): \(strings[1 + 3 * index]) is \(rest) pt, shown whole")
                #expect(abs(line.width - rest) < 1e-3, "\(width): \(line.width) ≠ \(rest)")
                #expect(line.utf8Range.upperBound == text.utf8.count)
            } else if let truncation = line.truncation, !Self.startsInsideLigature(text, truncation.keptSuffix.lowerBound) {
                #expect(abs(line.width - (prefix + ellipsis + suffix)) < 1e-3, "\(width): \(line) ≠ \(prefix) + \(suffix)")
            }
        }
    }

    @Test(arguments: [LineBreakMode.truncateMiddle, .truncateHead])
    func underNegativeLetterSpacingALineIsShownWholeOnlyWhenItsWordsGoOnOneByOne(mode: LineBreakMode) throws {
        // -14 pt after each of "ijklmnop"'s letters: the paragraph ends narrower than 50 pt,
        // but "abc defgh" alone is wider, so the line ends after "abc " and the rest is cut.
        let text = try AttributedText("abc defgh ijklmnop", style: TextStyle(fonts: try FontChain(named: ["Roboto-Regular"], size: 14)),
                                      spans: [AttributedText.Span(range: 10..<18, attributes: TextAttributes(kern: -14))])
        let width = 50.0
        let widths = try Self.shapedWidths(["abc", "abc defgh ", "ijklmnop"], size: 14)
        #expect(widths[0] <= width && widths[1] > width && widths[1] + widths[2] - 8 * 14 < width)
        let layout = try PreparedText(text).layout(in: try TextContainer(width: width, numberOfLines: 1, lineBreakMode: mode))
        let line = try #require(layout.lines.first)
        #expect(layout.isTruncated && line.truncation != nil, "\(line)")
        #expect(line.width <= width + 1e-9)
    }

    @Test func aKeptSuffixInAnotherFontMakesTheLineAsTallAsThatFont() throws {
        let text = "aaaa bbbb cccc dddd مرحبا"
        let names = ["Roboto-Regular", "NotoSansArabic-Regular"]
        let prepared = try PreparedText(text, fonts: try FontChain(named: names, size: 14))
        let layout = prepared.layout(in: try TextContainer(width: 80, numberOfLines: 1, lineBreakMode: .truncateMiddle))
        let line = try #require(layout.lines.first)
        let truncation = try #require(line.truncation)
        // The Arabic word is kept, after the line's own end (the fitter ended it in the Latin words).
        #expect(Self.text(text, truncation.keptSuffix).contains("مرحبا"))
        let box = try Self.box(names, size: 14)
        let roboto = try Self.box(["Roboto-Regular"], size: 14)
        #expect(box.height > roboto.height + 10)
        #expect(abs(line.height - box.height) < 1e-9, "\(line.height) ≠ \(box.height)")
        #expect(abs(line.baseline - box.ascent) < 1e-9 && layout.size.height == line.height)
        #expect(layout.usesFallbackFonts)
    }

    @Test func textHiddenByTruncationDoesNotRaiseTheLine() throws {
        // The fitter's line holds the Arabic word; head truncation keeps only Latin words after it.
        let text = "aaaa مرحبا bbbb cccc dddd eeee"
        let fonts = try FontChain(named: ["Roboto-Regular", "NotoSansArabic-Regular"], size: 14)
        let prepared = try PreparedText(text, fonts: fonts)
        let whole = prepared.layout(in: try TextContainer(width: 80))
        #expect(Self.text(text, whole.lines[0].utf8Range).contains("مرحبا"))
        let layout = prepared.layout(in: try TextContainer(width: 80, numberOfLines: 1, lineBreakMode: .truncateHead))
        let line = try #require(layout.lines.first)
        let suffix = Self.text(text, try #require(line.truncation).keptSuffix)
        #expect(!suffix.isEmpty && suffix.unicodeScalars.allSatisfy(\.isASCII))
        let roboto = try Self.box(["Roboto-Regular"], size: 14)
        #expect(abs(line.height - roboto.height) < 1e-9, "\(line.height) ≠ \(roboto.height)")
        #expect(abs(whole.lines[0].height - (try Self.box(["Roboto-Regular", "NotoSansArabic-Regular"], size: 14).height)) < 1e-9)
        #expect(!layout.usesFallbackFonts)
    }

    @Test func aKeptPieceOfAWordIsAsTallAsItsOwnLettersNotTheWordsOthers() throws {
        // "DDDD" is 28 pt inside the last word; head truncation keeps "eeee", 14 pt, after it.
        let text = try AttributedText("aaaa bbbb cccc DDDDeeee", style: TextStyle(fonts: try FontChain(named: ["Roboto-Regular"], size: 14)),
                                      spans: [AttributedText.Span(range: 15..<19, attributes: TextAttributes(size: 28))])
        let layout = try PreparedText(text).layout(in: try TextContainer(width: 50, numberOfLines: 1, lineBreakMode: .truncateHead))
        let line = try #require(layout.lines.first)
        let suffix = Self.text(text.string, try #require(line.truncation).keptSuffix)
        #expect(!suffix.isEmpty && suffix.allSatisfy { $0 == "e" })
        let roboto = try Self.box(["Roboto-Regular"], size: 14)
        #expect(abs(line.height - roboto.height) < 1e-9, "\(line.height) ≠ \(roboto.height)")
    }

    @Test func anAttachmentKeptPastTheLinesEndRaisesIt() throws {
        var builder = AttributedText.Builder(style: TextStyle(fonts: try FontChain(named: ["Roboto-Regular"], size: 14)))
        builder.append("aaaa bbbb cccc dddd ")
        builder.appendAttachment(try TextAttachment(width: 12, ascent: 30, descent: 7))
        let text = try builder.build()
        let layout = try PreparedText(text).layout(in: try TextContainer(width: 80, numberOfLines: 1, lineBreakMode: .truncateMiddle))
        let line = try #require(layout.lines.first)
        #expect(Self.text(text.string, try #require(line.truncation).keptSuffix).contains("\u{FFFC}"))
        let roboto = try AttributedLayoutTests.metrics("Roboto-Regular", size: 14)
        #expect(abs(line.height - (max(roboto.ascent, 30) + max(roboto.descent, 7) + roboto.gap)) < 1e-9, "\(line.height)")
        #expect(abs(line.baseline - max(roboto.ascent, 30)) < 1e-9)
    }

    @Test func theEllipsisInAFallbackFontRaisesTheLastLineToThatFont() throws {
        // Noto Sans Hebrew has no U+2026; Noto Sans Myanmar, taller, has.
        let names = ["NotoSansHebrew-Regular", "NotoSansMyanmar-Regular"]
        let cmaps = try names.map { try SfntTables(path: try #require(BundledFonts.path(named: $0))).mappedCodePoints() }
        #expect(!cmaps[0].contains(0x2026) && cmaps[1].contains(0x2026))
        let hebrew = "שלום עולם מה שלומך היום זהו טקסט בעברית לבדיקה תודה רבה"
        let prepared = try PreparedText(hebrew, fonts: try FontChain(named: names, size: 15))
        let layout = prepared.layout(in: try TextContainer(width: 120, numberOfLines: 2, lineBreakMode: .truncateTail))
        #expect(layout.lineCount == 2 && layout.lines[1].truncation?.token == .ellipsis)
        let own = try Self.box([names[0]], size: 15)
        let both = try Self.box(names, size: 15)
        #expect(both.height > own.height)
        #expect(abs(layout.lines[0].height - own.height) < 1e-9)
        #expect(abs(layout.lines[1].height - both.height) < 1e-9, "\(layout.lines[1].height) ≠ \(both.height)")
        #expect(abs(layout.size.height - (own.height + both.height)) < 1e-9)
    }
}
