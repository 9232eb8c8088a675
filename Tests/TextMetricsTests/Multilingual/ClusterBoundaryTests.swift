import Testing
import TestSupport
import TextSegmentation
@testable import TextMetrics

/// A grapheme cluster is never cut: not into two segments, and so never across two lines,
/// though UAX #14 allows a break inside some (LB10 after a space before a mark, LB30b before
/// a modifier after an emoji that takes none); nor does a line start with an extending
/// character after a control (ZERO WIDTH SPACE), which HarfBuzz shapes into the cluster
/// before. The reference is `GraphemeBreaking`, which `GraphemeBreakTest.txt` checks, and the
/// standard library's own `Character`s.
@Suite struct ClusterBoundaryTests {
    static let chain = ["Roboto-Regular", "wqy-microhei", "NotoColorEmoji", "NotoSansArabic-Regular",
                        "NotoSansHebrew-Regular"]

    /// The UTF-8 offsets where `text`'s clusters start, by `GraphemeBreaking`.
    static func clusterStarts(_ text: String) -> Set<Int> {
        Set([0] + GraphemeBreaking.boundaries(in: text))
    }

    /// Texts of the pieces UAX #14 may cut, and the cases it does cut.
    static func texts() -> [String] {
        var generator = TestCorpus.Random(seed: 0xB0DA)
        let cases = ["💋🏿", "a 🏿b", "a \u{301}b", "x \u{20E3}", "\u{600}😂", "汉🏿", "\u{600}汉", "漢字 \u{301}字"]
        return cases + (0..<400).map { _ in
            (0..<generator.int(1...12)).map { _ in generator.pick(TestCorpus.clusterPieces) }.joined()
        }
    }

    @Test func segmentsStartWhereClustersStart() throws {
        let fonts = try FontChain(named: Self.chain, size: 15)
        for text in Self.texts() {
            let starts = Self.clusterStarts(text)
            // The standard library agrees on the clusters of these texts.
            let characters = Set(text.indices.map { text.utf8.distance(from: text.startIndex, to: $0) } + [0])
            #expect(starts.subtracting([text.utf8.count]) == characters.subtracting([text.utf8.count]),
                    "\(TestCorpus.scalars(of: text))")
            let bytes = Array(text.utf8)
            for joins in [true, false] {
                let prepared = joins ? try PreparedText(text, fonts: fonts)
                    : try PreparedText(characterByCharacter: text, fonts: fonts)
                for (segment, before) in zip(prepared.segments, [nil] + prepared.segments.map(Optional.some)) {
                    let place = "segment at \(segment.start) in \(TestCorpus.scalars(of: text))"
                    #expect(starts.contains(Int(segment.start)), "\(place)")
                    // Nor before an extending character, even after a control, but for a mandatory break.
                    let first = String(decoding: bytes[Int(segment.start)...], as: UTF8.self).unicodeScalars.first!
                    #expect(before?.isMandatoryBreak != false || !GraphemeBreaking.role(of: first).isExtending, "\(place)")
                }
            }
        }
    }

    @Test func linesStartWhereClustersStart() throws {
        let fonts = try FontChain(named: Self.chain, size: 15)
        for text in Self.texts() {
            let starts = Self.clusterStarts(text)
            let prepared = try PreparedText(text, fonts: fonts)
            for mode in [LineBreakMode.wordWrap, .charWrap] {
                for width in [1.0, 12, 30, 80] {
                    for line in prepared.layout(in: try TextContainer(width: width, lineBreakMode: mode)).lines {
                        #expect(starts.contains(line.utf8Range.lowerBound),
                                "\(mode) \(width): line at \(line.utf8Range) in \(TestCorpus.scalars(of: text))")
                    }
                }
            }
        }
    }

    /// Runs of regional indicators break into lines only where the color font's glyphs start
    /// when HarfBuzz shapes the whole run: Noto Color Emoji ligates the RGI flags first, left to
    /// right, then pairs what is left (🇽🇨, no flag, is one glyph alone, but 🇽 and 🇨🇫 in
    /// 🇽🇨🇫), which the rule in `ClusterJoins` follows. The fuzzer found 🇲🇳🇱🇯🇲🇸🇲🇳🇱 cut after
    /// 🇲🇸, though the font makes 🇲🇳 🇱 🇯🇲 🇸🇲 🇳🇱 of it.
    @Test func regionalIndicatorsBreakWhereTheColorFontsGlyphsStart() throws {
        let font = try Font(named: "NotoColorEmoji", size: 20)
        let letters = "ACFJLMNSX".unicodeScalars.map { Unicode.Scalar($0.value - 0x41 + 0x1F1E6)! }
        var generator = TestCorpus.Random(seed: 0xF1A6)
        let texts = ["🇲🇳🇱🇯🇲🇸🇲🇳🇱", "🇽🇨🇫🇯🇵"] + (0..<300).map { _ in
            String(String.UnicodeScalarView((0..<generator.int(2...10)).map { _ in generator.pick(letters) }))
        }
        var segmentStarts = 0
        for text in texts {
            let prepared = try PreparedText(text, font: font)
            let whole = prepared.layout(in: .unlimited)
            try #require(whole.lines.count == 1)
            let glyphStarts = Set(prepared.glyphs(for: whole).joined().map(\.cluster))
            for segment in prepared.segments.dropFirst() {
                segmentStarts += 1
                #expect(glyphStarts.contains(Int(segment.start)),
                        "\(text): a segment starts at byte \(segment.start), glyphs at \(glyphStarts.sorted())")
            }
        }
        #expect(segmentStarts > 100, "\(segmentStarts)")
    }
}
