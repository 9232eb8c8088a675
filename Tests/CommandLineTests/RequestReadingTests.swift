import Foundation
import JSON
import Testing
import TestSupport

/// JSON Lines requests as `measure --jsonl` and `breaks --jsonl` read them since they are
/// read straight into structs: unknown fields are errors that name them, errors name the
/// field's path and what was given, the request's id comes back on every error line, and a
/// batch asking for one text at many widths answers each as a request of its own would be.
@Suite struct RequestReadingTests {
    static func answers(_ arguments: [String], _ requests: [String]) throws -> [JSONValue] {
        let result = try CellCLI.run(arguments, stdin: requests.joined(separator: "\n") + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        return try result.stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
    }

    @Test func unknownFieldsAreErrorsThatNameThemAndTheBatchGoesOn() throws {
        let answers = try Self.answers(["measure", "--jsonl"], [
            #"{"id": 1, "text": "Hello", "widht": 100}"#,
            #"{"text": "Hello", "Size": 15, "id": "second"}"#,
            #"{"id": 3, "text": "Hello", "width": 100}"#,
            #"{"id": 4, "text": "Hello", "font": ["Roboto-Regular", 7]}"#,
            #"{"id": 5, "text": "Hello", "size": "15"}"#,
            #"{"id": 6, "text": "Hello", "language": "zh-Hans", "colour": "red"}"#,
        ])
        try #require(answers.count == 6)
        #expect(answers[0]["id"] == .number(1))
        #expect(answers[0]["error"]?.stringValue?.hasPrefix(#"unknown field "widht" (did you mean "width"?); a request has: id, text,"#) == true,
                "\(answers[0])")
        // The id comes back even when it follows the field at fault.
        #expect(answers[1]["id"] == .string("second"))
        #expect(answers[1]["error"]?.stringValue?.hasPrefix(#"unknown field "Size" (did you mean "size"?)"#) == true, "\(answers[1])")
        #expect(answers[2]["error"] == nil && answers[2]["lineCount"] == .number(1))
        #expect(answers[3]["error"]?.stringValue == #""font[1]" must be a font name or path (a non-empty string), got the number 7"#,
                "\(answers[3])")
        #expect(answers[4]["error"]?.stringValue == #""size" must be a number, got the string "15""#, "\(answers[4])")
        #expect(answers[5]["error"]?.stringValue?.hasPrefix(#"unknown field "colour""#) == true, "\(answers[5])")
    }

    @Test func breaksRejectUnknownFieldsToo() throws {
        let answers = try Self.answers(["breaks", "--jsonl"], [#"{"id": 1, "text": "a b", "width": 3}"#, #"{"id": 2, "text": "a b"}"#])
        #expect(answers[0]["id"] == .number(1) && answers[0]["error"]?.stringValue?.hasPrefix(#"unknown field "width""#) == true,
                "\(answers[0])")
        #expect(answers[1]["breaks"] != nil)
    }

    /// A line that is not JSON is answered with a null id and where it stops being JSON, even
    /// when a field before that is at fault too; invalid UTF-8 in a text is not JSON.
    @Test func textThatIsNotJSONWinsOverAFieldError() throws {
        var bad = Array(#"{"id": 9, "text": "caf"#.utf8) + [0xC3] + Array(#""}"#.utf8)
        bad.append(0x0A)
        let input = Array(#"{"id": 8, "widht": 1, "text": [}"#.utf8) + [0x0A] + bad
        let result = try CellCLI.run(["measure", "--jsonl"], stdinBytes: input)
        let answers = try result.stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
        try #require(answers.count == 2)
        for answer in answers {
            #expect(answer["id"] == .null && answer["error"]?.stringValue?.hasPrefix("invalid JSON at byte ") == true, "\(answer)")
        }
        #expect(answers[1]["error"]?.stringValue?.contains("invalid UTF-8") == true)
    }

    /// One post asked at several widths, sizes and line limits, in a batch with others between:
    /// the answers laid out from the post's prepared form equal the answers to those requests
    /// alone, each in a process of its own (where nothing was prepared before); two spellings
    /// of one word — precomposed and decomposed, equal as Swift strings — are two texts with
    /// their own answers.
    @Test func aTextAskedAgainIsAnsweredAsAlone() throws {
        let post = "今天终于去了那家新开的咖啡店，环境安静适合工作 ☕ Great latte, would go again!"
        var requests: [String] = []
        for (i, (width, size)) in [(320, 15), (375, 15), (414, 17), (320, 17), (100, 15)].enumerated() {
            let text = JSONValue.string(post).serialized
            requests.append(#"{"id": \#(i), "text": \#(text), "font": ["Roboto-Regular", "wqy-microhei", "NotoColorEmoji"], "#
                            + #""language": "zh-Hans", "size": \#(size), "width": \#(width)}"#)
            requests.append(#"{"id": "other\#(i)", "text": "Something else entirely, \#(i)", "width": \#(width)}"#)
        }
        requests.append(#"{"id": "limited", "text": \#(JSONValue.string(post).serialized), "font": ["Roboto-Regular", "wqy-microhei", "NotoColorEmoji"], "language": "zh-Hans", "size": 15, "width": 100, "numberOfLines": 2}"#)
        requests.append(#"{"id": "nfc", "text": "caf\u00e9 caf\u00e9", "width": 40}"#)
        requests.append(#"{"id": "nfd", "text": "cafe\u0301 cafe\u0301", "width": 40}"#)
        let together = try Self.answers(["measure", "--jsonl"], requests)
        try #require(together.count == requests.count)
        // 375 and 320 at 17 pt follow the same size's first request; the line limit follows 100 pt.
        for index in [2, 6, requests.count - 3, requests.count - 1] {
            let alone = try Self.answers(["measure", "--jsonl"], [requests[index]])
            #expect(alone == [together[index]], "\(requests[index])")
        }
        let nfc = together[together.count - 2], nfd = together[together.count - 1]
        #expect(nfc["lines"]?.arrayValue?.first?["length"] != nfd["lines"]?.arrayValue?.first?["length"])
    }

    /// A request is read as the JSON parser reads its line: whitespace anywhere, keys and
    /// strings with escapes, a repeated field (the last wins), `null` fields, numbers in any
    /// notation, fonts and languages the request before had or not. Each line is answered as
    /// the plain request made from its ``JSONValue`` (each field once, as the parser saw it)
    /// is, and the answer's id is the parsed id.
    @Test func aRequestReadsAsTheParserReadsItsLine() throws {
        let lines = [
            #"  { "text" : "Hello there world" ,"size":15 , "width" : 100, "id" : 1 }  "#,
            #"{"id":2,"width":50,"text":"Hello there world","width":100,"size":15,"size":17}"#,
            #"{"\u0069d":3,"t\u0065xt":"Hello there world","w\u0069dth":100,"fo\u006et":"Roboto-Medium"}"#,
            #"{"id":"four \"4\" \u00e9","text":"He\u006clo there \ud83d\ude00 world","width":100}"#,
            #"{"id":5,"text":"Hello there world","font":null,"language":null,"width":1e2,"size":1.5E1,"height":null}"#,
            #"{"id":6,"text":"مرحبا بالعالم الجميل","font":["Roboto-Regular","NotoSansArabic-Regular"],"language":"ar","width":80}"#,
            #"{"id":7,"text":"שלום עולם יפה","font":["Roboto-Regular","NotoSansArabic-Regular"],"language":"he","width":80}"#,
            #"{"id":8,"text":"שלום עולם יפה","font":[ "Roboto-Regular", "NotoSansHebrew-Regular" ],"language":"he","width":80}"#,
            #"{"id":9.50,"font":"Roboto-Regular","text":"a long enough text to cut","numberOfLines":1,"lineBreakMode":"truncate-middle","width":60,"scale":3}"#,
            #"{"id":[1,{"a":null}],"text":"x","faceIndex":0,"offsets":"utf16","numberOfLines":0.0}"#,
            #"{"text":"no id here","width":20.000}"#,
            #"{"id":12,"text":"x","truncationTokens":1}"#,
            #"{"id":13,"text":"x","Width":1}"#,
            #"{"id":14,"text":"x","size":"15"}"#,
            #"{"id":15}"#,
        ]
        var plain: [String] = []
        for line in lines {
            guard case .object(let members) = try JSONValue.parse(line) else { Issue.record("\(line)"); continue }
            var fields: [(String, JSONValue)] = []
            for (key, value) in members {
                if let i = fields.firstIndex(where: { $0.0 == key }) { fields[i].1 = value } else { fields.append((key, value)) }
            }
            plain.append(JSONValue.object(fields).serialized)
        }
        let answers = try Self.answers(["measure", "--jsonl"], lines)
        let expected = try Self.answers(["measure", "--jsonl"], plain)
        try #require(answers.count == lines.count && expected.count == lines.count)
        for (i, line) in lines.enumerated() {
            #expect(answers[i] == expected[i], "\(line)\n\(answers[i])\n\(expected[i])")
            // An answer has the request's id, or none; an error answer's is null then.
            let id = try JSONValue.parse(line)["id"]
            #expect(answers[i]["id"] == id ?? (answers[i]["error"] == nil ? nil : .null), "\(line)")
        }
        #expect(answers[0]["error"] == nil && answers[1]["error"] == nil && answers[8]["truncated"] == .bool(true))
        #expect(answers[11]["error"]?.stringValue?.hasPrefix(#"unknown field "truncationTokens""#) == true, "\(answers[11])")
        #expect(answers[12]["error"]?.stringValue?.hasPrefix(#"unknown field "Width" (did you mean "width"?)"#) == true)
        #expect(answers[13]["error"]?.stringValue == #""size" must be a number, got the string "15""#)
        #expect(answers[14]["error"]?.stringValue?.contains(#""text""#) == true, "\(answers[14])")
    }

    /// `compare` and `feed` read the same rows from a JSON array and from JSON Lines with blank
    /// lines: one reader.
    @Test func feedAndCompareReadRowsAlike() throws {
        let rows = [#"{"ID": 1, "question": "How?", "answer": "Like this."}"#,
                    #"{"ID": 2, "question": "Why?", "answer": "Because."}"#]
        let lines = try CellCLI.temporaryFile(rows[0] + "\n\n  \n" + rows[1] + "\n", name: "rows.jsonl")
        let array = try CellCLI.temporaryFile("[" + rows.joined(separator: ",") + "]", name: "rows.json")
        let template = CellCLI.example("qa.json")
        for data in [lines, array] {
            let feed = try CellCLI.run(["feed", "--template", template, "--data", data, "--quiet"])
            #expect(feed.stdout.split(separator: "\n").count == 2, "\(data): \(feed.stdout)")
            let compare = try CellCLI.run(["compare", "--template", template, "--data", data, "--repetitions", "1"])
            #expect(compare.status == 0 && compare.stdout.hasPrefix("rows 2: 2 agree"), "\(data): \(compare.stdout)")
        }
        let badLine = try CellCLI.temporaryFile(rows[0] + "\n{not json\n", name: "bad.jsonl")
        let compare = try CellCLI.run(["compare", "--template", template, "--data", badLine, "--repetitions", "1"])
        #expect(compare.status != 0 && compare.stderr.contains("line 2 is not valid JSON"), "\(compare.stderr)")
    }
}
