import Foundation
import Testing
import JSON

/// The JSON parser and writer: hand-written cases from RFC 8259, and Foundation's
/// `JSONSerialization` as an independent reader of what the writer prints.
@Suite struct JSONParserTests {
    @Test func parsesEveryKindOfValue() throws {
        let value = try JSONValue.parse(#" {"a": [1, -2.5e3, true, false, null], "b": "x\"\\\/\n\u00e9\ud83d\ude00", "c": {}} "#)
        #expect(value == .object([
            ("a", .array([.number(1), .number(-2500), .bool(true), .bool(false), .null])),
            ("b", .string("x\"\\/\né😀")),
            ("c", .object([])),
        ]))
        #expect(value["a"]?.arrayValue?.count == 5)
        #expect(value["missing"] == nil)
    }

    @Test func rejectsWhatRFC8259Rejects() {
        for bad in ["", "{", "[1,]", "{\"a\" 1}", "01", "1.", ".5", "+1", "\"\u{01}\"", "\"\\x\"", "[1] 2", "nul",
                    "\"\\ud83d\"", "{\"a\":1,}", "tru"] {
            #expect(throws: JSONParseError.self, "\(bad.debugDescription)") { try JSONValue.parse(bad) }
        }
        #expect(throws: JSONParseError.self) { try JSONValue.parse([0x22, 0xFF, 0x22]) }  // invalid UTF-8
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(throws: JSONParseError.self) { try JSONValue.parse(deep) }
    }

    @Test func writesNumbersAsTheyReadBack() {
        let cases: [(Double, String)] = [
            (0, "0"), (-0.0, "0"), (7, "7"), (-5, "-5"), (123_456_789_012_345, "123456789012345"),
            (0.1, "0.1"), (291.4234375, "291.4234375"), (-2.5, "-2.5"), (.infinity, "null"), (.nan, "null"),
        ]
        for (number, text) in cases {
            #expect(JSONValue.number(number).serialized == text, "\(number)")
        }
        // Past 10^15, and at the extremes, whatever the shortest form is, it reads back exactly.
        for number in [1e15, -1e15 - 2, 1e300, .leastNonzeroMagnitude, -1.7976931348623157e308, 0.30000000000000004] {
            #expect((try? JSONValue.parse(JSONValue.number(number).serialized)) == .number(number), "\(number)")
        }
    }

    @Test func escapesWhatStringsMustEscape() {
        #expect(JSONValue.string("a\"b\\c\nd\re\tf\u{01}\u{1F}g").serialized == #""a\"b\\c\nd\re\tf\u0001\u001fg""#)
        #expect(JSONValue.string("中文 😀 é").serialized == "\"中文 😀 é\"")
        var text = "id="
        JSONValue.writeString("x\"", to: &text)
        JSONValue.writeNumber(2.5, to: &text)
        #expect(text == #"id="x\""2.5"#)
    }

    /// `value` with every object's members sorted by key.
    static func sorted(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let elements): return .array(elements.map(sorted))
        case .object(let members): return .object(members.map { ($0.0, sorted($0.1)) }.sorted { $0.0 < $1.0 })
        default: return value
        }
    }

    /// Random documents: the writer's text reads back to the same value through this parser
    /// and through Foundation's `JSONSerialization`.
    @Test func randomDocumentsRoundTrip() throws {
        var state: UInt64 = 0xD0C
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33) % n
        }
        let pieces = ["a", "\"", "\\", "\n", "\u{07}", "é", "中", "😀", " ", "/", "\u{2028}"]
        func value(_ depth: Int) -> JSONValue {
            switch next(depth > 3 ? 4 : 6) {
            case 0: return .null
            case 1: return .bool(next(2) == 0)
            case 2: return .number([0, -1, 3.25, 1e-7, 291.4234375, 12345678, -0.5][next(7)])
            case 3: return .string((0..<next(6)).map { _ in pieces[next(pieces.count)] }.joined())
            case 4: return .array((0..<next(4)).map { _ in value(depth + 1) })
            default: return .object((0..<next(4)).map { i in ("k\(i)" + pieces[next(pieces.count)], value(depth + 1)) })
            }
        }
        for _ in 0..<500 {
            let document = JSONValue.array([value(0)])
            let text = document.serialized
            #expect(try JSONValue.parse(text) == document, "\(text)")
            // Foundation keeps objects in dictionaries, so compare with members sorted by key.
            let foreign = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
            let again = try JSONSerialization.data(withJSONObject: foreign, options: [.fragmentsAllowed, .sortedKeys])
            #expect(Self.sorted(try JSONValue.parse([UInt8](again))) == Self.sorted(document), "\(text)")
        }
    }
}
