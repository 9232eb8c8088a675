import Testing
import TestSupport
@testable import TextMetrics

/// A text in a chain of fonts measures the same whatever the faces' segment caches hold:
/// with every segment new, with some known from earlier texts (the pieces no cache knows are
/// shaped afterwards, run by run, and added to their segments), and with all of them known.
@Suite struct SegmentCacheStateTests {
    /// Words that recur across texts (so later texts find some of their segments cached) and
    /// pieces that make runs: Han, kana, emoji, Arabic and Hebrew, punctuation between scripts.
    static let pieces = [
        "hello", "world", "Wave", "AV", "To", "efficiency", "x", "42", ",", ".", " ", " ", " ",
        "中文", "字。", "汉字", "かな", "カタ", "😀", "👍🏽", "🇯🇵", "مرحبا", "شكرا", "שלום", "עולם",
        "e\u{301}", "(", ")", "—", "「", "」", "123",
    ]
    static let chain = ["Roboto-Regular", "wqy-microhei", "NotoSansArabic-Regular", "NotoSansHebrew-Regular",
                        "NotoColorEmoji"]

    @Test func partlyCachedTextsMeasureAsNewOnes() throws {
        let shared = FontLibrary()
        let sharedFonts = try FontChain(named: Self.chain, size: 15, library: shared)
        var generator = TestCorpus.Random(seed: 0xCAC4E)
        var partlyKnown = 0
        for round in 0..<60 {
            let text = (0..<generator.int(1...16)).map { _ in generator.pick(Self.pieces) }.joined()
            let containers = try [0, 60, 150].map { try TextContainer(width: Double($0)) }
            // Every segment new: a library of its own.
            let fresh = try FontChain(named: Self.chain, size: 15, library: FontLibrary())
            let cold = try containers.map { try PreparedText(text, fonts: fresh).layout(in: $0) }
            // Some segments known from the texts before it, then all of them.
            let before = Self.cachedSegments(sharedFonts)
            let partly = try containers.map { try PreparedText(text, fonts: sharedFonts).layout(in: $0) }
            // After the first rounds, most pieces of a text were met before: a text that
            // still adds entries is partly known.
            if round >= 10, Self.cachedSegments(sharedFonts) > before { partlyKnown += 1 }
            let warm = try containers.map { try PreparedText(text, fonts: sharedFonts).layout(in: $0) }
            #expect(partly == cold, "round \(round): \(text)")
            #expect(warm == cold, "round \(round): \(text)")
        }
        #expect(partlyKnown > 20)
    }

