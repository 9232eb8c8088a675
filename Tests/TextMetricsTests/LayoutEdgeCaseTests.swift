import Testing
@testable import TextMetrics

@Suite struct LayoutEdgeCaseTests {
    let font: Font
    init() throws { font = try Font(named: "Roboto-Regular", size: 17) }

    func layout(_ text: String, _ container: TextContainer = .unlimited) throws -> TextLayout {
        try TextMeasurer.layout(text, font: font, in: container)
    }

    @Test func emptyTextIsZeroByZeroWithNoLines() throws {
        let empty = try layout("")
        #expect(empty.size == .zero)
        #expect(empty.lines.isEmpty)
    }

    @Test func whitespaceOnlyTextIsOneLineOfZeroWidth() throws {
        let spaces = try layout("    ")
        #expect(spaces.lineCount == 1)
        #expect(spaces.size.width == 0)
        #expect(spaces.size.height == font.metrics.lineHeight)
    }

    @Test func lineSeparators() throws {
        #expect(try layout("abc\n").lineCount == 1)
        #expect(try layout("abc\n\n").lineCount == 2)
        #expect(try layout("\n").lineCount == 1)
        #expect(try layout("a\n\nb").lineCount == 3)
        #expect(try layout("a\r\nb").lineCount == 2)
        #expect(try layout("a\rb").lineCount == 2)
        #expect(try layout("a\u{85}b\u{2028}c\u{2029}d").lineCount == 4)
        #expect(try layout("a\u{0B}b\u{0C}c").lineCount == 3)
        let crlf = try layout("ab\r\ncd")
        #expect(crlf.lines[0].utf8Range == 0..<4)
        #expect(crlf.lines[0].width == (try layout("ab")).size.width)
    }

    @Test func heightIsLineCountTimesTheFontsLineHeight() throws {
        let metrics = font.face.metrics
        let lineHeight = Double(metrics.ascender - metrics.descender + metrics.lineGap) * 17 / Double(metrics.unitsPerEm)
        let three = try layout("one\ntwo\nthree")
        #expect(three.size.height == 3 * lineHeight)
    }

    @Test func numberOfLinesCutsAndMarksTruncation() throws {
        let text = "one two three four five six seven eight nine ten"
        let full = try layout(text, TextContainer(width: 80))
        let two = try layout(text, TextContainer(width: 80, numberOfLines: 2))
        #expect(full.lineCount > 2)
        #expect(two.lineCount == 2)
        #expect(two.isTruncated)
        #expect(!full.isTruncated)
        #expect(Array(two.lines[0...0]) == Array(full.lines[0...0]))
        #expect(two.lines[1] == full.lines[1])  // wordWrap: cut, no ellipsis
    }

    @Test func maximumHeightCountsOnlyLinesThatFitEntirely() throws {
        let text = "one two three four five six seven eight nine ten"
        let lineHeight = font.metrics.lineHeight
        #expect(try layout(text, TextContainer(width: 80, height: lineHeight * 2.9)).lineCount == 2)
        #expect(try layout(text, TextContainer(width: 80, height: lineHeight * 3)).lineCount == 3)
        #expect(try layout(text, TextContainer(width: 80, height: lineHeight * 0.5)).lineCount == 0)
        #expect(try layout(text, TextContainer(width: 80, height: lineHeight * 0.5)).size == .zero)
    }

    @Test func invalidContainersAreRejected() {
        #expect(throws: InvalidArgumentError.self) { try TextContainer(width: .nan) }
        #expect(throws: InvalidArgumentError.self) { try TextContainer(width: -1) }
        #expect(throws: InvalidArgumentError.self) { try TextContainer(height: -5) }
        #expect(throws: InvalidArgumentError.self) { try TextContainer(numberOfLines: -1) }
    }

    @Test func zeroWidthAndHeightMeanNoLimit() throws {
        let container = try TextContainer(width: 0, height: 0)
        #expect(container.width == .infinity)
        #expect(try layout("a long line that never wraps at all", container).lineCount == 1)
    }

    @Test func roundingUpToThePixelGrid() {
        let size = Size(width: 291.42, height: 52.73)
        #expect(size.roundedUp(scale: 1) == Size(width: 292, height: 53))
        #expect(size.roundedUp(scale: 2) == Size(width: 291.5, height: 53))
        #expect(size.roundedUp(scale: 3) == Size(width: 291.6666666666667, height: 53))
        // Values on the grid stay there despite floating-point noise.
        #expect(Size(width: 17.000000000001, height: 0.1 + 0.2).roundedUp(scale: 10) == Size(width: 17, height: 0.3))
    }

    @Test func missingGlyphsAreReported() throws {
        let latinOnly = try layout("abc 中文 😀 def")
        #expect(latinOnly.missingGlyphs == ["中", "文", "😀"])
        #expect(try layout("abc\u{200D}def\u{FE0F}").missingGlyphs.isEmpty)
    }
}
