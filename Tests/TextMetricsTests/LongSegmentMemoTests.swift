import Testing
import TestSupport
@testable import TextMetrics

/// A prepared text keeps what cutting its long words asked (their advances, the widths of
/// their pieces shaped alone, the rests shaped from a cut): laying it out again, at a width
/// it was laid out at before or at another, answers as a text laid out for the first time in
/// a library of its own.
@Suite struct LongSegmentMemoTests {
    @Test func aTextLaidOutAgainAnswersAsANewOne() throws {
        var generator = TestCorpus.Random(seed: 0x1046)
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        let pieces = ["سلام", "کتاب", "中文", "👍🏽", "é", "fi"]
        let chain = ["Roboto-Regular", "wqy-microhei", "NotoSansArabic-Regular", "NotoColorEmoji"]
        let shared = try FontChain(named: chain, size: 15)
        var withMemo = 0
        for round in 0..<40 {
            // A long token (letters, and now and then a piece of another script inside it)
            // between words, so that lines end inside it at most widths.
            var token = ""
            for _ in 0..<generator.int(50...160) {
                token += generator.int(0...20) == 0 ? generator.pick(pieces) : String(generator.pick(letters))
            }
            let text = "see \(token) and the rest \(token.prefix(60)) end"
            let prepared = try PreparedText(text, fonts: shared)
            if prepared.longSegments != nil { withMemo += 1 }  // an ideograph breaks a token
            let modes: [LineBreakMode] = [.wordWrap, .charWrap, .truncateTail]
            for width in [90.0, 173.5, 90, 240, 173.5, 90] {
                let mode = generator.pick(modes)
                let container = try TextContainer(width: width, numberOfLines: mode == .truncateTail ? 2 : 0,
                                                  lineBreakMode: mode)
                let fresh = try PreparedText(text, fonts: FontChain(named: chain, size: 15, library: FontLibrary()))
                #expect(prepared.layout(in: container) == fresh.layout(in: container), "round \(round) at \(width): \(text)")
            }
        }
        #expect(withMemo >= 20)
    }
}
