import Foundation
import Testing
import TestSupport
import TextMetrics

/// Thai, Lao, Khmer and Myanmar news sentences laid out at several widths through the public
/// API, each language in its bundled Noto font with Roboto after it (for digits and Latin
/// letters): every line starts where greedy fitting over ICU's own break opportunities (PyICU,
/// `scripts/icu-line-breaks.py`) puts it — the longest run of opportunities whose text,
/// measured alone on one line, fits.
@Suite struct SoutheastAsianLayoutTests {
    static let size = 15.0

    static func chain(_ language: String) throws -> FontChain {
        try FontChain(named: [try #require(SoutheastAsianCorpus.fonts[language]), "Roboto-Regular"], size: size)
    }

    @Test(arguments: SoutheastAsianCorpus.languages.map(\.name))
    func linesStartWhereICUsOpportunitiesPutThem(language: String) throws {
        let sentences = try #require(SoutheastAsianCorpus.languages.first { $0.name == language }?.sentences)
        let fonts = try Self.chain(language)
        let opportunities = try ICUReference.breaks(of: sentences)
        var requests = 0
        var agreeing = 0
        for (sentence, breaks) in zip(sentences, opportunities) {
            let bytes = Array(sentence.utf8)
            var widths: [Range<Int>: Double] = [:]
            /// The width of `bytes[range]` laid out alone on one line (trailing spaces hang).
            func measure(_ range: Range<Int>) throws -> Double {
                if let known = widths[range] { return known }
                let text = String(decoding: bytes[range], as: UTF8.self)
                let measured = try PreparedText(text, fonts: fonts).layout(in: .unlimited).lines.first?.width ?? 0
                widths[range] = measured
                return measured
            }
            let starts = [0] + breaks.dropLast()
            let widestPiece = try zip(starts, breaks).map { try measure($0..<$1) }.max() ?? 0
            let whole = try measure(0..<bytes.count)
            // From one piece a line to two lines; every piece fits, so no word is cut.
            for width in [widestPiece + 0.5, widestPiece * 1.4, whole * 0.35, whole * 0.55, whole * 0.8]
            where width >= widestPiece + 0.5 {
                var expected: [Int] = []
                var start = 0
                while start < bytes.count {
                    expected.append(start)
                    var end = try #require(breaks.first { $0 > start })
                    for candidate in breaks where candidate > end {
                        guard try self.fits(measure(start..<candidate), in: width) else { break }
                        end = candidate
                    }
                    start = end
                }
                let layout = try PreparedText(sentence, fonts: fonts).layout(in: TextContainer(width: width))
                #expect(layout.missingGlyphs.isEmpty, "\(sentence)")
                let actual = layout.lines.map(\.utf8Range.lowerBound)
                requests += 1
                if actual == expected {
                    agreeing += 1
                } else {
                    print("\(language) @\(width): ICU greedy \(expected), TextMetrics \(actual): \(sentence)")
                }
            }
        }
        print("ICU line starts \(language): \(agreeing)/\(requests) requests agree")
        #expect(requests >= 3 * sentences.count)
        #expect(Double(agreeing) >= 0.995 * Double(requests), "\(agreeing)/\(requests)")
    }

    /// Fits as the layout decides: within a billionth of a point.
    func fits(_ lineWidth: Double, in width: Double) -> Bool {
        lineWidth <= width + 1e-9
    }
}
