import Testing
import TestSupport
@testable import TextMetrics

/// Pathological inputs finish, with sensible answers, and never crash.
@Suite struct RobustnessTests {
    let font: Font
    init() throws { font = try Font(named: "Roboto-Regular", size: 15) }

    /// Spacing and sizes no layout unit can hold — a text style's spacing set to NaN or ±∞
    /// field by field (its initializer checks, its properties cannot), spacing, a size, a box
    /// or a paragraph style's value past a million points — are a typed error naming them,
    /// never a crash; spacing and boxes up to the bound lay out at their width (by hand).
    @Test func spacingAndSizesNoUnitHoldsAreErrors() throws {
        let fonts = try FontChain(named: ["Roboto-Regular"], size: 15)
        func failure(_ text: AttributedText) -> InvalidArgumentError? {
            do {
                _ = try PreparedText(text)
                return nil
            } catch let error as InvalidArgumentError {
                return error
            } catch {
                return nil
            }
        }
        for kern in [Double.nan, .infinity, -.infinity, -1e300, 2e6] {
            var style = TextStyle(fonts: fonts)
            style.kern = kern
            #expect(failure(AttributedText("hello world", style: style))?.argument == "kern", "style kern \(kern)")
            var spanned = AttributedText("hello world", style: TextStyle(fonts: fonts))
            if kern.isFinite {
                try spanned.addAttributes(TextAttributes(kern: kern), to: 0..<5)
                #expect(failure(spanned)?.argument == "kern", "span kern \(kern)")
            }
        }
        var sized = AttributedText("hello world", style: TextStyle(fonts: fonts))
        try sized.addAttributes(TextAttributes(size: 1e300), to: 0..<5)
        #expect(failure(sized)?.argument == "size")
        var huge = AttributedText("hello world", style: TextStyle(fonts: try FontChain(named: ["Roboto-Regular"], size: 1e300)))
        try huge.addAttributes(TextAttributes(kern: 1), to: 0..<5)
        #expect(failure(huge)?.argument == "size")
        // A box past a million points; a paragraph style set field by field past the bound.
        #expect(throws: InvalidArgumentError.self) { try TextAttachment(width: 1e300, ascent: 10) }
        for (field, set) in [("headIndent", { (style: inout ParagraphStyle) in style.headIndent = 1e300 }),
                             ("lineSpacing", { (style: inout ParagraphStyle) in style.lineSpacing = .nan }),
                             ("tabStops[0]", { (style: inout ParagraphStyle) in style.tabStops = [2e6] })] {
            var paragraph = ParagraphStyle()
            set(&paragraph)
            var styled = AttributedText("hello world", style: TextStyle(fonts: fonts))
            styled.paragraphStyle = paragraph
            #expect(failure(styled)?.argument == field)
        }
        // Many boxes of the widest kind on one line: added up in a unit wide enough for them.
        var boxes = AttributedText.Builder(style: TextStyle(fonts: fonts))
        for _ in 0..<2_000 { boxes.appendAttachment(try TextAttachment(width: TextAttachment.maxWidth, ascent: 10)) }
        let boxed = try PreparedText(boxes.build()).layout(in: .unlimited).size.width
        #expect(abs(boxed - 2_000 * TextAttachment.maxWidth) / boxed < 1e-9, "\(boxed)")
        // At the bound, on a long text: the width is the glyphs' plus the spacing of every cluster.
        let string = String(repeating: "a", count: 5_000)
        var spaced = AttributedText(string, style: TextStyle(fonts: fonts))
        try spaced.addAttributes(TextAttributes(kern: InvalidArgumentError.maxPoints), to: 0..<string.utf8.count)
        let width = try PreparedText(spaced).layout(in: .unlimited).size.width
        let glyphs = try PreparedText(string, fonts: fonts).layout(in: .unlimited).size.width
        #expect(abs(width - (glyphs + 5_000 * InvalidArgumentError.maxPoints)) / width < 1e-9, "\(width)")
    }

    @Test func aTenMegabyteParagraph() throws {
        var random = TestCorpus.Random(seed: 3)
        var words: [String] = []
        var bytes = 0
        while bytes < 10_000_000 {
            let word = random.pick(TestCorpus.englishWords)
            words.append(word)
            bytes += word.utf8.count + 1
        }
        let text = words.joined(separator: " ")
        let layout = try TextMeasurer.layout(text, font: font, in: TextContainer(width: 320))
        #expect(layout.lineCount > 100_000)
        #expect(layout.lines.last?.utf8Range.upperBound == text.utf8.count)
        #expect(layout.lines.allSatisfy { $0.width <= 320 + 1e-9 })
    }

