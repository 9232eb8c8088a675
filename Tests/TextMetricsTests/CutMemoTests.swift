import Testing
import TestSupport
@testable import TextMetrics

/// A prepared text keeps what cutting its words asked (their advances, the widths of their
/// pieces shaped alone, the rests shaped from a cut) when it has long words or several styles:
/// laying it out again, at a width it was laid out at before or at another, answers as a text
/// laid out for the first time in a library of its own.
@Suite struct CutMemoTests {
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
            if prepared.cuts != nil { withMemo += 1 }  // an ideograph breaks a token
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

    /// An attributed text of several styles (sizes, fonts, letter spacing, an attachment) keeps
    /// a memo, and its layouts again answer as a new text's.
    @Test func anAttributedTextLaidOutAgainAnswersAsANewOne() throws {
        var generator = TestCorpus.Random(seed: 0x1047)
        let words = ["see", "Wavefront", "AVATAR", "office", "مرحبا", "中文字", "👍🏽", "https://example.com/notes", "to"]
        let chain = ["Roboto-Regular", "wqy-microhei", "NotoSansArabic-Regular", "NotoColorEmoji"]
        let box = try TextAttachment(width: 18, ascent: 14, descent: 4)
        for round in 0..<30 {
            func attributed(_ library: FontLibrary) throws -> AttributedText {
                var inner = TestCorpus.Random(seed: UInt64(round) + 1)
                let fonts = try FontChain(named: chain, size: 15, library: library)
                let medium = try FontChain(named: ["Roboto-Medium"] + chain.dropFirst(), size: 15, library: library)
                var builder = AttributedText.Builder(style: TextStyle(fonts: fonts))
                for index in 0..<inner.int(6...14) {
                    if index > 0 { builder.append(" ") }
                    let word = inner.pick(words)
                    switch inner.int(0...4) {
                    case 0: builder.append(word, TextAttributes(fonts: medium))
                    case 1: builder.append(word, TextAttributes(size: 12))
                    case 2: builder.append(word, TextAttributes(kern: 0.7))
                    case 3: builder.appendAttachment(box)
                    default: builder.append(word)
                    }
                }
                return try builder.build()
            }
            let prepared = try PreparedText(attributed(FontLibrary.shared))
            for width in [40.0, 97.5, 40, 160, 97.5] {
                let mode = generator.pick([LineBreakMode.wordWrap, .charWrap, .truncateTail])
                let container = try TextContainer(width: width, numberOfLines: mode == .truncateTail ? 2 : 0,
                                                  lineBreakMode: mode)
                let fresh = try PreparedText(attributed(FontLibrary()))
                #expect(prepared.layout(in: container) == fresh.layout(in: container), "round \(round) at \(width)")
            }
        }
    }
}
