import Foundation
import JSON
import Testing
import TestSupport

/// `textmetrics measure` and `textmetrics breaks` as a shell user runs them, against
/// `hb-shape` widths and line heights read from the font's own tables.
@Suite struct MeasureCommandTests {
    static let size = 15.0

    /// hb-shape's width of `text` in Roboto Regular at `size`, and Roboto's line height
    /// (ascender − descender + line gap from `hhea`), in points.
    static func reference(_ text: String) throws -> (width: Double, lineHeight: Double) {
        let path = CellCLI.repository + "/Fonts/Roboto-Regular.ttf"
        let metrics = try SfntTables(path: path).verticalMetrics()
        let units = try HBShapeReference.advances(fontPath: path, unitsPerEm: metrics.unitsPerEm, strings: [text])[0]
        let k = size / Double(metrics.unitsPerEm)
        return (Double(units) * k, Double(metrics.hheaAscender - metrics.hheaDescender + metrics.hheaLineGap) * k)
    }

    @Test func jsonAnswerHasTheShapedWidthAndTheTablesLineHeight() throws {
        let result = try CellCLI.run(["measure", "--font", "Roboto-Regular", "--size", "15", "--json", "Hello, world"])
        #expect(result.status == 0, "\(result.stderr)")
        let answer = try JSONValue.parse(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        let expected = try Self.reference("Hello, world")
        #expect(answer["lineCount"] == .number(1))
        #expect(abs((answer["width"]?.numberValue ?? 0) - expected.width) < 1e-9)
        #expect(abs((answer["height"]?.numberValue ?? 0) - expected.lineHeight) < 1e-9)
        // @2x by default: the size rounded up to half points.
        #expect(answer["roundedWidth"]?.numberValue == (expected.width * 2).rounded(.up) / 2)
    }

    @Test func readableLineAndStandardInput() throws {
        let expected = try Self.reference("Hello")
        let result = try CellCLI.run(["measure", "--font", "Roboto-Regular", "--size", "15", "--scale", "3"], stdin: "Hello")
        #expect(result.status == 0, "\(result.stderr)")
        let line = String(format: "1 line, %.2f × %.2f pt (@3x: ", expected.width, expected.lineHeight)
        #expect(result.stdout.hasPrefix(line), "\(result.stdout)")
    }

    @Test func wrapsAtTheWidthAndCountsLines() throws {
        // "aaa bbb": two words that do not fit side by side in the width of one and a half.
        let word = try Self.reference("aaa").width
        let result = try CellCLI.run(["measure", "--font", "Roboto-Regular", "--size", "15", "--width", "\(word * 1.5)",
                                      "--json", "aaa bbb"])
        let answer = try JSONValue.parse(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        let lines = try #require(answer["lines"]?.arrayValue)
        #expect(lines.map { $0["start"] } == [.number(0), .number(4)])
        #expect(abs((lines[0]["width"]?.numberValue ?? 0) - word) < 1e-9)  // the space hangs
    }

    @Test func jsonLinesAnswerBadRequestsAndGoOn() throws {
        let requests = [
            #"{"id": "a", "text": "Hello", "font": "Roboto-Regular", "size": 15}"#,
            "{not json",
            #"{"id": "no-text", "size": 15}"#,
            #"{"id": "negative", "text": "x", "size": -3}"#,
            #"{"id": "nan-width", "text": "x", "width": "wide"}"#,
            #"{"id": "missing-font", "text": "x", "font": "/nonexistent/font.ttf"}"#,
            #"{"id": 7, "text": "Hello", "font": ["Roboto-Regular", "wqy-microhei"], "size": 15}"#,
            #"{"id": "null-language", "text": "Hello", "font": "Roboto-Regular", "size": 15, "language": null}"#,
            #"{"id": "number-language", "text": "Hello", "language": 42}"#,
        ]
        let result = try CellCLI.run(["measure", "--jsonl"], stdin: requests.joined(separator: "\n") + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        let answers = try result.stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
        #expect(answers.count == requests.count)
        let hello = try Self.reference("Hello").width
        #expect(answers[0]["id"] == .string("a"))
        #expect(abs((answers[0]["width"]?.numberValue ?? 0) - hello) < 1e-9)
        #expect(answers[1]["error"] != nil)
        #expect(answers[2]["id"] == .string("no-text") && answers[2]["error"]?.stringValue?.contains("text") == true)
        #expect(answers[3]["id"] == .string("negative") && answers[3]["error"]?.stringValue?.contains("size") == true)
        #expect(answers[4]["id"] == .string("nan-width") && answers[4]["error"] != nil)
        #expect(answers[5]["id"] == .string("missing-font") && answers[5]["error"]?.stringValue?.contains("nonexistent") == true)
        #expect(answers[6]["id"] == .number(7))
        #expect(abs((answers[6]["width"]?.numberValue ?? 0) - hello) < 1e-9)
        // A null language is no language, as a null is for every field; a number is an error.
        #expect(abs((answers[7]["width"]?.numberValue ?? 0) - hello) < 1e-9, "\(answers[7])")
        #expect(answers[8]["id"] == .string("number-language")
                && answers[8]["error"]?.stringValue?.contains("BCP 47") == true, "\(answers[8])")
    }

    /// With --jsonl, the measuring options are the defaults of every request: a field the
    /// request gives wins, one it leaves out (or sets to null) takes the option.
    @Test func jsonLinesRequestsTakeTheOptionsAsDefaults() throws {
        let word = try Self.reference("aaa").width
        let requests = [
            #"{"id": 1, "text": "aaa bbb"}"#,
            #"{"id": 2, "text": "aaa bbb", "width": 1000}"#,
            #"{"id": 3, "text": "aaa", "size": 30, "width": 1000}"#,
            #"{"id": 4, "text": "aaa", "font": "wqy-microhei"}"#,
            #"{"id": 5, "text": "aaa bbb", "width": null}"#,
        ]
        let result = try CellCLI.run(["measure", "--jsonl", "--font", "Roboto-Regular", "--size", "15",
                                      "--width", "\(word * 1.5)"], stdin: requests.joined(separator: "\n") + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        let answers = try result.stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
        try #require(answers.count == requests.count)
        // --width and --size: two lines of one word each, the first as wide as "aaa".
        #expect(answers[0]["lineCount"] == .number(2), "\(answers[0])")
        #expect(abs((answers[0]["lines"]?.arrayValue?.first?["width"]?.numberValue ?? 0) - word) < 1e-9)
        // The request's own width: one line.
        #expect(answers[1]["lineCount"] == .number(1), "\(answers[1])")
        // The request's own size, in --font: twice the width at 15 points (advances scale exactly).
        #expect(abs((answers[2]["width"]?.numberValue ?? 0) - 2 * word) < 1e-9, "\(answers[2])")
        // The request's own font: not Roboto's width.
        #expect(answers[3]["error"] == nil && abs((answers[3]["width"]?.numberValue ?? 0) - word) > 0.01, "\(answers[3])")
        // A null width is no width given: --width, as for the first request.
        #expect(answers[4]["lines"] == answers[0]["lines"], "\(answers[4])")
    }

    /// With --jsonl, an answer has its size rounded to the pixel grid only when a scale is
    /// given: the request's "scale", else --scale; a bad scale is that request's error.
    @Test func jsonLinesRoundTheSizeAtTheRequestsScale() throws {
        let hello = try Self.reference("Hello")
        let requests = [
            #"{"id": 1, "text": "Hello"}"#,
            #"{"id": 2, "text": "Hello", "scale": 1}"#,
            #"{"id": 3, "text": "Hello", "scale": 0}"#,
            #"{"id": 4, "text": "Hello", "scale": null}"#,
        ]
        let stdin = requests.joined(separator: "\n") + "\n"
        let options = ["measure", "--jsonl", "--font", "Roboto-Regular", "--size", "15"]
        let scaled = try CellCLI.run(options + ["--scale", "3"], stdin: stdin)
        #expect(scaled.status == 0, "\(scaled.stderr)")
        let answers = try scaled.stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
        try #require(answers.count == requests.count)
        /// `length` rounded up to the grid of `scale` pixels per point.
        func grid(_ length: Double, _ scale: Double) -> Double { (length * scale).rounded(.up) / scale }
        for (answer, scale) in [(answers[0], 3.0), (answers[1], 1.0), (answers[3], 3.0)] {
            #expect(answer["scale"] == .number(scale), "\(answer)")
            #expect(answer["roundedWidth"]?.numberValue == grid(hello.width, scale), "\(answer)")
            #expect(answer["roundedHeight"]?.numberValue == grid(hello.lineHeight, scale), "\(answer)")
        }
        #expect(answers[2]["id"] == .number(3) && answers[2]["error"]?.stringValue?.contains("scale") == true,
                "\(answers[2])")
        // No scale anywhere: the answers stay as they were, without rounded sizes.
        let plain = try CellCLI.run(options, stdin: requests[0] + "\n")
        let answer = try JSONValue.parse(plain.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(answer["roundedWidth"] == nil && answer["scale"] == nil && answer["width"] != nil, "\(answer)")
    }

    /// --json and --show-lines (measure) and --json (breaks) say nothing with --jsonl, whose answers are JSON with every
    /// line: asking for them is a usage error, not an option silently dropped.
    @Test func jsonLinesRefuseTheSingleTextOutputFlags() throws {
        for (command, flag, message) in [("measure", "--json", "drop --json"), ("measure", "--show-lines", "drop --show-lines"),
                                         ("breaks", "--json", "drop --json")] {
            let result = try CellCLI.run([command, "--jsonl", flag], stdin: #"{"text": "x"}"# + "\n")
            #expect(result.status == 64 && result.stderr.contains(message) && result.stdout.isEmpty,
                    "\(command) \(flag): \(result.status) \(result.stderr)")
        }
    }

    /// A malformed --language is a usage error (exit status 64) for measure, as for breaks.
    @Test func malformedLanguageOptionIsAUsageError() throws {
        for command in ["measure", "breaks"] {
            let result = try CellCLI.run([command, "--language", "a b", "x"])
            #expect(result.status == 64 && result.stderr.contains("BCP 47"), "\(command): \(result.status) \(result.stderr)")
        }
    }

    @Test func breaksListsTheOpportunities() throws {
        let result = try CellCLI.run(["breaks", "--jsonl"], stdin: #"{"id": 1, "text": "a b\nc"}"# + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        let answer = try JSONValue.parse(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        // After "a " (allowed), after the line feed (mandatory), at the end (mandatory, LB3).
        #expect(answer["breaks"] == .array([
            .object([("offset", .number(2)), ("mandatory", .bool(false))]),
            .object([("offset", .number(4)), ("mandatory", .bool(true))]),
            .object([("offset", .number(5)), ("mandatory", .bool(true))]),
        ]))
    }

    /// A request's language tailors the breaks (Korean between words, not syllables); a bad
    /// tag gets an error line and the batch goes on; a bad `--language` is a usage error.
    @Test func breaksTakeALanguage() throws {
        let requests = [#"{"id": 1, "text": "한국 어", "language": "ko"}"#, #"{"id": 2, "text": "한국 어"}"#,
                        #"{"id": 3, "text": "x", "language": "not a tag"}"#, #"{"id": 4, "text": "x"}"#]
        let result = try CellCLI.run(["breaks", "--jsonl"], stdin: requests.joined(separator: "\n") + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        let answers = try result.stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
        #expect(answers.count == 4)
        func offsets(_ answer: JSONValue) -> [Double] {
            guard case .array(let breaks)? = answer["breaks"] else { return [] }
            return breaks.compactMap { $0["offset"]?.numberValue }
        }
        // "한국 " is 7 bytes, "어" 3 more: by default a break after each syllable too.
        #expect(offsets(answers[0]) == [7, 10])
        #expect(offsets(answers[1]) == [3, 7, 10])
        #expect(answers[2]["error"]?.stringValue?.contains("BCP 47") == true)
        #expect(offsets(answers[3]) == [1])
    }
}
