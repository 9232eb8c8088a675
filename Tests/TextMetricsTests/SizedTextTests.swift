import Testing
@testable import TextMetrics

/// The cell path's quick line counts agree with the text measurer's full layout.
@Suite struct SizedTextTests {
    static let texts = [
        "", "Hi", "Hello, wrapping world", "abc\n", "abc\n\ndef", "Two  spaces  and\ttabs at the end   ",
        "A sentence with a verylongwordthatwillneedbreakingsomewhereinthemiddle of it.",
        "1. Make sure the app may use the microphone: open Settings.\n2. Make sure the remote is fully charged.",
        "为什么我的遥控器不能使用？确保打开手机麦克风权限；确保遥控器电量充足。",
        "Ta VAVA Wave, You 2024 — “quoted” text; (parenthesised) and hyphen-ated words.",
    ]

    @Test(arguments: texts)
    func matchesTheMeasurer(text: String) throws {
        for (name, size) in [("Roboto-Regular", 15.0), ("Roboto-Medium", 17.0), ("wqy-microhei", 13.0)] {
            let font = try Font(named: name, size: size)
            let measured = try SizedText(text, fonts: FontChain(font))
            let unlimited = measured.prepared.size(in: .unlimited)
            #expect(measured.naturalWidth == unlimited.width, "\(name) \(text.debugDescription)")
            #expect(Double(measured.paragraphCount) * font.metrics.lineHeight == unlimited.height)
            for width in stride(from: 20.0, through: 420, by: 7.25) {
                for lines in [0, 1, 2, 3] {
                    for mode in [LineBreakMode.wordWrap, .charWrap, .truncateTail] {
                        let expected = measured.prepared.size(in: try TextContainer(width: width, numberOfLines: lines,
                                                                                    lineBreakMode: mode)).height
                        #expect(try measured.height(width: width, numberOfLines: lines, lineBreakMode: mode) == expected,
                                "\(name) \(text.debugDescription) @\(width) ×\(lines) \(mode)")
                    }
                }
            }
        }
    }

    /// With a paragraph style too: heights and baselines of texts whose lines all stack alike
    /// (spacing, a multiple, minimum and maximum heights — the quick paths) and of texts whose
    /// lines do not (indents, paragraph spacing between paragraphs, a tab: the layout) are
    /// the full layout's.
    @Test func matchesTheMeasurerWithAParagraphStyle() throws {
        var styles: [ParagraphStyle] = []
        for (spacing, multiple, minimum, maximum) in [(4.0, 0.0, 0.0, 0.0), (0, 1.1, 0, 0), (2.5, 1.3, 19, 0),
                                                      (0, 0, 0, 14), (3, 0.9, 0, 16.5)] {
            var style = ParagraphStyle()
            style.lineSpacing = spacing
            style.lineHeightMultiple = multiple
            style.minimumLineHeight = minimum
            style.maximumLineHeight = maximum
            styles.append(style)
        }
        var indented = styles[0]
        indented.firstLineHeadIndent = 12
        var spaced = styles[1]
        spaced.paragraphSpacing = 6
        spaced.paragraphSpacingBefore = 2
        var tailed = styles[2]
        tailed.tailIndent = -10
        styles += [indented, spaced, tailed]
        var quick = 0
        for text in Self.texts {
            for style in styles {
                var attributed = AttributedText(text, style: TextStyle(fonts: try FontChain(named: ["Roboto-Regular"], size: 15)))
                attributed.paragraphStyle = style
                let sized = try SizedText(attributed)
                if sized.prepared.hasUniformLineHeight, style.stacksLinesAlike(paragraphs: sized.paragraphCount) { quick += 1 }
                for width in stride(from: 20.0, through: 420, by: 11.75) {
                    for lines in [0, 1, 2, 3] {
                        for mode in [LineBreakMode.wordWrap, .charWrap, .truncateTail] {
                            let container = try TextContainer(width: width, numberOfLines: lines, lineBreakMode: mode)
                            let label = "\(style) \(text.debugDescription) @\(width) ×\(lines) \(mode)"
                            #expect(try sized.height(width: width, numberOfLines: lines, lineBreakMode: mode)
                                    == sized.prepared.size(in: container).height, "\(label)")
                            let (first, last) = try sized.baselines(width: width, numberOfLines: lines, lineBreakMode: mode)
                            let layout = sized.prepared.layout(in: container)
                            #expect(first == layout.firstBaseline && last == layout.lastBaseline, "\(label)")
                        }
                    }
                }
            }
        }
        #expect(quick >= 30)
    }
}
