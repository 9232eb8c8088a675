import Testing
import JSON

/// Reading objects straight into structs (``JSONFields``): known fields, unknown ones named,
/// errors that say which field, what it must be and what it was, nested paths.
@Suite struct JSONFieldsTests {
    struct Span: Equatable { var start = 0, end = 0; var font: String? }
    struct Request: Equatable {
        var text: String?
        var width: Double?
        var fonts: [String] = []
        var spans: [Span] = []
        var bold: Bool?
    }

    static let spanFields = JSONFields<Span>("a span", [
        "start": { reader, span in span.start = try reader.optionalCount() ?? 0 },
        "end": { reader, span in span.end = try reader.optionalCount() ?? 0 },
        "font": { reader, span in span.font = try reader.optionalString() },
    ])

    static let fields = JSONFields<Request>("a request", [
        "text": { reader, request in request.text = try reader.optionalString() },
        "width": { reader, request in request.width = try reader.optionalNumber() },
        "font": { reader, request in
            try reader.optionalArray { _, reader in
                guard let name = try reader.optionalString() else {
                    throw JSONFieldError.invalid(requirement: "a font name", given: "null")
                }
                request.fonts.append(name)
            }
        },
        "spans": { reader, request in
            try reader.optionalArray { _, reader in
                var span = Span()
                try JSONFieldsTests.spanFields.read(&reader, into: &span)
                request.spans.append(span)
            }
        },
        "bold": { reader, request in request.bold = try reader.optionalBool() },
    ])

    static func read(_ text: String) throws -> Request { try read(text, with: fields, into: Request()) }

    /// `start` with the object in `text` read into it by `table`.
    static func read<Target>(_ text: String, with table: JSONFields<Target>, into start: Target) throws -> Target {
        var target = start
        var bytes = Array(text.utf8)
        try bytes.withUnsafeMutableBufferPointer { buffer in
            var reader = JSONReader(UnsafeBufferPointer(buffer))
            try table.read(&reader, into: &target)
            try reader.readEnd()
        }
        return target
    }

    /// The message of the error reading `text` throws.
    static func message(_ text: String) -> String {
        do {
            _ = try read(text)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    @Test func readsKnownFieldsIntoTheStruct() throws {
        let request = try Self.read(#" {"text": "caf\u00e9", "width": 320.5, "font": ["A", "B"], "bold": true,"#
                                    + #" "spans": [{"start": 0, "end": 3, "font": "A"}, {"end": 5}]} "#)
        #expect(request == Request(text: "café", width: 320.5, fonts: ["A", "B"],
                                   spans: [Span(start: 0, end: 3, font: "A"), Span(start: 0, end: 5)], bold: true))
        // null is the field left out; a repeated field: the last one wins.
        #expect(try Self.read(#"{"width": null, "text": "a", "text": "b"}"#) == Request(text: "b"))
    }

    @Test func unknownFieldsAreErrorsThatNameThem() {
        #expect(Self.message(#"{"text": "x", "widht": 3}"#)
                == #"unknown field "widht" (did you mean "width"?); a request has: text, width, font, spans, bold"#)
        #expect(Self.message(#"{"Text": "x"}"#).hasPrefix(#"unknown field "Text" (did you mean "text"?)"#))
        #expect(Self.message(#"{"colour": 1}"#).hasPrefix(#"unknown field "colour"; a request has:"#))
        // Inside an array of objects: the path to it, and the nested object's own fields.
        #expect(Self.message(#"{"spans": [{"start": 1}, {"strat": 2}]}"#)
                == #"unknown field "spans[1].strat" (did you mean "start"?); a span has: start, end, font"#)
    }

    @Test func badValuesNameTheFieldWhatItMustBeAndWhatItWas() {
        #expect(Self.message(#"{"width": "15"}"#) == #""width" must be a number, got the string "15""#)
        #expect(Self.message(#"{"text": 3.5}"#) == #""text" must be a string, got the number 3.5"#)
        #expect(Self.message(#"{"bold": "yes"}"#) == #""bold" must be true or false, got the string "yes""#)
        #expect(Self.message(#"{"font": "A"}"#) == #""font" must be an array, got the string "A""#)
        #expect(Self.message(#"{"font": ["A", null]}"#) == #""font[1]" must be a font name, got null"#)
        #expect(Self.message(#"{"spans": [{"start": -2}]}"#) == #""spans[0].start" must be 0 or more, got -2"#)
        #expect(Self.message(#"{"spans": [{"end": 1.5}]}"#) == #""spans[0].end" must be a whole number, got 1.5"#)
        #expect(Self.message(#"{"spans": [[]]}"#) == #""spans[0]" must be a JSON object, got an array"#)
        #expect(Self.message(#"[1]"#) == "a request must be a JSON object, got an array")
        let long = String(repeating: "x", count: 100)
        #expect(Self.message(#"{"width": ""# + long + #""}"#) == #""width" must be a number, got the string ""#
                + String(repeating: "x", count: 39) + "…\"")
    }

    /// Keys are found by their bytes whatever their length (1 to 20 bytes, across the
    /// words they are compared by), wherever they are (first, last, at the very end of the
    /// text), with escapes in them, and when two names share a length and a first byte; an
    /// escaped unknown key is named decoded. The field each key must reach is known by
    /// construction: the table's readers record their own names.
    @Test func keysOfEveryLengthAreFoundWhereverTheyAre() throws {
        let names: [StaticString] = ["a", "ab", "abc", "abcd", "abcde", "abcdef", "abcdefg", "abcdefgh", "abcdefghi",
                                     "abcdefghijklmno", "abcdefghijklmnop", "abcdefghijklmnopq", "abcdefghijklmnopqrst",
                                     "width", "wordy", "waist"]
        let table = JSONFields<[String]>("a thing", pairs: names.map { name in
            (name: name, reader: { reader, seen in
                try reader.skipValue()
                seen.append(name.description)
            })
        })
        func read(_ text: String) throws -> [String] { try Self.read(text, with: table, into: []) }
        let all = names.map(\.description)
        for name in all {
            // Alone (the key at the very end of the text), first and last among others, and
            // with its first letter escaped.
            #expect(try read("{\"\(name)\":1}") == [name])
            #expect(try read("{\"\(name)\": [1, {\"x\": 2}], \"waist\": \"w\"}") == [name, "waist"])
            #expect(try read("{ \"wordy\" : null , \"\(name)\" : \"\\\"\" }") == ["wordy", name])
            let escaped = "\\u00" + String(name.utf8.first!, radix: 16) + name.dropFirst()
            #expect(try read("{\"\(escaped)\":true}") == [name])
        }
        #expect(try read("{" + all.map { "\"\($0)\":0" }.joined(separator: ",") + "}") == all)
        for unknown in ["abcdx", "widt", "wide", "abcdefghijklmnopqrsu", "", "\\u0077idth2"] {
            #expect(throws: JSONFieldError.self) { try read("{\"\(unknown)\":1}") }
        }
        #expect(Self.message(#"{"\u0074ext": "a", "t\u00e9xt": 1}"#).hasPrefix(#"unknown field "téxt" (did you mean "text"?)"#))
    }

    /// Text that is not JSON is a parse error, wherever it is.
    @Test func textThatIsNotJSONIsAParseError() {
        for bad in [#"{"text": "x""#, #"{"width": 1.}"#, #"{"spans": [{"start": 1,}]}"#, #"{"text": "\x"}"#] {
            #expect(throws: JSONParseError.self, "\(bad)") { try Self.read(bad) }
        }
    }
}
