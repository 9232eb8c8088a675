import Foundation
import Testing
import TestSupport
@testable import TextMetrics

/// Paragraph styles, computed by hand from the fonts' own tables (read independently) and
/// `hb-shape`'s widths: line-height multiples, minimum and maximum line heights, line and
/// paragraph spacing, indents, tab stops and alignment — each alone and combined.
@Suite struct ParagraphStyleTests {
    static let metrics = AttributedLayoutTests.metrics
    static let shapedWidth = AttributedLayoutTests.shapedWidth

    /// Roboto 15's natural line: ascent, descent + gap, height.
    static func roboto() throws -> (ascent: Double, height: Double) {
        let m = try metrics("Roboto-Regular", 15)
        return (m.ascent, m.ascent + m.descent + m.gap)
    }

    static func text(_ string: String, _ style: ParagraphStyle) throws -> PreparedText {
        var text = AttributedText(string, style: try AttributedLayoutTests.body())
        text.paragraphStyle = try style.validated()
        return try PreparedText(text)
    }

    /// A container that holds one of the words "aaaa", "bbbb", "cccc" per line.
    static func oneWordPerLine() throws -> TextContainer {
        let word = try shapedWidth("bbbb", "Roboto-Regular", 15)
        return try TextContainer(width: word + 1)
    }

    @Test func aMultipleThenLineSpacing() throws {
        let (ascent, natural) = try Self.roboto()
        var style = ParagraphStyle()
        style.lineHeightMultiple = 1.25
        style.lineSpacing = 4
        let layout = try Self.text("aaaa bbbb cccc", style).layout(in: try Self.oneWordPerLine())
        #expect(layout.lineCount == 3)
        let line = natural * 1.25
        for (index, laid) in layout.lines.enumerated() {
            let top = Double(index) * (line + 4)
            #expect(abs(laid.height - line) < 1e-9)
            #expect(abs(laid.top - top) < 1e-9)
            // The multiple's extra space goes above the text.
            #expect(abs(laid.baseline - (top + line - natural + ascent)) < 1e-9, "\(index): \(laid.baseline)")
        }
        // Line spacing between lines, not after the last.
        #expect(abs(layout.size.height - (3 * line + 2 * 4)) < 1e-9)
        #expect(abs(layout.firstBaseline - (line - natural + ascent)) < 1e-9)
        #expect(abs(layout.lastBaseline - (2 * (line + 4) + line - natural + ascent)) < 1e-9)
    }

    @Test func minimumAndMaximumLineHeights() throws {
        let (ascent, natural) = try Self.roboto()
        var tall = ParagraphStyle()
        tall.minimumLineHeight = 30
        let raised = try Self.text("aaaa bbbb", tall).layout(in: try Self.oneWordPerLine())
        #expect(raised.lines.map(\.height) == [30, 30])
        #expect(abs(raised.firstBaseline - (30 - natural + ascent)) < 1e-9)
        // A minimum below the natural height changes nothing.
        var low = ParagraphStyle()
        low.minimumLineHeight = 5
        #expect(try Self.text("aaaa bbbb", low).layout(in: try Self.oneWordPerLine()).lines.map(\.height) == [natural, natural])
        // The maximum clamps after the multiple, and takes from the top: the baseline moves up.
        var short = ParagraphStyle()
        short.lineHeightMultiple = 2
        short.maximumLineHeight = 12
        let clamped = try Self.text("aaaa bbbb", short).layout(in: try Self.oneWordPerLine())
        #expect(clamped.lines.map(\.height) == [12, 12])
        #expect(abs(clamped.lines[1].baseline - (12 + ascent - (natural - 12))) < 1e-9)
        #expect(clamped.size.height == 24)
    }

