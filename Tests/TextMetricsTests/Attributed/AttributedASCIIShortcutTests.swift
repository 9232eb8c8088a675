import Testing
import TestSupport
@testable import TextMetrics

/// The attributed path's ASCII shortcut (an ASCII stretch at level 0 in fonts whose primary font
/// takes all of ASCII is one run, not itemized) gives exactly the runs itemizing every stretch
/// with ``TextItemizer`` gives, and so the same layouts; and attachments, which the splitter
/// does not count as characters a run may be made of, give the same layouts as when it does.
@Suite struct AttributedASCIIShortcutTests {
    /// Pieces a text is made of: ASCII words, Common-script stretches (digits, punctuation,
    /// spaces), controls and line separators, combining marks, other scripts, emoji, U+FFFC.
    static let pieces = [
        "hello", "Typography", "AV", "e-mail", "123", " ", "  ", "!?", "(2.0)", "$100", "#", "*", "--",
        "\t", "\u{01}", "\u{7F}", "\r\n", "\n", "\r", "e\u{301}", "a\u{308}\u{301}", "\u{301}", "é", "ﬁ",
        "你好", "。", "مرحبا", "שלום", "👋🏽", "6\u{FE0F}\u{20E3}", "\u{200D}", "\u{FFFC}", "ab\u{FFFC}cd",
    ]

    static func chains() throws -> [FontChain] {
        [
            try FontChain(named: ["Roboto-Regular"], size: 15),
            try FontChain(named: ["Roboto-Medium", "NotoColorEmoji"], size: 15),
            try FontChain(named: ["Roboto-Regular", "wqy-microhei", "NotoSansArabic-Regular", "NotoColorEmoji"], size: 13),
            try FontChain(named: ["NotoSansArabic-Regular", "Roboto-Regular"], size: 15),
            try FontChain(named: ["NotoColorEmoji", "Roboto-Regular"], size: 15),
            try FontChain(named: ["wqy-microhei", "Roboto-Medium"], size: 17),
        ]
    }

    /// A random text of `pieces`, ASCII-only pieces more often than not.
    static func text(_ random: inout TestCorpus.Random) -> String {
        var text = ""
        for _ in 0..<random.int(1...9) {
            text += random.int(0...2) == 0 ? random.pick(pieces) : random.pick(Array(pieces[0..<16]))
            if random.int(0...1) == 0 { text += " " }
        }
        return text
    }

    /// Random ranges of `text` on scalar boundaries (so inside words and between a base and
    /// its marks), some empty, some overlapping.
    static func ranges(of text: String, count: Int, _ random: inout TestCorpus.Random) -> [Range<Int>] {
        let offsets = text.unicodeScalars.indices.map { text.utf8.distance(from: text.utf8.startIndex, to: $0) } + [text.utf8.count]
        return (0..<count).map { _ in
            let a = random.pick(offsets), b = random.pick(offsets)
            return min(a, b)..<max(a, b)
        }
    }

    static let containers: [TextContainer] = [.unlimited, try! TextContainer(width: 40), try! TextContainer(width: 120),
                                              try! TextContainer(width: 90, numberOfLines: 2, lineBreakMode: .truncateTail)]

    @Test func shortcutGivesTheItemizersRuns() throws {
        let chains = try Self.chains()
        var random = TestCorpus.Random(seed: 0x29A5)
        var shortcutTaken = 0
        for _ in 0..<600 {
            let string = Self.text(&random)
            var text = AttributedText(string, style: TextStyle(fonts: random.pick(chains)))
            for range in Self.ranges(of: string, count: random.int(1...4), &random) {
                let attributes = switch random.int(0...4) {
                case 0: TextAttributes(size: 11)
                case 1: TextAttributes(kern: 0.5)
                case 2: TextAttributes(language: "tr")
                default: TextAttributes(fonts: random.pick(chains))
                }
                try text.addAttributes(attributes, to: range)
            }
            let offsets = string.utf8.indices.filter { string.utf8[$0] == 0xEF }
                .map { string.utf8.distance(from: string.utf8.startIndex, to: $0) }
            for offset in offsets where string.utf8[string.utf8.index(string.utf8.startIndex, offsetBy: offset)...]
                .starts(with: "\u{FFFC}".utf8) {
                try? text.addAttachment(try TextAttachment(width: 9, ascent: 12, descent: 3), at: offset)
            }
            let quick = try PreparedText(text)
            let itemized = try PreparedText(text, itemizingASCII: true)
            // Attachments counted as characters a run may be made of: the splitter looks for runs
            // as soon as two three-byte characters, boxes or ideographs, are in the text.
            let runsAcrossBoxes = try PreparedText(text, itemizingASCII: false, runsAcrossBoxes: true)
            #expect(quick.runs == itemized.runs, "\(string.debugDescription) \(text.spans.map(\.range))")
            for container in Self.containers {
                #expect(quick.layout(in: container) == itemized.layout(in: container), "\(string.debugDescription)")
                #expect(quick.layout(in: container) == runsAcrossBoxes.layout(in: container), "\(string.debugDescription)")
            }
            // The shortcut was there to take: a stretch wholly ASCII in a chain that itemizes it.
            if quick.measurer.styles != nil,
               ShapingStretches(text).stretches.contains(where: { stretch in
                   ShapingStretches(text).styles[stretch.style].fonts.itemizesASCIIInPrimaryFont && !stretch.range.isEmpty
                       && Array(string.utf8)[stretch.range].allSatisfy { $0 < 0x80 }
               }) {
                shortcutTaken += 1
            }
        }
        #expect(shortcutTaken > 200, "\(shortcutTaken) texts with an ASCII stretch")
    }

