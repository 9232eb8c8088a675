import Testing
import TestSupport
import TextSegmentation
@testable import TextMetrics

/// Character runs — consecutive one-character segments of CJK text kept as one segment (see
/// `TextSegment.isCharacterRun`) — stand for exactly the break opportunities of UAX #14 and
/// lay out exactly as one segment per character does, at every width, line limit and line
/// break mode, in chains where the runs stay whole and where they must be cut back.
@Suite struct CharacterRunTests {
    /// Ideographs (inside and outside U+4E00–U+9FFF), kana (small kana are not broken
    /// before), Hangul, CJK punctuation that holds to its neighbours, full-width and
    /// ideographic spaces, three-byte symbols, Latin words, emoji, marks, line separators.
    static let pieces: [String] = [
        "中", "文", "字", "漢", "語", "㐀", "𠀀", "あ", "か", "ぁ", "ッ", "ー", "カ", "한", "국", "어",
        "。", "，", "、", "「", "」", "（", "）", "！", "？", "・", "：", "\u{3000}", " ", "  ",
        "—", "…", "€", "™", "→", "★", "ｶ", "\u{FF9E}", "hello", "Ab", "42", "e\u{301}", "中\u{302}",
        "😀", "👍🏽", "🇯🇵", "\n", "\u{2028}", "\u{200B}",
    ]

    /// A random text: mostly ideographs, in stretches, with the other pieces between.
    static func text(_ generator: inout TestCorpus.Random) -> String {
        (0..<generator.int(1...40)).map { _ -> String in
            generator.below(3) == 0 ? generator.pick(pieces) : String(generator.pick(Array("中文字漢語的一是不了人我在有他这为之大来以个中上们")))
        }.joined()
    }

    /// Cut back into one segment per character, the segments end at the text's break
    /// opportunities (`LineBreaking`, checked against `LineBreakTest.txt`) that are grapheme
    /// cluster boundaries (`GraphemeBreaking`, checked against `GraphemeBreakTest.txt`) not
    /// before an extending character, or are mandatory, and
    /// every run is at least two characters of three bytes with no whitespace and a break after each.
    @Test func runsStandForTheBreakOpportunities() {
        var generator = TestCorpus.Random(seed: 0xC4A7)
        var runCount = 0
        for _ in 0..<4000 {
            let text = Self.text(&generator)
            // Not inside a cluster, and not before an extending character (after a control),
            // unless mandatory.
            let clusterEnds = Set(GraphemeBreaking.boundaries(in: text))
            let bytes = Array(text.utf8)
            let expected = LineBreaking.opportunities(in: text).filter { opportunity in
                guard !opportunity.isMandatory else { return true }
                let next = String(decoding: bytes[opportunity.offset...], as: UTF8.self).unicodeScalars.first
                // (The only regional indicators here make the flag 🇯🇵, after which a line may start.)
                return clusterEnds.contains(opportunity.offset) && !(next.map { GraphemeBreaking.role(of: $0).isExtending } ?? false)
            }
            var copy = text
            copy.withUTF8 { bytes in
                let segments = SegmentSplitter.segments(of: bytes)
                for segment in segments where segment.isCharacterRun {
                    runCount += 1
                    #expect(segment.characterCount >= 2 && (segment.end - segment.start) % 3 == 0)
                    #expect(segment.contentEnd == segment.end && segment.shapedEnd == segment.end)
                    for offset in stride(from: Int(segment.start), to: Int(segment.end), by: 3) {
                        #expect(UTF8Scan.codePoint(at: offset, in: bytes).length == 3)
                    }
                }
                let cut = SegmentSplitter.cuttingCharacterRuns(segments, atStartsOf: nil)
                let found = cut.map { LineBreakOpportunity(offset: Int($0.end), isMandatory: $0.isMandatoryBreak) }
                #expect(found == expected, "\(text.debugDescription)")
                #expect(cut.count >= segments.count)
            }
        }
        #expect(runCount > 3000)
    }

