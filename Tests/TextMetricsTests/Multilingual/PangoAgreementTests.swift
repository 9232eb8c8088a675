import Foundation
import JSON
import Testing
import TestSupport
import TextSegmentation
@testable import TextMetrics

/// Every request of the Pango corpus measured by the library and by Pango (the independent
/// reference program in the test support): line starts, line widths and line heights must
/// agree. A disagreement is accepted only when one of the documented, systematic differences
/// (``Difference``) explains it — the whitespace one to the hundredth of a point, line by line
/// — and each is checked to be rare enough not to hide anything.
@Suite struct PangoAgreementTests {
    /// The systematic differences between the two stacks, each explained in the README.
    enum Difference: String, CaseIterable {
        /// Whitespace: Pango never chooses a font for a space — it stays in the run it is in
        /// (`consider_as_space` in its itemizer), or, ending a run before one in an earlier font
        /// of the chain within one script, moves to that run; CoreText and Skia, and TextMetrics,
        /// give it the first font of the chain that has it. Between words of a run in a later
        /// font (Arabic or Hebrew after Roboto, Latin after Hebrew) the two spaces differ in
        /// width. Checked line by line: Pango's widths are ours with those spaces measured in
        /// the font Pango gives them.
        case spaceInItsRunsFont
        /// A line showing a Chinese or Japanese font and another font: Pango sometimes keeps it
        /// at the CJK font's height (when the line starts in CJK text, or an emoji takes the
        /// Han script); here, as in CoreText, a line is as tall as the largest ascent plus the
        /// largest descent of every font on it (heights only).
        case cjkLineHeight
        /// Pango ends a line before text that fits by its own widths: the line TextMetrics
        /// takes, laid out alone by Pango at the same width, is one line (Pango 1.50, after a
        /// line that ends in an embedded left-to-right run, before an emoji modifier sequence).
        case pangoEndsLineEarly
    }

    static let files = ["latin", "cjk", "korean", "arabic", "hebrew", "combining", "urls", "emoji-only", "emoji", "mixed"]

