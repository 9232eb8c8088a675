import Testing
import TestSupport
@testable import TextMetrics

/// Truncation checked against independent single-line measurements of the kept text and
/// of the ellipsis shaped on its own.
@Suite struct TruncationTests {
    let font: Font
    let ellipsis: Double
    init() throws {
        font = try Font(named: "Roboto-Regular", size: 15)
        ellipsis = try TextMeasurer.layout("\u{2026}", font: font).size.width
    }

    func slice(_ text: String, _ range: Range<Int>) -> String {
        String(decoding: Array(text.utf8)[range], as: UTF8.self)
    }

    func width(_ text: String) throws -> Double { try TextMeasurer.layout(text, font: font).size.width }

    @Test(arguments: [60.0, 100, 150, 220])
    func tailKeepsTheLongestPrefixThatFitsWithTheEllipsis(width: Double) throws {
        let text = "The quick brown fox jumps over the lazy dog"
        let layout = try TextMeasurer.layout(text, font: font, in: TextContainer(width: width, numberOfLines: 1, lineBreakMode: .truncateTail))
        #expect(layout.lineCount == 1)
        #expect(layout.isTruncated)
        let line = layout.lines[0]
        let truncation = try #require(line.truncation)
        let kept = slice(text, truncation.keptPrefix)
        #expect(text.hasPrefix(kept))
        #expect(line.width <= width + 1e-9)
        #expect(abs(line.width - (try self.width(kept)) - ellipsis) < 1e-9)
        // One more character would not fit.
        let longer = String(text.prefix(kept.count + 1))
        #expect(try self.width(longer) + ellipsis > width || longer.last == " ")
        #expect(truncation.keptSuffix.isEmpty)
    }

    @Test func headKeepsTheLongestSuffix() throws {
        let text = "The quick brown fox jumps over the lazy dog"
        let layout = try TextMeasurer.layout(text, font: font, in: TextContainer(width: 100, numberOfLines: 1, lineBreakMode: .truncateHead))
        let truncation = try #require(layout.lines[0].truncation)
        let kept = slice(text, truncation.keptSuffix)
        #expect(text.hasSuffix(kept))
        #expect(truncation.keptPrefix.isEmpty)
        #expect(layout.lines[0].width <= 100 + 1e-9)
        #expect(try width(String(text.suffix(kept.count + 1))) + ellipsis > 100)
    }

    @Test func middleKeepsBothEnds() throws {
        let text = "The quick brown fox jumps over the lazy dog"
        let layout = try TextMeasurer.layout(text, font: font, in: TextContainer(width: 120, numberOfLines: 1, lineBreakMode: .truncateMiddle))
        let truncation = try #require(layout.lines[0].truncation)
        let prefix = slice(text, truncation.keptPrefix)
        let suffix = slice(text, truncation.keptSuffix)
        #expect(text.hasPrefix(prefix) && text.hasSuffix(suffix))
        #expect(!prefix.isEmpty && !suffix.isEmpty)
        #expect(layout.lines[0].width <= 120 + 1e-9)
        #expect(abs(layout.lines[0].width - (try width(prefix)) - (try width(suffix)) - ellipsis) < 0.1)
    }

    @Test func truncationAppliesToTheLastLineShown() throws {
        let text = "one two three four five six seven eight nine ten eleven twelve"
        let layout = try TextMeasurer.layout(text, font: font, in: TextContainer(width: 90, numberOfLines: 2, lineBreakMode: .truncateTail))
        #expect(layout.lineCount == 2)
        #expect(layout.lines[0].truncation == nil)
        #expect(layout.lines[1].truncation != nil)
        #expect(layout.lines[1].utf8Range.upperBound == text.utf8.count)
    }

    @Test func textThatFitsIsNotTruncated() throws {
        let layout = try TextMeasurer.layout("short", font: font, in: TextContainer(width: 200, numberOfLines: 1, lineBreakMode: .truncateTail))
        #expect(!layout.isTruncated)
        #expect(layout.lines[0].truncation == nil)
    }

    @Test func hiddenParagraphsStillGetTheEllipsis() throws {
        let layout = try TextMeasurer.layout("first\nsecond", font: font, in: TextContainer(width: 200, numberOfLines: 1, lineBreakMode: .truncateTail))
        #expect(layout.isTruncated)
        #expect(abs(layout.lines[0].width - (try width("first")) - ellipsis) < 1e-9)
    }

    @Test func clipCutsWithoutEllipsis() throws {
        let text = "one two three four five six"
        let clipped = try TextMeasurer.layout(text, font: font, in: TextContainer(width: 90, numberOfLines: 1, lineBreakMode: .clip))
        #expect(clipped.lines[0].truncation == nil)
        #expect(clipped.isTruncated)
        #expect(clipped.lines[0].width == (try width("one two three")) || clipped.lines[0].width <= 90)
    }
}
