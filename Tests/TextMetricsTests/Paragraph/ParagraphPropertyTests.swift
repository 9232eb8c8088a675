import Foundation
import Testing
import TestSupport
@testable import TextMetrics

/// Properties of paragraph layout over random texts (English, Chinese, Arabic and emoji, with
/// tabs and several paragraphs) and random paragraph styles: lines fit their own room, a
/// layout is truncated exactly when its text does not fit, what is shown plus the token is
/// what is drawn, heights grow with line spacing, and lines never multiply as the width grows.
@Suite struct ParagraphPropertyTests {
    static let fonts: FontChain? = try? FontChain(named: ["Roboto-Regular", "wqy-microhei", "NotoSansArabic-Regular",
                                                          "NotoColorEmoji"], size: 15)

    static func randomText(_ random: inout TestCorpus.Random) -> String {
        var paragraphs: [String] = []
        for _ in 0..<random.int(1...3) {
            var words: [String] = []
            for _ in 0..<random.int(3...24) {
                switch random.below(10) {
                case 0: words.append(random.pick(TestCorpus.chinese) + random.pick(TestCorpus.chinese))
                case 1: words.append(random.pick(TestCorpus.arabic))
                case 2: words.append("👋")
                case 3: words.append("\t" + random.pick(TestCorpus.englishWords))
                default: words.append(random.pick(TestCorpus.englishWords))
                }
            }
            paragraphs.append(words.joined(separator: " "))
        }
        return paragraphs.joined(separator: "\n")
    }

    static func randomStyle(_ random: inout TestCorpus.Random) -> ParagraphStyle {
        var style = ParagraphStyle()
        style.lineSpacing = Double(random.int(0...8))
        style.lineHeightMultiple = [0, 0.8, 1, 1.25, 2][random.below(5)]
        style.minimumLineHeight = [0, 0, 12, 24][random.below(4)]
        style.maximumLineHeight = [0, 0, 30][random.below(3)]
        style.paragraphSpacing = Double(random.int(0...10))
        style.paragraphSpacingBefore = Double(random.int(0...6))
        style.firstLineHeadIndent = Double(random.int(0...30))
        style.headIndent = Double(random.int(0...20))
        style.tailIndent = [0, -10, -25][random.below(3)]
        if random.below(2) == 0 { style.tabStops = [35, 90, 150] }
        style.defaultTabInterval = [0, 40][random.below(2)]
        style.alignment = TextAlignment.allCases[random.below(TextAlignment.allCases.count)]
        return style
    }

    static func prepared(_ text: String, _ style: ParagraphStyle) throws -> PreparedText {
        var attributed = AttributedText(text, style: TextStyle(fonts: try #require(fonts)))
        attributed.paragraphStyle = try style.validated()
        return try PreparedText(attributed)
    }

    @Test func linesFitTheirRoomAndTruncationIsExact() throws {
        var random = TestCorpus.Random(seed: 30)
        let token = try TruncationToken(AttributedText("… more", style: TextStyle(fonts: try FontChain(named: ["Roboto-Medium"], size: 15))))
        for _ in 0..<120 {
            let text = Self.randomText(&random)
            let style = Self.randomStyle(&random)
            let width = Double(random.int(90...360))
            let prepared = try Self.prepared(text, style)
            let full = prepared.layout(in: try TextContainer(width: width))
            #expect(!full.isTruncated)
            let bytes = Array(text.utf8)
            for (index, line) in full.lines.enumerated() {
                let startsParagraph = index == 0 || bytes[line.utf8Range.lowerBound - 1] == 0x0A
                let room = try #require(style.lineRoom(width: width, isFirst: startsParagraph))
                let shown = String(decoding: bytes[line.utf8Range], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                // Only a line of one cluster may overflow: it is forced.
                #expect(line.width <= room + 1e-6 || shown.count <= 1, "\(text) @\(width): line \(index) \(line.width) > \(room)")
            }
            // Truncated exactly when the full text needs more lines.
            let limit = random.int(1...4)
            let cut = prepared.layout(in: try TextContainer(width: width, numberOfLines: limit, lineBreakMode: .truncateTail,
                                                            truncationToken: token))
            #expect(cut.isTruncated == (full.lineCount > limit), "\(text) @\(width) limit \(limit)")
            #expect(cut.lineCount == min(limit, full.lineCount))
            // Everything drawn is shown text, or the token.
            let visible = cut.visibleRanges
            for glyphs in prepared.glyphs(for: cut) {
                for glyph in glyphs where !glyph.isTruncationToken {
                    #expect(visible.contains { $0.contains(glyph.cluster) }, "\(text): glyph at \(glyph.cluster) not shown")
                }
            }
            if let truncation = cut.lines.last?.truncation, truncation.token == .custom {
                #expect(prepared.glyphs(for: cut).last?.count { $0.isTruncationToken } == token.glyphs.count)
            }
            if !cut.isTruncated { #expect(visible == full.visibleRanges) }
        }
    }

    @Test func heightGrowsWithLineSpacingAndLinesNeverMultiplyWithWidth() throws {
        var random = TestCorpus.Random(seed: 31)
        for _ in 0..<60 {
            let text = Self.randomText(&random)
            var style = Self.randomStyle(&random)
            var previousHeight = -1.0
            for spacing in [0.0, 1, 2.5, 4, 8, 16] {
                style.lineSpacing = spacing
                let height = try Self.prepared(text, style).size(in: try TextContainer(width: 200)).height
                #expect(height >= previousHeight, "\(text): spacing \(spacing)")
                previousHeight = height
            }
            let prepared = try Self.prepared(text, style)
            var previousLines = Int.max
            for width in stride(from: 120.0, through: 480, by: 17.5) {
                let lines = prepared.layout(in: try TextContainer(width: width)).lineCount
                #expect(lines <= previousLines, "\(text): \(width)")
                previousLines = lines
            }
        }
    }

    @Test func aTextAtItsNaturalWidthDoesNotWrap() throws {
        var random = TestCorpus.Random(seed: 33)
        for _ in 0..<60 {
            let text = Self.randomText(&random)
            let style = Self.randomStyle(&random)  // tail indents 0 or from the trailing margin
            var attributed = AttributedText(text, style: TextStyle(fonts: try #require(Self.fonts)))
            attributed.paragraphStyle = try style.validated()
            let sized = try SizedText(attributed)
            let layout = sized.prepared.layout(in: try TextContainer(width: sized.naturalWidth + 1e-6))
            #expect(layout.lineCount == sized.paragraphCount, "\(text): \(sized.naturalWidth)")
        }
    }

    @Test func sizeAgreesWithLayout() throws {
        var random = TestCorpus.Random(seed: 32)
        for _ in 0..<60 {
            let text = Self.randomText(&random)
            let prepared = try Self.prepared(text, Self.randomStyle(&random))
            let container = try TextContainer(width: Double(random.int(100...300)), numberOfLines: random.int(0...3),
                                              lineBreakMode: [.wordWrap, .truncateTail, .charWrap][random.below(3)])
            #expect(prepared.size(in: container) == prepared.layout(in: container).size)
        }
    }
}
