import Testing
import TestSupport
@testable import TextMetrics

/// The itemizer's quick paths (ASCII and letter lanes, the one-character choice) give the
/// same runs as the general path, cluster by cluster, on random texts mixing every kind of
/// cluster the general path treats specially, in chains of several orders (Thai, Lao, Khmer
/// and Myanmar clusters of a base and its marks among them).
@Suite struct ItemizerQuickPathTests {
    /// Pieces that make the general path work: letters of several scripts, punctuation,
    /// spaces, emoji of every kind, marks, joiners, right-to-left text,
    /// controls, characters no font has, halfwidth voiced marks (extending), Hangul jamo,
    /// and letters that one font of a chain has and an earlier one lacks (ẞ, ἀ: Roboto only;
    /// ạ, ế: WenQuanYi too).
    static let pieces: [String] = [
        "a", "Z", "q", "é", "ß", "Ω", "ж", " ", " ", "\t", ",", ".", "1", "#", "*", "(", ")", "-",
        "中", "文", "字", "。", "，", "「", "」", "！", "（", "）", "：", "﹏", "あ", "カ", "ｶ", "\u{FF9E}", "ー", "한",
        "\u{1100}\u{1161}",
        "e\u{301}", "\u{301}", "中\u{302}", "\u{200D}", "\u{FE0F}", "\u{200B}", "\u{00AD}",
        "😀", "👍🏽", "🇯🇵", "❤️", "☺", "1\u{FE0F}\u{20E3}", "👨\u{200D}👩\u{200D}👧", "©", "™",
        "ع", "ر", "ب", "ש", "ל", "\u{200F}", "\u{202B}", "\n", "\r\n", "\u{2028}",
        "\u{0E01}", "\u{16A0}", "ẞ", "ạ", "ế", "ἀ", "\u{1680}", "\u{3000}", "\u{FFFD}", "𝔸", "\u{10FFFD}",
        // Right-to-left letters of three bytes (Arabic Extended-A, Hebrew presentation forms),
        // and a Latin ligature among them, which the right-to-left scan flags though it is not.
        "\u{08A0}", "\u{FB21}", "\u{FB01}",
        // Emoji of every shape the emoji lane takes or leaves: skin tones, flags, U+FE0F and
        // U+FE0E, text-default pictographs, a lone skin tone or indicator, a mark after one.
        "😂", "🙏🏻", "🇨🇳", "🎉", "\u{1F3FD}", "🅰", "🅰\u{FE0F}", "👍\u{1F3FD}\u{FE0F}", "😀\u{FE0E}",
        "🇯", "😀\u{301}", "👩\u{200D}💻", "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
        // Emoji of U+2000–U+3FFF (three bytes), which the emoji lane also takes: of emoji
        // presentation or not, with U+FE0F, U+FE0E, a skin tone, a ZWJ or a mark after them;
        // and symbols there that are not emoji, or hold no glyph.
        "✨", "⭐", "⌚", "☀️", "☝🏽", "❤\u{1F3FD}", "✈\u{FE0E}", "❤️\u{200D}🔥", "❤️\u{301}", "‼️", "↔", "↔️",
        "〰️", "㊗️", "→", "\u{2066}", "\u{20E3}", "\u{2029}", "\u{2060}",
        // Keycaps without U+FE0F or with U+FE0E, a no-break space, a fullwidth digit.
        "1\u{20E3}", "#\u{FE0E}\u{20E3}", "\u{00A0}", "２",
        // A CJK Unified Ideograph that no bundled font has, which ends a run of ideographs.
        Self.unmappedIdeograph,
    ] + southeastAsianPieces

    /// Letters and marks of Thai, Lao, Khmer and Myanmar, which the letter lane takes as
    /// clusters of a base and its marks: marks (extending, and Thai and Lao SARA AM, a spacing
    /// mark), a mark alone, marks of another script or of none after a letter (U+0301, ZWJ,
    /// ZWNJ), Khmer's inherent vowels (default-ignorable letters), and the baht sign (Common).
    static let southeastAsianPieces: [String] = [
        "ก", "น", "เ", "ๆ", "\u{0E34}", "\u{0E48}", "\u{0E33}", "\u{0E31}", "ที่", "น้ำ", "กำ", "฿",
        "ກ", "\u{0EB4}", "\u{0EB3}", "ក", "\u{17B6}", "\u{17B4}", "ក\u{17B5}", "က", "\u{1031}", "\u{103A}",
        "ก\u{301}", "ก\u{200D}", "ก\u{200C}\u{0E34}", "ក\u{0E34}",
    ]

    /// U+9FCC, an ideograph of Unicode 6.1 that WenQuanYi Micro Hei does not map.
    static let unmappedIdeograph = "\u{9FCC}"