    /// Texts whose break opportunities UAX #14 puts inside grapheme clusters (a modifier after
    /// an emoji that takes none, a mark after a space) measure the same cold, in a library of
    /// their own, and warm: the libFuzzer target `FuzzTextLayout` found 👨🏻‍❤️‍💋🏿 … 💋🏿‍❤ one
    /// emoji wider warm, when segments started inside clusters and shared a cache key.
    @Test func textsWithClustersTheBreakRulesCutMeasureTheSameColdAndWarm() throws {
        let chain = Self.chain + ["Roboto-Medium"]
        var generator = TestCorpus.Random(seed: 0xC1A5)
        let found = "\u{200D}👨🏽👨\u{200D}\u{200D}🏿👨🏻\u{200D}❤️\u{200D}💋🏿👨🏽👨🏻\u{200D}❤️\u{200D}💋🏿\u{200D}❤"
        // And a modifier after ZERO WIDTH SPACE, which HarfBuzz merges into its cluster.
        let afterSpace = "👩🏽\u{200B}\u{200D}🏾\u{200D}❤👩🏽\u{200B}\u{200D}👨"
        // And regional indicators whose pairs are no flags but straddle one (🇨🇫).
        let flags = "🇽🇨🇫\u{FFFD}🇫"
        // And pairs that are flags (🇲🇸 🇲🇳) where the font ligates others across them (🇯🇲 🇸🇲 🇳🇱).
        let shiftedFlags = "🇲🇳🇱🇯🇲🇸🇲🇳🇱"
        // And a word in runs of two bidi levels (U+0604 is an Arabic number sign): its pieces
        // join with the letters before them, which their cache keys must hold.
        let arabic = "لعا\u{604}للعا"
        // And emoji the color font ligates across a break (after 👨🏾) when shaped together,
        // in a piece of a segment too long to cache with its context.
        let ligatedAcrossBreak = "い\u{700}\u{FFFD}\u{FFFD}\u{200D}💋\u{200D}👨🏾👩🏽\u{200D}❤️\u{200D}"
        let texts = [found, afterSpace, flags, shiftedFlags, arabic, ligatedAcrossBreak] + (0..<150).map { _ in
            (0..<generator.int(2...14)).map { _ in generator.pick(TestCorpus.clusterPieces) }.joined()
        }
        let containers = try [0, 40, 240].map { try TextContainer(width: Double($0)) }
        for text in texts {
            let fonts = try FontChain(named: chain, size: 14.5, library: FontLibrary())
            let cold = try containers.map { try PreparedText(text, fonts: fonts).layout(in: $0) }
            let warm = try containers.map { try PreparedText(text, fonts: fonts).layout(in: $0) }
            #expect(warm == cold, "\(TestCorpus.scalars(of: text))")
        }
    }

    /// Arabic shaped left to right — `؃ت` is one grapheme cluster, a number sign at bidi level 2
    /// with the letter after it — measures its own characters, as `hb-shape` shapes them with
    /// no text around them, cold and warm. HarfBuzz reverses such a buffer but not the text
    /// around it, so the ت that ends `؂ ؃ت` took its final form from the ل in front of it; the
    /// cache then gave `؃ت` at the text's start that width too (found by `FuzzTextLayout`).
    @Test func arabicShapedLeftToRightMeasuresItsOwnCharactersColdAndWarm() throws {
        let chain = ["Roboto-Regular", "NotoSansArabic-Regular"]
        let (signed, letter, rest) = ("\u{603}ت", "ل", "\u{602} \u{603}ت")
        let text = signed + letter + rest
        let path = try #require(BundledFonts.path(named: "NotoSansArabic-Regular"))
        let upem = try SfntTables(path: path, faceIndex: 0).verticalMetrics().unitsPerEm
        let leftToRight = try HBShapeReference.advances(fontPath: path, unitsPerEm: upem, strings: [signed, rest],
                                                        options: ["--direction=ltr", "--script=Arab"])
        let joined = try HBShapeReference.advances(fontPath: path, unitsPerEm: upem, strings: [letter],
                                                   options: ["--direction=rtl", "--script=Arab",
                                                             "--text-before=\(signed)", "--text-after=\(rest)"])
        let expected = Double(leftToRight.reduce(0, +) + joined[0]) * 14.5 / Double(upem)
        let fonts = try FontChain(named: chain, size: 14.5, library: FontLibrary())
        let cold = try PreparedText(text, fonts: fonts).layout(in: TextContainer())
        #expect(abs(cold.size.width - expected) < 1e-9, "cold: \(cold.size.width) pt, hb-shape: \(expected) pt")
        // The number sign and its letter measured first, on their own, then the text.
        let other = try FontChain(named: chain, size: 14.5, library: FontLibrary())
        _ = try PreparedText(signed, fonts: other).layout(in: TextContainer())
        let warm = try PreparedText(text, fonts: other).layout(in: TextContainer())
        #expect(warm == cold)
        #expect(try PreparedText(text, fonts: fonts).layout(in: TextContainer()) == cold)
    }

    /// The number of segments the faces of `fonts` hold in their caches.
    static func cachedSegments(_ fonts: FontChain) -> Int {
        fonts.fonts.reduce(0) { $0 + $1.face.segments.count }
    }
}
