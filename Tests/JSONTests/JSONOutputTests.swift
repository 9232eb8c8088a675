import Foundation
import Testing
@testable import JSON

/// Answers written member by member (``JSONOutput``), read back by Foundation's
/// `JSONSerialization` (an independent reader) and by ``JSONValue/parse(_:)-(String)``.
@Suite struct JSONOutputTests {
    @Test func membersAndElementsGetTheirCommas() throws {
        var out = JSONOutput()
        out.beginObject()
        out.member("id", 7)
        out.key("lines")
        out.beginArray()
        for width in [10.5, 20.25] {
            out.beginObject()
            out.member("width", width)
            out.member("height", 17.578125)
            out.endObject()
        }
        out.endArray()
        out.key("empty"); out.beginArray(); out.endArray()
        out.key("flags"); out.beginArray(); out.append(true); out.appendNull(); out.append("a\"b"); out.endArray()
        out.endObject()
        let text = String(decoding: out.bytes, as: UTF8.self)
        #expect(text == #"{"id":7,"lines":[{"width":10.5,"height":17.578125},{"width":20.25,"height":17.578125}],"#
                + #""empty":[],"flags":[true,null,"a\"b"]}"#)
        let foreign = try JSONSerialization.jsonObject(with: Data(out.bytes)) as? [String: Any]
        #expect((foreign?["lines"] as? [[String: Double]])?.last?["width"] == 20.25)
    }

    /// Whole numbers of magnitude below 10^15 print as integers (written as Swift prints an
    /// `Int`), others as the shortest decimal (as Swift's `description` does); an output that
    /// writes only whole numbers makes no table of formatted numbers.
    @Test func wholeNumbersPrintAsIntegersWithoutTheTable() {
        var out = JSONOutput()
        let whole: [Double] = [0, -0.0, 7, -5, 999_999_999_999_999, -999_999_999_999_999, 123_456]
        for number in whole { out.append(number) }
        #expect(out.numbers == nil)
        #expect(String(decoding: out.bytes, as: UTF8.self) == whole.map { String(Int($0)) }.joined(separator: ","))
        let other = [1e15, -1e15, 0.5, 1e300]
        for number in other { out.append(number) }
        #expect(out.numbers != nil)
        #expect(String(decoding: out.bytes, as: UTF8.self).hasSuffix("," + other.map(\.description).joined(separator: ",")))
    }

    /// Strings with a character to escape at every place of their first twenty bytes, and none:
    /// written as RFC 8259 says (escaped by hand here) and read back the same by Foundation.
    @Test func stringsAreEscapedWherever() throws {
        func escaped(_ string: String) -> String {
            var text = "\""
            for scalar in string.unicodeScalars {
                switch scalar {
                case "\"": text += "\\\""
                case "\\": text += "\\\\"
                case "\n": text += "\\n"
                case "\r": text += "\\r"
                case "\t": text += "\\t"
                case _ where scalar.value < 0x20: text += String(format: "\\u%04x", scalar.value)
                default: text.unicodeScalars.append(scalar)
                }
            }
            return text + "\""
        }
        var strings = ["", "a", "plain ASCII text of some length", "é👋漢字 and more ASCII after them", String(repeating: "x", count: 64)]
        for special in ["\"", "\\", "\n", "\u{01}", "\u{1F}", "\t", "\u{7F}", " ", "é"] {
            for place in 0..<20 {
                strings.append(String(repeating: "a", count: place) + special + String(repeating: "b", count: 19 - place))
            }
        }
        for string in strings {
            var out = JSONOutput()
            out.append(string)
            let text = String(decoding: out.bytes, as: UTF8.self)
            #expect(text == escaped(string), "\(string.debugDescription)")
            let foreign = try JSONSerialization.jsonObject(with: Data(out.bytes), options: .fragmentsAllowed) as? String
            #expect(foreign == string, "\(string.debugDescription)")
        }
    }

    /// A value given as JSON text is written as its parsed value would be: copied when it is
    /// already in that form, rewritten otherwise.
    @Test func jsonTextIsWrittenAsItsValue() throws {
        for text in [#""plain""#, "17", "0", "-5", "1.0", "1e2", #""a\u0041\n""#, #"{ "k" : [1, 2.50] }"#, "null",
                     "123456789012345678"] {
            var out = JSONOutput()
            var bytes = Array(text.utf8)
            try bytes.withUnsafeMutableBufferPointer { try out.append(jsonText: UnsafeBufferPointer($0)) }
            #expect(String(decoding: out.bytes, as: UTF8.self) == (try JSONValue.parse(text)).serialized, "\(text)")
        }
    }
}
