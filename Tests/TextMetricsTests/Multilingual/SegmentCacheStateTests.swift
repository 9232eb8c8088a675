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

    /// The number of segments the faces of `fonts` hold in their caches.
    static func cachedSegments(_ fonts: FontChain) -> Int {
        fonts.fonts.reduce(0) { $0 + $1.face.segments.count }
    }
}