    @Test(arguments: files)
    func agreesWithPango(file: String) throws {
        let url = PangoReference.corpus.appendingPathComponent(file + ".jsonl")
        let requests = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map { try JSONValue.parse(String($0)) }
        let answers = try PangoReference.answers(toRequestsIn: url).map { try JSONValue.parse($0) }
        try #require(answers.count == requests.count)
        var agreeing = 0
        var startsAndWidths = 0
        var explained: [Difference: Int] = [:]
        var advances: [String: Double] = [:]
        for (request, pango) in zip(requests, answers) {
            let id = request["id"]?.stringValue ?? "?"
            let text = try #require(request["text"]?.stringValue)
            let fonts = try PangoAgreementTests.fonts(of: request)
            let layout = try PreparedText(text, fonts: fonts).layout(in: PangoAgreementTests.container(of: request))
            let pangoLines = try #require(pango["lines"]?.arrayValue, "\(id): \(pango)")
            let ourStarts: [Int] = layout.lines.map { $0.utf8Range.lowerBound }
            let pangoStarts: [Int] = pangoLines.map { (line: JSONValue) -> Int in Int(line["start"]?.numberValue ?? -1) }
            let pangoWidths = pangoLines.map { $0["width"]?.numberValue ?? .nan }
            let startsAgree = ourStarts == pangoStarts
            var widthsAgree = startsAgree
            var heightsAgree = startsAgree
            if startsAgree {
                for (line, other) in zip(layout.lines, pangoLines) {
                    widthsAgree = widthsAgree && abs(line.width - (other["width"]?.numberValue ?? .nan)) <= Self.tolerance(line)
                    heightsAgree = heightsAgree && abs(line.height - (other["height"]?.numberValue ?? .nan)) <= 0.003
                }
            }
            if startsAgree && widthsAgree { startsAndWidths += 1 }
            if startsAgree && widthsAgree && heightsAgree {
                agreeing += 1
                continue
            }
            var reasons: [Difference] = []
            if startsAgree && !widthsAgree {
                // Only the spaces' fonts may explain other widths, and only exactly, line by line.
                let shifts = try PangoAgreementTests.spaceShifts(in: text, fonts: fonts, lines: layout.lines, advances: &advances)
                if zip(layout.lines, zip(shifts, pangoWidths)).allSatisfy({ line, pair in
                    abs(line.width + pair.0 - pair.1) <= Self.tolerance(line)
                }) { reasons.append(.spaceInItsRunsFont) }
            } else if !startsAgree {
                // The first line that ends differently, when ours is the longer: Pango's fonts for
                // its spaces make it overflow, or Pango lays its text out alone on one line.
                let line = zip(ourStarts, pangoStarts).prefix(while: { $0 == $1 }).count - 1
                let pangoEnd = line + 1 < pangoStarts.count ? pangoStarts[line + 1] : text.utf8.count
                if line >= 0, layout.lines[line].utf8Range.upperBound > pangoEnd {
                    let shifts = try PangoAgreementTests.spaceShifts(in: text, fonts: fonts, lines: layout.lines, advances: &advances)
                    if layout.lines[line].width + shifts[line] > (request["width"]?.numberValue ?? .infinity) + Self.tolerance(layout.lines[line]) {
                        reasons.append(.spaceInItsRunsFont)
                    } else if try PangoAgreementTests.pangoLineCount(of: request, text: String(decoding: Array(text.utf8)[layout.lines[line].utf8Range], as: UTF8.self)) == 1 {
                        reasons.append(.pangoEndsLineEarly)
                    }
                }
            } else if PangoAgreementTests.showsCJKBesideAnotherFont(text, fonts: fonts) {
                reasons.append(.cjkLineHeight)
            }
            if let reason = reasons.first {
                explained[reason, default: 0] += 1
            } else {
                let shifts = try PangoAgreementTests.spaceShifts(in: text, fonts: fonts, lines: layout.lines, advances: &advances)
                Issue.record("""
                    \(file) \(id) disagrees with Pango (starts \(startsAgree), widths \(widthsAgree), heights \(heightsAgree))
                      text: \(text.debugDescription)
                      ours:  \(layout.lines.map { "@\($0.utf8Range.lowerBound) w=\($0.width) h=\($0.height)" })
                      pango: \(pangoLines.map { "@\($0["start"]?.numberValue ?? -1) w=\($0["width"]?.numberValue ?? -1) h=\($0["height"]?.numberValue ?? -1)" })
                      Pango's fonts for spaces would make ours wider by \(shifts)
                    """)
            }
        }
        let explainedCount = explained.values.reduce(0, +)
        print("Pango agreement \(file): \(agreeing)/\(requests.count) agree (starts and widths \(startsAndWidths)), explained: "
              + Difference.allCases.map { "\($0.rawValue) \(explained[$0] ?? 0)" }.joined(separator: ", "))
        // The explanations must not swallow the corpus: even the file built to mix fonts
        // (mixed.jsonl, where most requests meet a documented difference) keeps a third exact.
        #expect(agreeing * 3 >= requests.count, "\(file): only \(agreeing)/\(requests.count) agree")
        #expect((explained[.pangoEndsLineEarly] ?? 0) * 50 <= requests.count, "\(file): Pango ends lines early too often")
        #expect(agreeing + explainedCount <= requests.count)
    }

