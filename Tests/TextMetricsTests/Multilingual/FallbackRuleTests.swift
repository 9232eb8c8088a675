import Foundation
import Testing
import TestSupport
import TextSegmentation
@testable import TextMetrics

/// The fallback rule against independent references: every cluster's font against the fonts'
/// `cmap` tables (read by the test support's own parser) and the Unicode properties of the
/// standard library; whitespace and keycap sequences against `hb-shape`'s widths and clusters.
@Suite struct FallbackRuleTests {
    static let size = 16.0

    /// The code points each bundled font maps, from its own `cmap`.
    static let cmaps: [String: Set<UInt32>] = {
        var maps: [String: Set<UInt32>] = [:]
        for name in ["Roboto-Regular", "wqy-microhei", "NotoSansArabic-Regular", "NotoSansHebrew-Regular", "NotoColorEmoji"] {
            if let path = BundledFonts.path(named: name) { maps[name] = (try? SfntTables(path: path).mappedCodePoints()) ?? [] }
        }
        return maps
    }()

    /// The chain index the rule gives `cluster`, written from its statement: a cluster shown as
    /// emoji (a first character of emoji presentation, or U+FE0F, U+20E3, a skin tone or a ZWJ
    /// in it, and no U+FE0E) takes the first color font whose cmap has every character that
    /// needs a glyph, any other the first text font that does; failing that, the first font
    /// that does. `nil` for a cluster that shows nothing (controls, separators,
    /// default-ignorables alone), which stays in its run, or that no font has.
    static func expectedFont(of cluster: Substring.UnicodeScalarView, in names: [String]) -> Int? {
        let scalars = Array(cluster)
        let needed = scalars.filter { scalar in
            let properties = scalar.properties
            return !properties.isDefaultIgnorableCodePoint && properties.generalCategory != .control
                && properties.generalCategory != .lineSeparator && properties.generalCategory != .paragraphSeparator
        }
        guard !needed.isEmpty else { return nil }
        let values = scalars.map(\.value)
        let wantsEmoji = !values.contains(0xFE0E) && (scalars[0].properties.isEmojiPresentation
            || values.contains { $0 == 0xFE0F || $0 == 0x20E3 || (0x1F3FB...0x1F3FF).contains($0) }
            || (values.contains(0x200D) && scalars[0].properties.isEmoji))
        let color = names.map { $0 == "NotoColorEmoji" }
        let covering = names.indices.filter { index in needed.allSatisfy { cmaps[names[index]]!.contains($0.value) } }
        return covering.first { color[$0] == wantsEmoji } ?? covering.first
    }

    static let chains: [[String]] = [
        ["Roboto-Regular", "wqy-microhei", "NotoSansArabic-Regular", "NotoSansHebrew-Regular", "NotoColorEmoji"],
        ["wqy-microhei", "Roboto-Regular", "NotoColorEmoji"],
        ["NotoSansHebrew-Regular", "Roboto-Regular", "NotoColorEmoji"],
        ["NotoSansArabic-Regular", "NotoColorEmoji", "Roboto-Regular", "wqy-microhei"],
        ["NotoColorEmoji", "Roboto-Regular", "wqy-microhei"],
    ]

