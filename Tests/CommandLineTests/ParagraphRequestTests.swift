import Foundation
import JSON
import Testing
import TestSupport

/// `measure --jsonl` requests with a paragraph style and a truncation token, as a shell user
/// runs them: against the fonts' own tables and `hb-shape`, against Pango on the paragraph
/// corpus (every difference classified), and errors that name the field.
@Suite struct ParagraphRequestTests {
    static let answers = AttributedRequestTests.answers
    static let shaped = AttributedRequestTests.shaped

    /// Roboto Regular at `size`: ascent and natural line height from `hhea`.
    static func roboto(size: Double) throws -> (ascent: Double, height: Double) {
        let metrics = try SfntTables(path: CellCLI.repository + "/Fonts/Roboto-Regular.ttf").verticalMetrics()
        let k = size / Double(metrics.unitsPerEm)
        return (Double(metrics.hheaAscender) * k,
                Double(metrics.hheaAscender - metrics.hheaDescender + metrics.hheaLineGap) * k)
    }

    @Test func paragraphStyleAndTokenInOneRequest() throws {
        let text = "First paragraph\\nSecond paragraph that goes on and on until it is cut short by the limit"
        let request = #"{"id": 1, "text": "\#(text)", "size": 15, "width": 200, "numberOfLines": 3, "lineBreakMode": "truncateTail", "paragraph": {"lineSpacing": 4, "paragraphSpacing": 8, "firstLineHeadIndent": 12}, "truncationToken": {"text": "… more", "font": "Roboto-Medium"}}"#
        let answer = try Self.answers([request])[0]
        let (ascent, natural) = try Self.roboto(size: 15)
        let lines = try #require(answer["lines"]?.arrayValue)
        #expect(lines.count == 3, "\(answer)")
        // Line 2 starts the second paragraph: line spacing and paragraph spacing above it.
        let baselines = lines.map { $0["baseline"]?.numberValue ?? .nan }
        let expected = [ascent, natural + 4 + 8 + ascent, 2 * natural + 2 * 4 + 8 + ascent]
        for (got, want) in zip(baselines, expected) { #expect(abs(got - want) < 1e-9, "\(baselines) vs \(expected)") }
        #expect(abs((answer["height"]?.numberValue ?? 0) - (3 * natural + 2 * 4 + 8)) < 1e-9)
        // Each paragraph's first line is indented.
        #expect(lines.map { $0["x"]?.numberValue ?? 0 } == [12, 12, 0])
        // Truncated: one visible range, and the token's frame on the last line.
        #expect(answer["truncated"] == .bool(true))
        let visible = try #require(answer["visibleRanges"]?.arrayValue)
        #expect(visible.count == 1 && visible[0]["start"]?.numberValue == 0)
        let token = try #require(answer["token"])
        let tokenWidth = try Self.shaped("… more", "Roboto-Medium", 15, "", "")
        #expect(abs((token["width"]?.numberValue ?? 0) - tokenWidth) < 1e-9)
        #expect(token["y"]?.numberValue == lines[2]["baseline"].flatMap { $0.numberValue }.map { $0 - ascent })
        let lineWidth = lines[2]["width"]?.numberValue ?? 0
        let lineX = lines[2]["x"]?.numberValue ?? 0
        #expect(abs((token["x"]?.numberValue ?? 0) + tokenWidth - lineX - lineWidth) < 1e-9)
    }

    @Test func badFieldsAreNamedAndTheBatchGoesOn() throws {
        let requests = [
            #"{"id": 1, "text": "abc", "paragraph": {"lineSpacing": -1}}"#,
            #"{"id": 2, "text": "abc", "paragraph": {"lineSpacin": 1}}"#,
            #"{"id": 3, "text": "abc", "paragraph": {"tabStops": [40, 20]}}"#,
            #"{"id": 4, "text": "abc", "width": 100, "paragraph": {"headIndent": 60, "firstLineHeadIndent": 60, "tailIndent": -50}}"#,
            #"{"id": 5, "text": "abc", "paragraph": {"alignment": "centre"}}"#,
            #"{"id": 6, "text": "abc", "paragraph": {"minimumLineHeight": 20, "maximumLineHeight": 10}}"#,
            #"{"id": 7, "text": "abc", "truncationToken": {"font": "Roboto-Medium"}}"#,
            #"{"id": 8, "text": "abc", "truncationToken": {"text": "more", "colour": "red"}}"#,
            #"{"id": 9, "text": "abc", "truncationToken": {"text": "more", "font": "NoSuchFont"}}"#,
            #"{"id": 10, "text": "abc", "paragraph": {"lineHeightMultiple": "big"}}"#,
            #"{"id": 11, "text": "abc", "paragraph": {"lineSpacing": 2}, "truncationToken": {"text": "… more"}}"#,
        ]
        let answers = try Self.answers(requests)
        #expect(answers.count == requests.count)
        let named = ["paragraph.lineSpacing", "paragraph.lineSpacin", "paragraph.tabStops[1]", "paragraph.tailIndent",
                     "paragraph.alignment", "paragraph.maximumLineHeight", "truncationToken.text", "truncationToken.colour",
                     "truncationToken.font", "paragraph.lineHeightMultiple"]
        for (answer, field) in zip(answers, named) {
            let error = answer["error"]?.stringValue ?? ""
            #expect(error.contains("\"\(field)\""), "\(field): \(answer)")
        }
        #expect(answers.last?["lineCount"]?.numberValue == 1)
    }

    /// What Pango does otherwise, each explained in the Pango reference's README.
    enum Difference: String {
        /// Pango's line-height attribute puts half a multiple's extra height above the line and
        /// half below; UIKit puts it all above (baselines only).
        case multipleExtraAbove
        /// A tab past the last stop with no default interval: Pango repeats the last gap;
        /// CoreText's tab keeps its glyph's width here (widths only).
        case tabPastLastStop
        /// Justified lines: Pango reports them stretched to the room; here a line's width is
        /// its glyphs' advances and only its x moves (widths only).
        case justifiedStretch
    }

    @Test func agreesWithPangoOnTheParagraphCorpus() throws {
        let url = PangoReference.corpus.appendingPathComponent("paragraph.jsonl")
        let requestLines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
        let ours = try Self.answers(requestLines)
        let pango = try PangoReference.answers(toRequestsIn: url, options: ["--line-height-attribute"]).map { try JSONValue.parse($0) }
        try #require(ours.count == requestLines.count && pango.count == requestLines.count)
        var compared = 0
        var agreeing = 0
        var explained: [Difference: Int] = [:]
        var unexplained: [String] = []
        for ((line, answer), reference) in zip(zip(requestLines, ours), pango) {
            guard answer["error"] == nil, reference["error"] == nil else { continue }
            let request = try JSONValue.parse(line)
            let id = request["id"]?.stringValue ?? "?"
            let paragraph = request["paragraph"]
            let text = request["text"]?.stringValue ?? ""
            compared += 1
            let a = answer["lines"]?.arrayValue ?? []
            let b = reference["lines"]?.arrayValue ?? []
            let hasStops = paragraph?["tabStops"] != nil && (paragraph?["defaultTabInterval"]?.numberValue ?? 0) == 0
            guard a.map({ $0["start"] }) == b.map({ $0["start"] }) else {
                if hasStops, text.contains("\t") {
                    explained[.tabPastLastStop, default: 0] += 1
                    continue
                }
                unexplained.append("\(id): line starts \(a.map { $0["start"]?.numberValue ?? -1 }) vs \(b.map { $0["start"]?.numberValue ?? -1 })")
                continue
            }
            var differences: Set<Difference> = []
            var agrees = true
            let multiple = paragraph?["lineHeightMultiple"]?.numberValue ?? 0
            let justified = paragraph?["alignment"]?.stringValue == "justified"
            for (index, (mine, theirs)) in zip(a, b).enumerated() {
                func value(_ line: JSONValue, _ key: String) -> Double { line[key]?.numberValue ?? (key == "x" ? 0 : .nan) }
                let start = Int(value(mine, "start"))
                let length = Int(value(mine, "length"))
                let lineText = String(decoding: Array(text.utf8)[start..<start + length], as: UTF8.self)
                // Pango keeps each advance, tab widths too, in 1/1024 pt, and each line's top.
                let tabs = lineText.utf8.count { $0 == 0x09 }
                let tolerance = 0.002 + Double(length) / 2048 + 0.006 * Double(tabs)
                let vertical = 0.002 + 0.001 * Double(index + 1)
                if abs(value(mine, "height") - value(theirs, "height")) > vertical {
                    unexplained.append("\(id) line \(index): height \(value(mine, "height")) vs \(value(theirs, "height"))")
                    agrees = false
                }
                if abs(value(mine, "width") - value(theirs, "width")) > tolerance {
                    let isLastOfParagraph = index == a.count - 1 || lineText.hasSuffix("\n")
                    if justified, !isLastOfParagraph, abs(value(theirs, "x") + value(theirs, "width") - value(mine, "x") - value(mine, "width")) > 0 {
                        differences.insert(.justifiedStretch)
                    } else if hasStops, lineText.contains("\t") {
                        differences.insert(.tabPastLastStop)
                    } else {
                        unexplained.append("\(id) line \(index): width \(value(mine, "width")) vs \(value(theirs, "width"))")
                        agrees = false
                    }
                }
                let baselineDelta = value(mine, "baseline") - value(theirs, "baseline")
                if abs(baselineDelta) > vertical {
                    // Half the extra of every line so far (this one's above, the ones before's below).
                    let height = value(mine, "height")
                    let extra = multiple > 0 ? height - height / multiple : 0
                    if multiple > 0, abs(baselineDelta - extra / 2) < vertical {
                        differences.insert(.multipleExtraAbove)
                    } else {
                        unexplained.append("\(id) line \(index): baseline \(value(mine, "baseline")) vs \(value(theirs, "baseline"))")
                        agrees = false
                    }
                }
                if !justified, abs(value(mine, "x") - value(theirs, "x")) > tolerance {
                    unexplained.append("\(id) line \(index): x \(value(mine, "x")) vs \(value(theirs, "x"))")
                    agrees = false
                }
            }
            if agrees && differences.isEmpty { agreeing += 1 }
            for difference in differences { explained[difference, default: 0] += 1 }
        }
        print("paragraph corpus vs Pango: \(agreeing)/\(compared) agree; explained: \(explained)")
        #expect(unexplained.isEmpty, "\(unexplained.joined(separator: "\n"))")
        #expect(compared >= 60 && agreeing >= compared / 2)
    }
}