    /// How many lines Pango lays `text` out in, with the fonts, size and width of `request`.
    static func pangoLineCount(of request: JSONValue, text: String) throws -> Int {
        guard case .object(let members) = request else { return -1 }
        let alone = JSONValue.object(members.map { $0.0 == "text" ? ("text", .string(text)) : $0 })
        let answer = try JSONValue.parse(try #require(PangoReference.answers(to: [alone.serialized]).first))
        return answer["lines"]?.arrayValue?.count ?? -1
    }

    /// Pango keeps each advance in 1/1024 pt: that rounding per glyph, on top of 0.002 pt.
    static func tolerance(_ line: TextLine) -> Double { 0.002 + Double(line.utf8Range.count) / 2048 }

    /// Per line of `lines`, how much wider Pango's line is for giving the whitespace in it the
    /// font Pango gives it (see ``Difference/spaceInItsRunsFont``) rather than the first font
    /// that has it: each such space's hb-shape advance in Pango's font less its advance in ours.
    /// Whitespace that hangs at a line's end is in no width. With `stretch` (UTF-8 offsets in
    /// `text`), only the spaces of that stretch, itemized alone in `fonts` (an attributed text's
    /// stretch of one style); lines may reach past it. `advances` keeps the advances hb-shape
    /// gave, by font and text.
    static func spaceShifts(in text: String, fonts: FontChain, within stretch: Range<Int>? = nil, lines: [TextLine],
                            advances: inout [String: Double]) throws -> [Double] {
        let bytes = Array(text.utf8)
        let stretch = stretch ?? 0..<bytes.count
        var piece = Array(bytes[stretch])
        let runs = piece.withUnsafeMutableBufferPointer { TextItemizer.runs(of: UnsafeBufferPointer($0), fonts: fonts) }
        struct Cluster {
            let range: Range<Int>, font: Int, level: UInt8, script: UnicodeScript, isSpace: Bool, isShared: Bool
        }
        var clusters: [Cluster] = []
        var start = 0
        for end in GraphemeBreaking.boundaries(in: String(decoding: piece, as: UTF8.self)) {
            defer { start = end }
            let scalars = String(decoding: piece[start..<end], as: UTF8.self).unicodeScalars
            guard let run = runs.first(where: { Int($0.start) <= start && start < Int($0.end) }) else { continue }
            clusters.append(Cluster(range: stretch.lowerBound + start..<stretch.lowerBound + end, font: Int(run.font),
                                    level: run.level, script: run.script,
                                    isSpace: scalars.allSatisfy { $0.properties.generalCategory == .spaceSeparator },
                                    isShared: scalars.allSatisfy { UnicodeScript($0).isShared }))
        }
        let isColor = fonts.fonts.map { $0.face.hasColorGlyphs }
        var shifts = [Double](repeating: 0, count: lines.count)
        for (index, cluster) in clusters.enumerated() where cluster.isSpace {
            let previous = clusters[..<index].last { !$0.isSpace }
            let next = clusters[(index + 1)...].first { !$0.isSpace }
            var pangos: Int
            if let previous, !isColor[previous.font], previous.level == cluster.level {
                pangos = previous.font
                // Spaces that end a run move to the next run of the same script when its font
                // comes earlier in the chain.
                if let next, next.isShared || next.script == previous.script, !isColor[next.font], next.level == cluster.level,
                   next.font < pangos { pangos = next.font }
            } else if let next, !isColor[next.font], next.level == cluster.level,
                      next.isShared || cluster.script.isShared || next.script == cluster.script {
                // Spaces that start a run take the font of what follows in the same script and
                // direction (before any script, as after an emoji that starts the text, Pango's
                // script is the one that follows: '🫙 我' has a WenQuanYi space); alone, the first
                // font that has them, as here.
                pangos = next.font
            } else {
                pangos = cluster.font
            }
            guard pangos != cluster.font,
                  let line = lines.firstIndex(where: { $0.utf8Range.contains(cluster.range.lowerBound) }) else { continue }
            let rest = String(decoding: bytes[cluster.range.lowerBound..<lines[line].utf8Range.upperBound], as: UTF8.self)
            guard rest.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else { continue }
            let space = String(decoding: bytes[cluster.range], as: UTF8.self)
            func advance(in font: Font) throws -> Double {
                let key = "\(font.face.path)#\(font.face.faceIndex)@\(font.size):\(space)"
                if let known = advances[key] { return known }
                let value = try PangoAgreementTests.advance(of: space, in: font)
                advances[key] = value
                return value
            }
            shifts[line] += try advance(in: fonts.fonts[pangos]) - advance(in: fonts.fonts[cluster.font])
        }
        return shifts
    }

    /// The hb-shape advance of `text` shaped alone in `font`, in points.
    static func advance(of text: String, in font: Font) throws -> Double {
        let path = font.face.path
        let upem = try SfntTables(path: path, faceIndex: font.face.faceIndex).verticalMetrics().unitsPerEm
        let units = try HBShapeReference.advances(fontPath: path, faceIndex: font.face.faceIndex, unitsPerEm: upem, strings: [text])[0]
        return Double(units) * font.size / Double(upem)
    }

    /// Whether `text` shows a Chinese or Japanese font and another font, or an emoji after CJK
    /// text (which Pango gives the Han script), from the library's own itemization.
    static func showsCJKBesideAnotherFont(_ text: String, fonts: FontChain) -> Bool {
        let cjk: Set<UnicodeScript> = [.han, .hiragana, .katakana]
        if fonts.fonts.count > 1, text.unicodeScalars.contains(where: { cjk.contains(UnicodeScript($0)) }) { return true }
        var bytes = Array(text.utf8)
        let runs = bytes.withUnsafeMutableBufferPointer { TextItemizer.runs(of: UnsafeBufferPointer($0), fonts: fonts) }
        return runs.contains { fonts.fonts[Int($0.font)].face.hasColorGlyphs && cjk.contains($0.script) }
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
