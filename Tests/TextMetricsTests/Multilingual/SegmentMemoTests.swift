import Testing
import TestSupport
@testable import TextMetrics

/// A text whose segments a chain's ``SegmentMemo`` replays gets the segments, runs and
/// layouts that itemizing and measuring it give (`usesMemo: false`), in every chain and
/// state of the memo.
@Suite struct SegmentMemoTests {
    /// Pieces whose itemization depends on what comes before and after them: punctuation and
    /// digits that take the script of a later letter, spaces held after emoji, marks after
    /// spaces, ZWJ sequences, keycaps, flags, kana next to kanji, separators, right-to-left
    /// words (which are never memoized).
    static let pieces = [
        "hello", "world", "Wave", "To", "x", "42", "123", ",", ".", " ", " ", " ", "  ", "(", ")", "—", "「", "」",
        "中文", "字。", "汉字", "漢字かな", "かな", "カタ", "한국어", "😀", "👍🏽", "🇯🇵", "👨‍👩‍👧", "1️⃣", "❤️", "☺",
        "e\u{301}", " \u{301}", "\u{200D}", "\n", "\t", "café", "Ελλάδα", "Привет", "مرحبا", "שלום",
    ]

    static let chains = [
        ["Roboto-Regular", "wqy-microhei", "NotoColorEmoji"],
        ["Roboto-Regular", "NotoSansArabic-Regular", "wqy-microhei", "NotoSansHebrew-Regular", "NotoColorEmoji"],
        ["wqy-microhei", "Roboto-Regular", "NotoColorEmoji"],
        ["NotoColorEmoji", "Roboto-Regular"],
    ]

    @Test(arguments: chains.indices, [nil, "ja"] as [String?])
    func replayedTextsMatchItemizedOnes(chainIndex: Int, language: String?) throws {
        let fonts = try FontChain(named: Self.chains[chainIndex], size: 15, library: FontLibrary())
        let memo = try #require(fonts.memo)
        let containers = try [0, 60, 150, 100_000].map { try TextContainer(width: Double($0)) }
        var generator = TestCorpus.Random(seed: 0x3E30 + UInt64(chainIndex))
        // Texts from a small vocabulary, so most come back whole or in part.
        let texts = (0..<120).map { _ in (0..<generator.int(1...10)).map { _ in generator.pick(Self.pieces) }.joined() }
        var replayed = 0
        var leftToRight = 0
        for round in 0..<3 {
            for text in texts {
                let prepared = try PreparedText(text, fonts: fonts, language: language, joinsCharacters: true)
                let reference = try PreparedText(text, fonts: fonts, language: language, joinsCharacters: true,
                                                  usesMemo: false)
                #expect(prepared.segments == reference.segments, "\(text)")
                #expect(prepared.runs == reference.runs, "\(text)")
                for container in containers {
                    #expect(prepared.layout(in: container) == reference.layout(in: container), "\(text)")
                }
                guard round == 2 else { continue }
                // By the third round, every text the memo can hold replays.
                let isReplayed = text.utf8.withContiguousStorageIfAvailable { bytes in
                    memo.replay(SegmentSplitter.segments(of: bytes), in: bytes, fonts: fonts,
                                language: prepared.shapingLanguage) != nil
                }!
                let hasRightToLeft = text.unicodeScalars.contains { (0x590...0x8FF).contains($0.value) }
                #expect(!(hasRightToLeft && isReplayed), "a right-to-left text replayed: \(text)")
                if isReplayed { replayed += 1 }
                if !hasRightToLeft, reference.runs != nil { leftToRight += 1 }
            }
        }
        // Texts with a cluster across a segment boundary (a mark after a space) are not
        // memoized; most others are.
        #expect(replayed * 4 > leftToRight * 3, "\(replayed) of \(leftToRight) texts replayed")
    }

    /// A segment's entry holds before the character it was measured before only: "Wave "
    /// kerns with a "T" after it (space + T) but not with an "h"; an emoji's held space takes
    /// the font of what follows it. `other` is made of segments of the `known` texts, each
    /// in a context some known text gave it, and replays; its segment `shared` is met in
    /// another context too.
    @Test(arguments: [
        (["汉 Wave hello world", "汉 Wave To", "汉 x hello"], "汉 Wave hello", 1),
        (["y 😀 汉字", "x 😀 hello"], "x 😀 汉字", 1),
    ])
    func segmentsReplayInTheContextTheyWereMeasuredIn(known: [String], other: String, shared: Int) throws {
        let fonts = try FontChain(named: Self.chains[0], size: 15, library: FontLibrary())
        for text in known {
            for _ in 0..<2 { _ = try PreparedText(text, fonts: fonts) }
        }
        let replayed = other.utf8.withContiguousStorageIfAvailable { bytes in
            fonts.memo!.replay(SegmentSplitter.segments(of: bytes), in: bytes, fonts: fonts, language: nil)
        }!
        let reference = try PreparedText(other, fonts: fonts, language: nil, joinsCharacters: true, usesMemo: false)
        #expect(replayed?.segments == reference.segments)
        #expect(replayed?.runs == reference.runs)
        // Some segment of `other` measures differently in some known text (else this proves nothing).
        let segment = reference.segments[shared]
        let bytes = Array(other.utf8)[Int(segment.start)..<Int(segment.end)]
        let elsewhere = try known.flatMap { text in
            let prepared = try PreparedText(text, fonts: fonts, language: nil, joinsCharacters: true, usesMemo: false)
            let textBytes = Array(text.utf8)
            return prepared.segments.filter { textBytes[Int($0.start)..<Int($0.end)].elementsEqual(bytes) }
        }
        #expect(elsewhere.contains { $0.width != segment.width || $0.fontMask != segment.fontMask })
    }

    /// Every chain of a face's faces shares one memo, whatever its size; another chain of the
    /// same primary face has its own.
    @Test func chainsOfTheSameFacesShareAMemo() throws {
        let library = FontLibrary()
        let names = ["Roboto-Regular", "wqy-microhei", "NotoColorEmoji"]
        let small = try FontChain(named: names, size: 12, library: library)
        let large = try FontChain(named: names, size: 30, library: library)
        let other = try FontChain(named: ["Roboto-Regular", "NotoColorEmoji"], size: 12, library: library)
        #expect(small.memo != nil && small.memo === large.memo)
        #expect(other.memo != nil && other.memo !== small.memo)
        #expect(FontChain(try Font(named: "Roboto-Regular", size: 12, library: library)).memo == nil)
        // The same text at two sizes: replayed at the second, in proportion.
        let text = "汉字汉字，hello world 😀 中文"
        for _ in 0..<2 { _ = try PreparedText(text, fonts: small) }
        let prepared = try PreparedText(text, fonts: large)
        let reference = try PreparedText(text, fonts: large, language: nil, joinsCharacters: true, usesMemo: false)
        #expect(prepared.layout(in: .unlimited) == reference.layout(in: .unlimited))
        #expect(small.memo!.count > 0)
    }
}
