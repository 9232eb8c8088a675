import Foundation
import JSON
import Testing
import TestSupport

/// `measure --jsonl` requests with spans, attachments and offsets, and `render --request`, as
/// a shell user runs them: widths against `hb-shape`, baselines against the fonts' own tables,
/// errors that name the field, a batch that goes on after a bad line.
@Suite struct AttributedRequestTests {
    /// hb-shape's width in points of `text` in bundled font `font` at `size`, with context.
    static func shaped(_ text: String, font: String, size: Double, before: String = "", after: String = "") throws -> Double {
        let path = CellCLI.repository + "/Fonts/\(font).ttf"
        let upem = try SfntTables(path: path).verticalMetrics().unitsPerEm
        var options: [String] = []
        if !before.isEmpty { options.append("--text-before=\(before)") }
        if !after.isEmpty { options.append("--text-after=\(after)") }
        return Double(try HBShapeReference.advances(fontPath: path, unitsPerEm: upem, strings: [text], options: options)[0])
            * size / Double(upem)
    }

    /// A font's ascender at `size`, from its `hhea` table.
    static func ascender(_ font: String, size: Double) throws -> Double {
        let metrics = try SfntTables(path: CellCLI.repository + "/Fonts/\(font).ttf").verticalMetrics()
        return Double(metrics.hheaAscender) * size / Double(metrics.unitsPerEm)
    }

    static func answers(_ requests: [String]) throws -> [JSONValue] {
        let result = try CellCLI.run(["measure", "--jsonl"], stdin: requests.joined(separator: "\n") + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        return try result.stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
    }

    @Test func spansInUTF16AreMeasuredInTheirFontsAndSizes() throws {
        // "😀 " is three UTF-16 code units: the span "@alice" is 3..<9 in UTF-16, 5..<11 in UTF-8.
        let request = #"{"id": "a", "text": "😀 @alice says hi", "font": ["Roboto-Regular", "NotoColorEmoji"], "size": 15, "offsets": "utf16", "spans": [{"start": 3, "end": 9, "font": "Roboto-Medium", "size": 20}]}"#
        let answer = try Self.answers([request])[0]
        let emoji = try Self.shaped("😀", font: "NotoColorEmoji", size: 15)
        let expected = emoji + (try Self.shaped(" ", font: "Roboto-Regular", size: 15))
            + (try Self.shaped("@alice", font: "Roboto-Medium", size: 20, after: " says hi"))
            + (try Self.shaped(" says hi", font: "Roboto-Regular", size: 15, before: "@alice"))
        #expect(abs((answer["width"]?.numberValue ?? 0) - expected) < 1e-9, "\(answer)")
        // The line stands on the tallest ascender: Roboto Medium's at 20 pt.
        let ascender = try Self.ascender("Roboto-Medium", size: 20)
        #expect(abs((answer["firstBaseline"]?.numberValue ?? 0) - ascender) < 1e-9)
        #expect(answer["lines"]?.arrayValue?.first?["baseline"] == answer["firstBaseline"])
    }

    @Test func attachmentsAreBoxesOnTheBaseline() throws {
        let request = #"{"text": "ok \uFFFC ok", "font": "Roboto-Regular", "size": 15, "attachments": [{"offset": 3, "width": 18, "ascent": 24, "descent": 4}]}"#
        let answer = try Self.answers([request])[0]
        let expected = 2 * (try Self.shaped("ok ", font: "Roboto-Regular", size: 15)) + 18
            - (try Self.shaped(" ", font: "Roboto-Regular", size: 15)) + (try Self.shaped(" ", font: "Roboto-Regular", size: 15))
        #expect(abs((answer["width"]?.numberValue ?? 0) - expected) < 1e-9, "\(answer)")
        #expect(answer["firstBaseline"]?.numberValue == 24)
    }

    @Test func badFieldsAreNamedAndTheBatchGoesOn() throws {
        let requests = [
            #"{"id": 1, "text": "abc", "spans": [{"start": 0, "end": 2, "widht": 3}]}"#,
            #"{"id": 2, "text": "abc", "spans": [{"start": 0, "end": 9}]}"#,
            #"{"id": 3, "text": "abc", "spans": [{"start": 2, "end": 1}]}"#,
            #"{"id": 4, "text": "abc", "spans": [{"kern": "wide"}]}"#,
            #"{"id": 5, "text": "abc", "attachments": [{"offset": 0, "width": 1, "ascent": 1}]}"#,
            #"{"id": 6, "text": "a\uFFFC", "attachments": [{"offset": 1, "width": -1, "ascent": 1}]}"#,
            #"{"id": 7, "text": "a\uFFFC", "attachments": [{"offset": 1, "width": 1}]}"#,
            #"{"id": 8, "text": "abc", "offsets": "bytes"}"#,
            #"{"id": 9, "text": "abc", "spans": [{"size": 0}]}"#,
            #"{"id": 10, "text": "abc", "spanz": []}"#,
            #"{"id": 11, "text": "abc", "spans": [{"features": {"toolong": 1}}]}"#,
            #"{"id": 12, "text": "abc", "spans": [{"color": "blue"}]}"#,
            #"{"id": 13, "text": "abc", "spans": [{"start": 1, "kern": -0.5, "features": {"liga": false}}]}"#,
        ]
        let answers = try Self.answers(requests)
        #expect(answers.count == requests.count)
        let named = ["spans[0].widht", "spans[0].end", "spans[0].end", "spans[0].kern", "attachments[0].offset",
                     "attachments[0].width", "attachments[0].ascent", "offsets", "spans[0].size", "spanz",
                     "spans[0].features.toolong", "spans[0].color"]
        for (answer, field) in zip(answers, named) {
            let error = answer["error"]?.stringValue ?? ""
            #expect(error.contains("\"\(field)\""), "\(answer)")
        }
        // The last one is valid (a negative kern tightens) and is answered.
        #expect(answers.last?["lineCount"] == .number(1), "\(answers.last!)")
    }

    @Test func renderDrawsARequest() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("render-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: file) }
        let request = ##"{"text": "@bob: see \uFFFC", "size": 15, "width": 120, "spans": [{"start": 0, "end": 4, "font": "Roboto-Medium", "color": "#1DA1F2"}], "attachments": [{"offset": 10, "width": 16, "ascent": 12, "descent": 3}]}"##
        let result = try CellCLI.run(["render", "--request", "-", "-o", file.path], stdin: request)
        #expect(result.status == 0, "\(result.stderr)")
        let png = try Data(contentsOf: file)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let bad = try CellCLI.run(["render", "--request", "-", "-o", file.path], stdin: ##"{"text": "x", "spans": [{"colour": "#fff"}]}"##)
        #expect(bad.status != 0 && bad.stderr.contains("spans[0].colour"), "\(bad.stderr)")
    }
}