    /// Attachments among ideographs and ASCII: split without looking for character runs when
    /// only the boxes would make two three-byte characters, the text gives the lines it gives
    /// when they are counted (runs made of a box and an ideograph, cut back where they meet).
    @Test func boxesSplitAsCharactersWouldBe() throws {
        let fonts = try FontChain(named: ["Roboto-Regular", "wqy-microhei", "NotoColorEmoji"], size: 15)
        let box = try TextAttachment(width: 14, ascent: 12, descent: 2)
        let pieces = ["ab", " ", "\u{FFFC}", "中", "。", "x\u{FFFC}中", "文\u{FFFC}", "\u{FFFC}\u{FFFC}", "(", ")"]
        var random = TestCorpus.Random(seed: 0x29F0)
        var splitOtherwise = 0, runsJoined = 0
        for _ in 0..<400 {
            let string = (0..<random.int(2...8)).map { _ in random.pick(pieces) }.joined()
            var text = AttributedText(string, style: TextStyle(fonts: fonts))
            for (offset, byte) in string.utf8.enumerated() where byte == 0xEF { try text.addAttachment(box, at: offset) }
            let quick = try PreparedText(text)
            let runsAcrossBoxes = try PreparedText(text, itemizingASCII: false, runsAcrossBoxes: true)
            for container in Self.containers + [try TextContainer(width: 16), try TextContainer(width: 30)] {
                #expect(quick.layout(in: container) == runsAcrossBoxes.layout(in: container), "\(string.debugDescription)")
            }
            // The two ways split differently where only the boxes make two three-byte characters:
            // counted, they join ideographs into character runs.
            let wide = string.utf8.filter { $0 >= 0xE0 }.count
            if wide >= 2 && wide - text.attachments.count < 2 {
                splitOtherwise += 1
                let bytes = Array(string.utf8)
                let (plain, counted) = bytes.withUnsafeBufferPointer { bytes in
                    (SegmentSplitter(bytes, attachmentCount: text.attachments.count).segments, SegmentSplitter(bytes).segments)
                }
                if !plain.contains(where: \.isCharacterRun) && counted.contains(where: \.isCharacterRun) { runsJoined += 1 }
            }
        }
        #expect(splitOtherwise > 100, "\(splitOtherwise) texts split without looking for runs")
        #expect(runsJoined > 20, "\(runsJoined) texts whose boxes, counted, join character runs")
    }

    /// By hand (UAX #24: digits, punctuation and spaces are Common; a run takes the script of
    /// its first letter): a Common-only span is a Common run, a span with a letter a Latin one.
    @Test func commonScriptStretchesStayCommon() throws {
        let regular = try FontChain(named: ["Roboto-Regular"], size: 15)
        let medium = try FontChain(named: ["Roboto-Medium"], size: 15)
        var text = AttributedText("@bob 123 !? (x)", style: TextStyle(fonts: regular))
        try text.addAttributes(TextAttributes(fonts: medium), to: 5..<11)
        try text.addAttributes(TextAttributes(size: 12), to: 12..<15)
        let runs = try PreparedText(text).runs
        #expect(runs.map { $0.start..<$0.end } == [0..<5, 5..<11, 11..<12, 12..<15])
        #expect(runs.map(\.script) == [.latin, .common, .common, .latin])
        #expect(runs == (try PreparedText(text, itemizingASCII: true).runs))
    }
}
