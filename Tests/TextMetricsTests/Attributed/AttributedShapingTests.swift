import Foundation
import Testing
import TestSupport
@testable import TextMetrics

/// Attributed text against `hb-shape`: each stretch of one style is as wide as its text shaped
/// alone in its font and size, with the text around it as context, and letter spacing adds
/// exactly `kern` after every grapheme cluster.
@Suite struct AttributedShapingTests {
    /// A stretch: its text, font and size, and the HarfBuzz options it is shaped with.
    struct Stretch {
        var text: String
        var font: String
        var size: Double
        var kern = 0.0
        var options: [String] = []
    }

    /// The width hb-shape gives `stretches` laid side by side, each shaped with the others as
    /// context, plus `kern` per grapheme cluster (Swift's own `Character`s).
    static func referenceWidth(_ stretches: [Stretch]) throws -> Double {
        var total = 0.0
        for (index, stretch) in stretches.enumerated() {
            let path = try #require(BundledFonts.path(named: stretch.font))
            let upem = try SfntTables(path: path).verticalMetrics().unitsPerEm
            let before = stretches[..<index].map(\.text).joined()
            let after = stretches[(index + 1)...].map(\.text).joined()
            var options = stretch.options
            if !before.isEmpty { options.append("--text-before=\(before)") }
            if !after.isEmpty { options.append("--text-after=\(after)") }
            let units = try HBShapeReference.advances(fontPath: path, unitsPerEm: upem, strings: [stretch.text],
                                                      options: options)[0]
            total += Double(units) * stretch.size / Double(upem) + stretch.kern * Double(stretch.text.count)
        }
        return total
    }

    /// The attributed text of `stretches`, its style the first stretch's.
    static func attributed(_ stretches: [Stretch], features: [Int: [FontFeature]] = [:]) throws -> AttributedText {
        let first = stretches[0]
        var builder = AttributedText.Builder(style: try TextStyle(fonts: FontChain(named: [first.font], size: first.size)))
        for (index, stretch) in stretches.enumerated() {
            builder.append(stretch.text, TextAttributes(fonts: try FontChain(named: [stretch.font], size: stretch.size),
                                                        kern: stretch.kern, features: features[index]))
        }
        return try builder.build()
    }

    static func width(_ text: AttributedText) throws -> Double {
        let layout = try PreparedText(text).layout(in: .unlimited)
        #expect(layout.lineCount == 1)
        return layout.size.width
    }

    @Test func weightsAndSizesInLatin() throws {
        let stretches = [Stretch(text: "@alice", font: "Roboto-Medium", size: 15),
                         Stretch(text: "'s reply to ", font: "Roboto-Regular", size: 15),
                         Stretch(text: "example.com/AVAWAY", font: "Roboto-Regular", size: 13),
                         Stretch(text: " Toyota", font: "Roboto-Medium", size: 17.5)]
        let expected = try AttributedShapingTests.referenceWidth(stretches)
        let measured = try AttributedShapingTests.width(AttributedShapingTests.attributed(stretches))
        #expect(abs(measured - expected) < 1e-9, "\(measured) vs hb-shape \(expected)")
    }

    @Test func arabicJoinsAcrossAChangeOfSize() throws {
        // One word, its second half larger: the letters keep their joining forms.
        let stretches = [Stretch(text: "مكت", font: "NotoSansArabic-Regular", size: 15, options: ["--direction=rtl"]),
                         Stretch(text: "بة", font: "NotoSansArabic-Regular", size: 22, options: ["--direction=rtl"])]
        let expected = try AttributedShapingTests.referenceWidth(stretches)
        let measured = try AttributedShapingTests.width(AttributedShapingTests.attributed(stretches))
        #expect(abs(measured - expected) < 1e-9, "\(measured) vs hb-shape \(expected)")
        // And the joined forms are not the isolated ones: shaped without context it differs.
        let isolated = try ["مكت", "بة"].map { text -> Int in
            let path = try #require(BundledFonts.path(named: "NotoSansArabic-Regular"))
            return try HBShapeReference.advances(fontPath: path, unitsPerEm: 1000, strings: [text])[0]
        }
        #expect(abs(expected - (Double(isolated[0]) * 15 + Double(isolated[1]) * 22) / 1000) > 0.01)
    }

    @Test func letterSpacingAddsKernTimesClusters() throws {
        for text in ["Hello, world", "e\u{301}le\u{300}ve 👍🏽 ok", "日本語のテキスト", "office fluff"] {
            for kern in [0.5, -0.25, 1.75] {
                let chain = try FontChain(named: ["Roboto-Regular", "wqy-microhei", "NotoColorEmoji"], size: 15)
                let plain = try PreparedText(text, fonts: chain).layout(in: .unlimited).size.width
                let spaced = try PreparedText(AttributedText(text, style: TextStyle(fonts: chain, kern: kern)))
                    .layout(in: .unlimited).size.width
                // Letter spacing after every cluster, the last one too (as CoreText's kern).
                #expect(abs(spaced - plain - kern * Double(text.count)) < 1e-9, "\(text) kern \(kern)")
            }
        }
    }

    @Test func kernedSpanMatchesHBShape() throws {
        let stretches = [Stretch(text: "Say ", font: "Roboto-Regular", size: 15),
                         Stretch(text: "WAVE", font: "Roboto-Medium", size: 15, kern: 2),
                         Stretch(text: " now", font: "Roboto-Regular", size: 15)]
        let expected = try AttributedShapingTests.referenceWidth(stretches)
        let measured = try AttributedShapingTests.width(AttributedShapingTests.attributed(stretches))
        #expect(abs(measured - expected) < 1e-9, "\(measured) vs hb-shape \(expected)")
    }

    @Test func featuresReachHarfBuzz() throws {
        // Roboto ligates "fi" and "ffl" by default; with liga off, hb-shape's widths apply.
        let stretches = [Stretch(text: "office ", font: "Roboto-Regular", size: 15),
                         Stretch(text: "waffle 1234", font: "Roboto-Regular", size: 15, options: ["--features=liga=0,kern=0,tnum"])]
        let expected = try AttributedShapingTests.referenceWidth(stretches)
        let text = try AttributedShapingTests.attributed(stretches,
                                                         features: [1: [try FontFeature("liga", 0), .noKerning, .tabularFigures]])
        let measured = try AttributedShapingTests.width(text)
        #expect(abs(measured - expected) < 1e-9, "\(measured) vs hb-shape \(expected)")
    }
}