    static let chains: [[String]] = [
        ["wqy-microhei"],
        ["Roboto-Regular", "wqy-microhei", "NotoColorEmoji"],
        ["Roboto-Regular", "NotoSansArabic-Regular", "wqy-microhei", "NotoSansHebrew-Regular", "NotoColorEmoji"],
        // No CJK font: every ideograph is missing, measured with Roboto's .notdef.
        ["Roboto-Regular"],
    ]

    /// Laid out at every width from one character per line to one line, with and without a
    /// line limit, in every line break mode, the text gives the same lines (ranges, widths,
    /// heights, truncation) and size with character runs as with one segment per character
    /// (the runs fitted by one division where their characters share an advance, and by
    /// adding advances), and `SizedText` gives the same height.
    @Test(arguments: chains)
    func runsLayOutAsOneSegmentPerCharacter(_ names: [String]) throws {
        let fonts = try FontChain(named: names, size: 15)
        var generator = TestCorpus.Random(seed: 0x9E3 ^ UInt64(names.count))
        var differing = 0
        var brokenInsideRuns = 0
        var uniformRuns = 0
        for round in 0..<300 {
            let text = Self.text(&generator)
            let joined = try PreparedText(text, fonts: fonts)
            // Runs fitted by adding their characters' advances, not by dividing by one advance.
            let summed = joined.forgettingCharacterAdvances()
            uniformRuns += joined.segments.filter { $0.characterAdvance > 0 }.count
            let single = try PreparedText(characterByCharacter: text, fonts: fonts)
            let measured = try SizedText(text, fonts: fonts)
            let widths = [1.0, 16, 31, 47.5, 60, 95, 150, 226.3, 320, 1000]
            for width in widths {
                for mode in LineBreakMode.allCases {
                    for lines in [0, 1, 2] {
                        let container = try TextContainer(width: width, numberOfLines: lines, lineBreakMode: mode)
                        let a = joined.layout(in: container)
                        let b = single.layout(in: container)
                        let height = try measured.height(width: width, numberOfLines: lines, lineBreakMode: mode)
                        if a != b || summed.layout(in: container) != b || joined.size(in: container) != a.size
                            || abs(height - a.size.height) > 1e-9 {
                            differing += 1
                            if differing <= 3 {
                                Issue.record("round \(round) \(TestCorpus.scalars(of: text)) width \(width) \(mode) \(lines) lines:\n runs   \(a.lines)\n single \(b.lines)\n measured height \(height)")
                            }
                        }
                        if a.lines.contains(where: { line in
                            joined.segments.contains { $0.isCharacterRun && $0.start < line.utf8Range.upperBound && line.utf8Range.upperBound < $0.end }
                        }) {
                            brokenInsideRuns += 1
                        }
                    }
                }
            }
        }
        #expect(differing == 0)
        // The runs were kept (in a chain with a CJK font), lines ended inside them, and most
        // runs (ideographs of one em) were fitted by division.
        if names.contains("wqy-microhei") {
            #expect(brokenInsideRuns > 1000)
            #expect(uniformRuns > 300)
        }
    }

    /// Japanese mixes kanji, hiragana and katakana — runs of three scripts — between break
    /// opportunities: the character runs are cut where the script runs start, not given up.
    @Test func runsAreCutAtScriptRuns() throws {
        let fonts = try FontChain(named: ["Roboto-Regular", "wqy-microhei"], size: 15)
        let text = "日本語のテキストを測る漢字とかなとカタカナ"
        let prepared = try PreparedText(text, fonts: fonts)
        let runs = try #require(prepared.runs)
        #expect(Set(runs.map(\.script)).isSuperset(of: [.han, .hiragana, .katakana]))
        let characterRuns = prepared.segments.filter(\.isCharacterRun)
        #expect(characterRuns.count >= 4)
        for segment in characterRuns {
            #expect(runs.contains { $0.start <= segment.start && segment.end <= $0.end }, "\(segment) crosses runs")
        }
        let single = try PreparedText(characterByCharacter: text, fonts: fonts)
        for width in [20.0, 50, 77, 100, 200] {
            let container = try TextContainer(width: width)
            #expect(prepared.layout(in: container) == single.layout(in: container))
        }
    }
}