    /// Segments are found in a buffer each thread reuses: a paragraph of more segments than it
    /// keeps room for (``SegmentScratch/maxKeptCapacity``) is measured whole, and the texts
    /// measured after it on the same thread are measured as they were before it.
    @Test func textsAfterAParagraphLongerThanTheThreadsBufferMeasureAlike() throws {
        var random = TestCorpus.Random(seed: 11)
        let short = (0..<20).map { _ in (0..<12).map { _ in random.pick(TestCorpus.englishWords) }.joined(separator: " ") }
        let container = try TextContainer(width: 180)
        let before = try short.map { try PreparedText($0, font: font).layout(in: container) }
        let words = (0..<(2 * SegmentScratch.maxKeptCapacity)).map { _ in random.pick(TestCorpus.englishWords) }
        let long = try PreparedText(words.joined(separator: " "), font: font)
        #expect(long.segments.count >= words.count)
        #expect(long.segments.last?.end == Int32(long.text.utf8.count))
        let after = try short.map { try PreparedText($0, font: font).layout(in: container) }
        #expect(after == before)
    }

    @Test func aTwoMegabyteTokenWithNoBreakOpportunity() throws {
        let text = String(repeating: "x", count: 2_000_000)
        let layout = try TextMeasurer.layout(text, font: font, in: TextContainer(width: 320))
        let perLine = Int((320 / (try TextMeasurer.size("x", font: font)).width).rounded(.down))
        #expect(layout.lineCount == (2_000_000 + perLine - 1) / perLine)
        let oneLine = try TextMeasurer.layout(text, font: font, in: TextContainer(width: 320, numberOfLines: 1, lineBreakMode: .truncateTail))
        #expect(oneLine.lineCount == 1 && oneLine.isTruncated)
    }

    @Test func thousandsOfCombiningMarksStayOneCluster() throws {
        let text = "e" + String(repeating: "\u{301}", count: 5000) + " next"
        let layout = try TextMeasurer.layout(text, font: font, in: TextContainer(width: 1))
        #expect(layout.lines[0].utf8Range == 0..<(1 + 2 * 5000 + 1))
    }

    @Test func zwjEmojiSequencesAreNeverBrokenInside() throws {
        let emoji = try Font(named: "NotoColorEmoji", size: 20)
        let family = "👨‍👩‍👧‍👦"
        let text = String(repeating: family, count: 2000)
        let layout = try TextMeasurer.layout(text, font: emoji, in: TextContainer(width: 100))
        let familyBytes = family.utf8.count
        #expect(layout.lines.allSatisfy { $0.utf8Range.lowerBound % familyBytes == 0 })
        #expect(layout.missingGlyphs.isEmpty)
    }

    @Test func thousandsOfRegionalIndicators() throws {
        let emoji = try Font(named: "NotoColorEmoji", size: 20)
        let text = String(repeating: "🇯🇵", count: 3000) + "🇫"
        let layout = try TextMeasurer.layout(text, font: emoji, in: TextContainer(width: 120))
        #expect(layout.lines.dropLast().allSatisfy { $0.utf8Range.count % 8 == 0 })
    }

    /// A space after a prepended character (U+0600 ARABIC NUMBER SIGN) is in its cluster
    /// (GB9b), so it cannot hang past the line: it is content, and a line narrower than the
    /// cluster takes the cluster whole. (Found by `FuzzTextLayout`: the content used to end
    /// inside the cluster, and a narrow line took nothing, forever.)
    @Test func aSpaceInThePrecedingCharactersClusterIsContent() throws {
        let arabic = try Font(named: "NotoSansArabic-Regular", size: 15)
        let path = arabic.face.path
        let upem = arabic.face.metrics.unitsPerEm
        let widths = try HBShapeReference.advances(fontPath: path, unitsPerEm: upem, strings: ["\u{600} "])
        let text = String(repeating: "\u{600} ", count: 3)
        let layout = try TextMeasurer.layout(text, font: arabic, in: TextContainer(width: 1))
        #expect(layout.lines.map(\.utf8Range) == [0..<3, 3..<6, 6..<9])
        for line in layout.lines {
            #expect(abs(line.width - Double(widths[0]) * 15 / Double(upem)) < 1e-9, "\(line)")
        }
    }

    @Test func textWithControlCharactersAndLoneMarks() throws {
        let text = "\u{301}\u{0}\u{1}\t\u{7F}abc\u{FEFF}\u{200B}\u{FFFD}"
        let layout = try TextMeasurer.layout(text, font: font, in: TextContainer(width: 50))
        #expect(layout.lineCount >= 1)
    }
}
