import Foundation
import Testing
import JSON

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
