import Foundation
import JSON
import Testing
import TestSupport
import TextSegmentation
@testable import TextMetrics

/// Every request of the Pango corpus measured by the library and by Pango (the independent
/// reference program in the test support): line starts, line widths and line heights must
/// agree. A disagreement is accepted only when one of the documented, systematic differences
/// (``Difference``) explains it — and each is checked to be rare enough not to hide anything.
@Suite struct PangoAgreementTests {
    /// The systematic differences between the two stacks, each explained in the README.
    enum Difference: String, CaseIterable {
        /// Pango 1.50 puts the keycap bases 0–9, # and * in the color emoji font whenever the
        /// chain has one (its emoji segmenter takes them for emoji); CoreText and TextMetrics
        /// keep them in the text font.
        case keycapBaseInEmojiFont
        /// A punctuation mark, digit or symbol (script Common) next to a fallback run stays in
        /// that run's font here, as the fallback rules ask; Pango takes the first font of the
        /// chain that has it.
        case commonCharacterStaysInRunFont
        /// A line showing a Chinese or Japanese font and another font: Pango sometimes keeps it
        /// at the CJK font's height (when the line starts in CJK text, or an emoji takes the
        /// Han script); here, as in CoreText, a line is as tall as the largest ascent plus the
        /// largest descent of every font on it (heights only).
        case cjkLineHeight
    }

    static let files = ["latin", "cjk", "korean", "arabic", "hebrew", "combining", "urls", "emoji-only", "emoji", "mixed"]

    @Test(arguments: files)
    func agreesWithPango(file: String) throws {
        let url = PangoReference.corpus.appendingPathComponent(file + ".jsonl")
        let requests = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map { try JSONValue.parse(String($0)) }
        let answers = try PangoReference.answers(toRequestsIn: url).map { try JSONValue.parse($0) }
        try #require(answers.count == requests.count)
        var agreeing = 0
        var explained: [Difference: Int] = [:]
        for (request, pango) in zip(requests, answers) {
            let id = request["id"]?.stringValue ?? "?"
            let text = try #require(request["text"]?.stringValue)
            let fonts = try PangoAgreementTests.fonts(of: request)
            let layout = try PreparedText(text, fonts: fonts).layout(in: PangoAgreementTests.container(of: request))
            let pangoLines = try #require(pango["lines"]?.arrayValue, "\(id): \(pango)")
            let ourStarts: [Int] = layout.lines.map { $0.utf8Range.lowerBound }
            let pangoStarts: [Int] = pangoLines.map { (line: JSONValue) -> Int in Int(line["start"]?.numberValue ?? -1) }
            let startsAgree = ourStarts == pangoStarts
            var widthsAgree = startsAgree
            var heightsAgree = startsAgree
            if startsAgree {
                for (line, other) in zip(layout.lines, pangoLines) {
                    // Pango keeps each advance in 1/1024 pt: allow that rounding per glyph.
                    let tolerance = 0.002 + Double(line.utf8Range.count) / 2048
                    widthsAgree = widthsAgree && abs(line.width - (other["width"]?.numberValue ?? .nan)) <= tolerance
                    heightsAgree = heightsAgree && abs(line.height - (other["height"]?.numberValue ?? .nan)) <= 0.003
                }
            }
            if startsAgree && widthsAgree && heightsAgree {
                agreeing += 1
                continue
            }
            let reasons = try PangoAgreementTests.differences(in: text, fonts: fonts)
                .filter { $0 != .cjkLineHeight || (startsAgree && widthsAgree) }
            if let reason = reasons.first {
                explained[reason, default: 0] += 1
            } else {
                Issue.record("""
                    \(file) \(id) disagrees with Pango (starts \(startsAgree), widths \(widthsAgree), heights \(heightsAgree))
                      text: \(text.debugDescription)
                      ours:  \(layout.lines.map { "@\($0.utf8Range.lowerBound) w=\($0.width) h=\($0.height)" })
                      pango: \(pangoLines.map { "@\($0["start"]?.numberValue ?? -1) w=\($0["width"]?.numberValue ?? -1) h=\($0["height"]?.numberValue ?? -1)" })
                    """)
            }
        }
        let explainedCount = explained.values.reduce(0, +)
        print("Pango agreement \(file): \(agreeing)/\(requests.count) agree, explained: "
              + Difference.allCases.map { "\($0.rawValue) \(explained[$0] ?? 0)" }.joined(separator: ", "))
        // The explanations must not swallow the corpus: even the file built to mix fonts
        // (mixed.jsonl, where most requests meet a documented difference) keeps a third exact.
        #expect(agreeing * 3 >= requests.count, "\(file): only \(agreeing)/\(requests.count) agree")
        #expect(agreeing + explainedCount <= requests.count)
    }

