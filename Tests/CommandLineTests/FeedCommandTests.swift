import Foundation
import JSON
import Testing

@Suite struct FeedCommandTests {
    @Test func answersEveryRowInOrderWithErrorLines() throws {
        var lines = (0..<300).map { #"{"id": "r\#($0)", "question": "Question \#($0)?", "answer": "Answer \#($0), which is a sentence."}"# }
        lines[100] = #"{"id": "bad", "question": "no answer field"}"#
        lines[200] = "{not json"
        lines.insert("", at: 50)  // blank lines are skipped
        let result = try CellCLI.run(["feed", "--template", CellCLI.example("qa.json")], stdin: lines.joined(separator: "\n") + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        let answers = try result.stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
        #expect(answers.count == 300)
        #expect(answers[0]["id"] == .string("r0"))
        #expect(answers[299]["id"] == .string("r299"))
        #expect(answers[100]["id"] == .string("bad"))
        #expect(answers[100]["error"]?.stringValue?.contains(#"root.column.items[1].text: the row has no field "answer""#) == true)
        #expect(answers[200]["id"] == .number(200))  // not JSON: the row's index
        #expect(answers[200]["error"] != nil)
        #expect(answers.enumerated().allSatisfy { $0.offset == 100 || $0.offset == 200 || $0.element["height"]?.numberValue ?? 0 >= 88 })
        #expect(result.stderr.contains("feed: 300 rows (2 errors) in "))
        #expect(result.stderr.contains("rows/s"))
    }

    @Test func questionsArrayWithFramesMatchesCell() throws {
        let result = try CellCLI.run(["feed", "--template", CellCLI.example("qa.json"), "--data", CellCLI.example("questions.json"),
                                      "--frames", "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let answers = try result.stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
        #expect(answers.map { $0["id"] } == [.number(1), .number(2), .number(3)])
        for (index, answer) in answers.enumerated() {
            let cell = try CellCLI.run(["cell", "--template", CellCLI.example("qa.json"), "--data", CellCLI.example("questions.json"),
                                        "--index", "\(index)", "--json"])
            let layout = try JSONValue.parse(cell.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
            #expect(answer["height"] == layout["height"])
            #expect(answer["frames"] == layout["frames"])
            #expect(answer["frames"]?.arrayValue?.count == 3)
        }
    }

    @Test func rowsWithoutIdsAreNumberedFromZero() throws {
        let result = try CellCLI.run(["feed", "--template", CellCLI.example("single-label.json"), "--scale", "3", "--quiet"],
                                     stdin: "{\"text\": \"a\"}\n{\"text\": \"b\"}\n[1]\n")
        let answers = try result.stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
        #expect(answers.map { $0["id"] } == [.number(0), .number(1), .number(2)])
        #expect(answers[0]["height"] == .number(64))
        #expect(answers[2]["error"]?.stringValue?.contains("must be a JSON object") == true)
    }

    @Test func missingWidthIsAnError() throws {
        let template = try CellCLI.temporaryFile(#"{"root": {"text": "t"}}"#, name: "nowidth.json")
        let result = try CellCLI.run(["feed", "--template", template], stdin: "{\"t\": \"x\"}\n")
        #expect(result.status != 0)
        #expect(result.stderr.contains("--width"))
        let given = try CellCLI.run(["feed", "--template", template, "--width", "200", "--quiet"], stdin: "{\"t\": \"x\"}\n")
        #expect(given.status == 0)
        #expect(given.stdout.contains("\"height\""))
    }
}