    /// Every cluster of random texts (the pieces the itemizer's tests mix, and the Pango
    /// corpus's mixed texts) is in the font the rule, applied to the cmaps, gives it.
    @Test(arguments: chains)
    func everyClusterTakesTheFontTheCmapsGive(_ names: [String]) throws {
        let fonts = try FontChain(named: names, size: Self.size)
        var generator = TestCorpus.Random(seed: 0xFA11 ^ UInt64(names.count))
        var texts = (0..<1500).map { _ in (0..<generator.int(1...16)).map { _ in generator.pick(ItemizerQuickPathTests.pieces) }.joined() }
        for file in ["mixed", "emoji"] {
            let url = PangoReference.corpus.appendingPathComponent(file + ".jsonl")
            for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                if let text = object?["text"] as? String { texts.append(text) }
            }
        }
        var checked = 0
        var wrong = 0
        for text in texts {
            var bytes = Array(text.utf8)
            let runs = bytes.withUnsafeMutableBufferPointer { TextItemizer.runs(of: UnsafeBufferPointer($0), fonts: fonts) }
            var start = 0
            for end in GraphemeBreaking.boundaries(in: text) {
                defer { start = end }
                let cluster = String(decoding: bytes[start..<end], as: UTF8.self).unicodeScalars[...]
                guard let expected = Self.expectedFont(of: cluster, in: names) else { continue }
                let run = try #require(runs.first { Int($0.start) <= start && start < Int($0.end) })
                checked += 1
                if Int(run.font) != expected {
                    wrong += 1
                    if wrong <= 5 {
                        let codes = cluster.map { String($0.value, radix: 16) }.joined(separator: " ")
                        Issue.record("\(names): \(codes) in \(text.debugDescription) is in \(names[Int(run.font)]), the cmaps give \(names[expected])")
                    }
                }
            }
        }
        #expect(wrong == 0)
        #expect(checked > 10_000)
    }

    /// The width of `text` shaped alone in the bundled font `name`, by hb-shape, in points.
    static func hbWidth(_ name: String, _ text: String) throws -> Double {
        let path = try #require(BundledFonts.path(named: name))
        let upem = try SfntTables(path: path).verticalMetrics().unitsPerEm
        return Double(try HBShapeReference.advances(fontPath: path, unitsPerEm: upem, strings: [text])[0]) * size / Double(upem)
    }

    static func width(_ text: String, _ names: [String]) throws -> Double {
        try PreparedText(text, fonts: FontChain(named: names, size: size)).layout(in: .unlimited).size.width
    }

    /// Whitespace is drawn in the first font that has it, as CoreText and Skia draw it: between
    /// two emoji in Roboto (not the color font, whose space is as wide as an emoji), between
    /// Arabic words in Roboto when Roboto comes first, in the Arabic font when it does; an
    /// ideographic space, which Roboto lacks, in WenQuanYi.
    @Test func whitespaceTakesTheFirstFontThatHasIt() throws {
        let emoji = ["Roboto-Regular", "NotoColorEmoji"]
        #expect(abs(try Self.width("📸 😂", emoji) - (try Self.hbWidth("NotoColorEmoji", "📸") + Self.hbWidth("Roboto-Regular", " ")
                                                          + Self.hbWidth("NotoColorEmoji", "😂"))) < 1e-9)
        #expect(try Self.hbWidth("NotoColorEmoji", " ") > 3 * Self.hbWidth("Roboto-Regular", " "))
        let arabic = "مرحبا بك"
        #expect(abs(try Self.width(arabic, ["Roboto-Regular", "NotoSansArabic-Regular"])
                    - (try Self.hbWidth("NotoSansArabic-Regular", "مرحبا") + Self.hbWidth("Roboto-Regular", " ")
                       + Self.hbWidth("NotoSansArabic-Regular", "بك"))) < 1e-9)
        #expect(abs(try Self.width(arabic, ["NotoSansArabic-Regular", "Roboto-Regular"])
                    - (try Self.hbWidth("NotoSansArabic-Regular", arabic))) < 1e-9)
        #expect(!Self.cmaps["Roboto-Regular"]!.contains(0x3000) && Self.cmaps["wqy-microhei"]!.contains(0x3000))
        #expect(abs(try Self.width("a\u{3000}b", ["Roboto-Regular", "wqy-microhei"])
                    - (try Self.hbWidth("Roboto-Regular", "a") + Self.hbWidth("wqy-microhei", "\u{3000}")
                       + Self.hbWidth("Roboto-Regular", "b"))) < 1e-9)
        // A tab after an emoji shows nothing of the color font's: it goes to the first text font.
        #expect(abs(try Self.width("😀\t😀", emoji) - (2 * Self.hbWidth("NotoColorEmoji", "😀") + Self.hbWidth("Roboto-Regular", "\t"))) < 1e-9)
    }

    /// Every keycap sequence of the emoji test data — fully qualified (`6️⃣`) and unqualified
    /// (`6⃣`), and with U+FE0E, which no text font can draw either — is one cluster in the
    /// color font: one line at any width, as wide as hb-shape makes it in Noto Color Emoji,
    /// which ligates it into one glyph cluster; in text, the letters around it stay in Roboto.
    @Test func keycapsAreOneClusterInTheColorFont() throws {
        let keycaps = EmojiSequences.keycaps
        #expect(keycaps.count == 24)
        #expect(keycaps.filter(\.isFullyQualified).count == 12)
        let names = ["Roboto-Regular", "wqy-microhei", "NotoColorEmoji"]
        // No text font has the enclosing keycap: only a color font can draw the sequence.
        #expect(!Self.cmaps["Roboto-Regular"]!.contains(0x20E3) && !Self.cmaps["wqy-microhei"]!.contains(0x20E3))
        let path = try #require(BundledFonts.path(named: "NotoColorEmoji"))
        let textPresentation: [String] = keycaps.filter(\.isFullyQualified).map { keycap in
            String(String.UnicodeScalarView(keycap.sequence.unicodeScalars.map { $0.value == 0xFE0F ? "\u{FE0E}" : $0 }))
        }
        let sequences: [String] = keycaps.map(\.sequence) + textPresentation
        let shaped = try HBShapeReference.glyphs(fontPath: path, unitsPerEm: 2048, strings: sequences)
        for (sequence, glyphs) in zip(sequences, shaped) {
            #expect(Set(glyphs.map(\.cluster)) == [0], "\(sequence.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(glyphs.filter { $0.advance > 0 }.count == 1)
            let emoji = Double(glyphs.reduce(0) { $0 + $1.advance }) * Self.size / 2048
            let alone = try PreparedText(sequence, fonts: FontChain(named: names, size: Self.size))
                .layout(in: TextContainer(width: 1, lineBreakMode: .charWrap))
            #expect(alone.lines.count == 1)
            #expect(abs(alone.size.width - emoji) < 1e-9, "\(sequence.unicodeScalars.map { String($0.value, radix: 16) })")
            let inText = try Self.width("a\(sequence)b", names)
            #expect(abs(inText - (try Self.hbWidth("Roboto-Regular", "a") + emoji + Self.hbWidth("Roboto-Regular", "b"))) < 1e-9)
        }
        // A bare digit or # is text: the first font that has it.
        #expect(abs(try Self.width("#1", names) - (try Self.hbWidth("Roboto-Regular", "#1"))) < 1e-9)
    }
}