    @Test func paragraphSpacingGoesBetweenParagraphs() throws {
        let (ascent, natural) = try Self.roboto()
        var style = ParagraphStyle()
        style.paragraphSpacing = 8
        style.paragraphSpacingBefore = 4
        style.lineSpacing = 2
        // Three paragraphs; the second wraps to two lines.
        let layout = try Self.text("aaaa\nbbbb cccc\naaaa", style).layout(in: try Self.oneWordPerLine())
        #expect(layout.lineCount == 4)
        let tops = layout.lines.map(\.top)
        let expected = [0, natural + 2 + 8 + 4, 2 * natural + 2 * 2 + 8 + 4, 3 * natural + 3 * 2 + 2 * (8 + 4)]
        for (top, want) in zip(tops, expected) { #expect(abs(top - want) < 1e-9, "\(tops) vs \(expected)") }
        // Nothing before the first paragraph, nothing after the last.
        #expect(abs(layout.size.height - (expected[3] + natural)) < 1e-9)
        #expect(abs(layout.firstBaseline - ascent) < 1e-9)
    }

    @Test func indentsGiveEachLineItsRoom() throws {
        let words = "the quick brown fox jumps over the lazy dog while the cat sleeps on the warm mat"
        var style = ParagraphStyle()
        style.firstLineHeadIndent = 24
        style.headIndent = 10
        style.tailIndent = -30
        let width = 200.0
        let layout = try Self.text(words, style).layout(in: try TextContainer(width: width))
        #expect(layout.lineCount > 2)
        let plain = try PreparedText(words, fonts: try FontChain(named: ["Roboto-Regular"], size: 15))
        var start = 0
        for (index, line) in layout.lines.enumerated() {
            let indent = index == 0 ? 24.0 : 10
            let room = width - 30 - indent
            #expect(line.x == indent)
            #expect(line.width <= room + 1e-9)
            // The line breaks where the rest of the text, alone in a container as wide as the
            // line's room, breaks its first line.
            let rest = String(words.utf8.dropFirst(start))!
            let alone = try PreparedText(rest, fonts: plain.fonts).layout(in: try TextContainer(width: room))
            #expect(alone.lines[0].utf8Range.count == line.utf8Range.count, "line \(index)")
            #expect(abs(alone.lines[0].width - line.width) < 1e-9)
            start += line.utf8Range.count
        }
        // Positive: the line's end from the leading margin.
        var fromLeading = ParagraphStyle()
        fromLeading.headIndent = 10
        fromLeading.firstLineHeadIndent = 10
        fromLeading.tailIndent = 120
        let narrow = try Self.text(words, fromLeading).layout(in: try TextContainer(width: width))
        #expect(narrow.lines.allSatisfy { $0.width <= 110 + 1e-9 && $0.x == 10 })
        #expect(narrow.size.width <= 120 + 1e-9)
    }

    @Test func tabsGoToTheirStops() throws {
        let a = try Self.shapedWidth("a", "Roboto-Regular", 15)
        let b = try Self.shapedWidth("b", "Roboto-Regular", 15)
        let c = try Self.shapedWidth("c", "Roboto-Regular", 15)
        // CoreText's default stops: every 28 pt. A stop is placed to the nearest layout unit.
        let prepared = try Self.text("a\tb\tc", ParagraphStyle())
        let unit = prepared.pointsPerUnit
        let defaults = prepared.layout(in: .unlimited)
        #expect(a < 28 && 28 + b < 56)
        #expect(abs(defaults.size.width - (56 + c)) <= unit, "\(defaults.size.width)")
        // Explicit stops, then the default interval beyond the last.
        var style = ParagraphStyle()
        style.tabStops = [40]
        style.defaultTabInterval = 50
        let explicit = try Self.text("a\tb\tc", style).layout(in: .unlimited)
        #expect(abs(explicit.size.width - (50 + c)) <= unit, "\(explicit.size.width)")
        // A tab counts from the line's leading edge, indents included: on a second line
        // indented 10 pt, "b" then a tab reaches the stop at 28 pt.
        var indented = ParagraphStyle()
        indented.headIndent = 10
        let words = try Self.text("aaaa b\tc", indented).layout(in: try TextContainer(width: 40))
        #expect(words.lineCount == 2)
        #expect(words.lines[1].x == 10)
        #expect(abs(words.lines[1].width - (28 - 10 + c)) <= unit, "\(words.lines[1].width)")
        // A tab's width is where it falls: the same word and tab at two places differ.
        let later = try Self.text("aa\tb", ParagraphStyle()).layout(in: .unlimited)
        #expect(abs(later.size.width - (28 + b)) <= unit)
    }

    @Test func alignmentMovesLinesOnly() throws {
        let words = "the quick brown fox jumps over the lazy dog while the cat sleeps"
        let container = try TextContainer(width: 180)
        var base = ParagraphStyle()
        base.firstLineHeadIndent = 12
        base.tailIndent = -8
        let left = try Self.text(words, base).layout(in: container)
        for alignment in TextAlignment.allCases {
            var style = base
            style.alignment = alignment
            let layout = try Self.text(words, style).layout(in: container)
            #expect(layout.lines.map(\.utf8Range) == left.lines.map(\.utf8Range))
            #expect(layout.size == left.size && layout.lines.map(\.baseline) == left.lines.map(\.baseline))
            for (index, line) in layout.lines.enumerated() {
                let indent = index == 0 ? 12.0 : 0
                let roomEnd = 180.0 - 8
                let expected = switch alignment {
                case .left, .natural, .justified: indent
                case .right: roomEnd - line.width
                case .center: indent + (roomEnd - indent - line.width) / 2
                }
                #expect(abs(line.x - expected) < 1e-9, "\(alignment) line \(index)")
            }
        }
        // A right-to-left paragraph: natural is right, its head indent on the right.
        let hebrew = "שלום עולם מה שלומך היום זהו טקסט בעברית לבדיקה תודה רבה"
        var text = AttributedText(hebrew, style: TextStyle(fonts: try FontChain(named: ["Roboto-Regular", "NotoSansHebrew-Regular"], size: 15)))
        var rtl = ParagraphStyle()
        rtl.headIndent = 10
        rtl.firstLineHeadIndent = 10
        text.paragraphStyle = rtl
        let layout = try PreparedText(text).layout(in: container)
        #expect(layout.lineCount > 1)
        for line in layout.lines { #expect(abs(line.x - (180 - 10 - line.width)) < 1e-9) }
        rtl.alignment = .left
        text.paragraphStyle = rtl
        // Left in a right-to-left paragraph: the room's left edge, which the tail indent sets.
        for line in try PreparedText(text).layout(in: container).lines { #expect(line.x == 0) }
    }

    @Test func badStylesNameTheField() throws {
        func field(_ change: (inout ParagraphStyle) -> Void) -> String? {
            var style = ParagraphStyle()
            change(&style)
            do {
                _ = try style.validated()
                return nil
            } catch let error as InvalidArgumentError {
                return error.argument
            } catch {
                return "\(error)"
            }
        }
        #expect(field { $0.lineSpacing = -1 } == "lineSpacing")
        #expect(field { $0.lineHeightMultiple = .nan } == "lineHeightMultiple")
        #expect(field { $0.paragraphSpacing = .infinity } == "paragraphSpacing")
        #expect(field { $0.headIndent = -3 } == "headIndent")
        #expect(field { $0.tailIndent = .nan } == "tailIndent")
        #expect(field { $0.tailIndent = -30 } == nil)
        #expect(field { $0.tabStops = [40, 30] } == "tabStops[1]")
        #expect(field { $0.tabStops = [-1] } == "tabStops[0]")
        #expect(field { $0.minimumLineHeight = 20; $0.maximumLineHeight = 10 } == "maximumLineHeight")
        var squeezed = ParagraphStyle()
        squeezed.headIndent = 50
        squeezed.firstLineHeadIndent = 50
        squeezed.tailIndent = -60
        #expect(throws: InvalidArgumentError.self) { try squeezed.checkRoom(inWidth: 100) }
        try squeezed.checkRoom(inWidth: 120)
        // A layout whose indents leave no room still ends: one cluster per line.
        let layout = try Self.text("ab cd", squeezed).layout(in: try TextContainer(width: 100))
        #expect(layout.lineCount == 4)
    }
}