    /// Whether the differences apply to `text` in `fonts`, from the library's own itemization.
    static func differences(in text: String, fonts: FontChain) throws -> [Difference] {
        var found: [Difference] = []
        let hasColorFont = fonts.fonts.contains { $0.face.hasColorGlyphs }
        let keycapBases = Set("0123456789#*".unicodeScalars)
        if hasColorFont, text.unicodeScalars.contains(where: { keycapBases.contains($0) }) {
            found.append(.keycapBaseInEmojiFont)
        }
        var bytes = Array(text.utf8)
        let runs = bytes.withUnsafeMutableBufferPointer { TextItemizer.runs(of: UnsafeBufferPointer($0), fonts: fonts) }
        var start = 0
        var commonMoved = false
        var emojiNearCJK = false
        let cjk: Set<UnicodeScript> = [.han, .hiragana, .katakana]
        for end in GraphemeBreaking.boundaries(in: text) {
            defer { start = end }
            let cluster = String(decoding: bytes[start..<end], as: UTF8.self)
            guard let run = runs.first(where: { Int($0.start) <= start && start < Int($0.end) }) else { continue }
            let scalars = cluster.unicodeScalars
            let isGraphicCommon = scalars.allSatisfy { UnicodeScript($0).isShared }
                && scalars.contains { !$0.properties.isWhitespace && !$0.properties.isDefaultIgnorableCodePoint }
            if isGraphicCommon {
                let needed = scalars.filter { !$0.properties.isDefaultIgnorableCodePoint && $0.value >= 0x20 }
                let first = fonts.fonts.firstIndex { font in needed.allSatisfy { font.face.hasGlyph(for: $0) } }
                if let first, first != Int(run.font) { commonMoved = true }
            }
            if fonts.fonts[Int(run.font)].face.hasColorGlyphs && cjk.contains(run.script) { emojiNearCJK = true }
        }
        if commonMoved { found.append(.commonCharacterStaysInRunFont) }
        if emojiNearCJK || (fonts.fonts.count > 1 && text.unicodeScalars.contains { cjk.contains(UnicodeScript($0)) }) {
            found.append(.cjkLineHeight)
        }
        return found
    }

    static func fonts(of request: JSONValue) throws -> FontChain {
        let names: [String]
        if let list = request["font"]?.arrayValue { names = list.compactMap(\.stringValue) } else {
            names = [request["font"]?.stringValue ?? "Roboto-Regular"]
        }
        let size = request["size"]?.numberValue ?? 17
        let faceIndex = Int(request["faceIndex"]?.numberValue ?? 0)
        var chain = [try Font(named: names[0], faceIndex: faceIndex, size: size)]
        for name in names.dropFirst() { chain.append(try Font(named: name, size: size)) }
        return try FontChain(chain)
    }

    static func container(of request: JSONValue) throws -> TextContainer {
        let mode = request["lineBreakMode"]?.stringValue.flatMap(LineBreakMode.init(rawValue:)) ?? .wordWrap
        return try TextContainer(width: request["width"]?.numberValue ?? .infinity,
                                 height: request["height"]?.numberValue ?? .infinity,
                                 numberOfLines: Int(request["numberOfLines"]?.numberValue ?? 0), lineBreakMode: mode)
    }
}