    static let chains: [[String]] = [
        ["Roboto-Regular", "wqy-microhei", "NotoColorEmoji"],
        ["wqy-microhei", "Roboto-Regular", "NotoColorEmoji"],
        ["NotoColorEmoji", "Roboto-Regular", "wqy-microhei"],
        ["Roboto-Regular", "NotoSansArabic-Regular", "NotoSansHebrew-Regular", "wqy-microhei", "NotoColorEmoji"],
        ["NotoSansHebrew-Regular", "Roboto-Regular"],
        ["NotoSansArabic-Regular", "NotoColorEmoji", "Roboto-Regular", "wqy-microhei"],
        ["Roboto-Medium"],
        ["Roboto-Regular", "wqy-microhei", "NotoSansThai-Regular"],
        ["NotoSansThai-Regular"],
        ["NotoSansLao-Regular", "NotoSansThai-Regular", "NotoSansKhmer-Regular", "NotoSansMyanmar-Regular",
         "Roboto-Regular", "NotoColorEmoji"],
        ["NotoColorEmoji", "NotoSansKhmer-Regular", "Roboto-Regular", "NotoSansThai-Regular"],
    ]

    @Test func theUnmappedIdeographIsInNoBundledFont() throws {
        let scalar = Self.unmappedIdeograph.unicodeScalars.first!
        for name in Set(Self.chains.joined()) {
            #expect(try !FontLibrary.shared.face(named: name).hasGlyph(for: scalar), "\(name)")
        }
    }

    @Test(arguments: chains)
    func quickPathsGiveTheGeneralPathsRuns(_ names: [String]) throws {
        let fonts = try FontChain(named: names, size: 15)
        var generator = TestCorpus.Random(seed: 0x5EED ^ UInt64(names.count))
        var differing = 0
        for round in 0..<3000 {
            let length = generator.int(1...24)
            // Long stretches of one kind as well as a free mix: the lanes run only over the first.
            let kind = generator.below(4)
            let text = (0..<length).map { _ -> String in
                switch kind {
                case 0: return generator.pick(Self.pieces)
                case 3: return generator.pick(Self.southeastAsianWords)
                case 1: return generator.pick(["ab", "Cd ", "中文", "中\u{9FCC}文", "字。", "字，", "（中）", "字！", " ", "x", "かな", "ẞạ",
                                               "ếἀ", "\u{FB01}", "ש"])
                default: return generator.pick(["hello", " ", "世界", "，", "😀", "é", "\u{301}", "👍🏽", "🇯🇵", " 😂 ", " ❤️ ", "✨"])
                }
            }.joined()
            Self.compare(text, in: fonts, round: round, differing: &differing)
        }
        #expect(differing == 0)
    }

    /// Words, letters and marks of Thai, Lao, Khmer and Myanmar with spaces, Latin and Han
    /// between them, for long stretches of the cluster lane.
    static let southeastAsianWords = ["ที่", "น้ำ", "ภาษา", "ไทย", " ", "กำ", "เก", "\u{0E48}", "ກິນ", "ខ្មែរ", "မြန်",
                                      "ก\u{301}", "ก\u{200D}", "๑", "ๆ", "\u{17B4}", "\u{0E34}", "\u{17B6}", "a", "中"]

    /// Itemizes `text` in `fonts` with the lanes and by the general path alone, and counts in
    /// `differing` (recording the first three) when their runs differ.
    static func compare(_ text: String, in fonts: FontChain, round: Int, differing: inout Int) {
        var copy = text
        let (quick, general) = copy.withUTF8 { bytes in
            (TextItemizer.runs(of: bytes, fonts: fonts), TextItemizer.runsByGeneralPath(of: bytes, fonts: fonts))
        }
        guard quick != general else { return }
        differing += 1
        if differing <= 3 { Issue.record("round \(round): \(TestCorpus.scalars(of: text))\n quick \(quick)\n general \(general)") }
    }

    /// What the cluster lane found is kept by the thread from text to text for one chain (a
    /// copy of it shares it), and a text of another chain — even one made again of the same
    /// fonts — starts afresh: what the memo holds depends on the chain's fonts.
    @Test func theLanesMemoIsKeptForOneChain() throws {
        let names = ["Roboto-Regular", "wqy-microhei", "NotoSansThai-Regular"]
        let fonts = try FontChain(named: names, size: 15)
        let copy = fonts
        let other = try FontChain(named: names, size: 15)
        func itemize(_ text: String, _ chain: FontChain) -> [TextRun] {
            var text = text
            return text.withUTF8 { TextItemizer.runs(of: $0, fonts: chain) }
        }
        _ = itemize("ภาษาไทย ที่นี่", fonts)
        let memo = TextItemizer.KeptLaneMemo.memo(of: fonts)
        #expect(memo.pointee.font == 2 && memo.pointee.script == .thai)
        #expect(TextItemizer.KeptLaneMemo.memo(of: copy) == memo)
        #expect(memo.pointee.font == 2)
        #expect(TextItemizer.KeptLaneMemo.memo(of: other).pointee.font == .max)
        #expect(TextItemizer.KeptLaneMemo.memo(of: fonts).pointee.font == .max)
    }

    /// Texts of many chains in turn on one thread, so the lane's kept memo changes chain often:
    /// every text's runs are the general path's.
    @Test func chainsInTurnGiveTheGeneralPathsRuns() throws {
        let chains = try Self.chains.map { try FontChain(named: $0, size: 15) }
        var generator = TestCorpus.Random(seed: 0x7A11)
        var differing = 0
        for round in 0..<4000 {
            let fonts = generator.pick(chains)
            let text = (0..<generator.int(1...16)).map { _ in generator.pick(Self.southeastAsianWords) }.joined()
            Self.compare(text, in: fonts, round: round, differing: &differing)
        }
        #expect(differing == 0)
    }
}
