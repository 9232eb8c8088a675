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
}
