import Foundation
import Testing
import JSON

/// JSON written through a ``JSONCursor``: integers against `String(_:)`, doubles against
/// `description` (as ``NumberFormattingTests/expected(_:)`` says they print), fragments of
/// every length copied whole, and the text read back by Foundation's `JSONSerialization`.
@Suite struct JSONCursorTests {
    /// Integers around every digit-count boundary, both signs, and the extremes.
    @Test func integersPrintAsStringDoes() {
        var integers = Array(-1_100...1_100)
        var power = 1
        for _ in 0..<18 {
            power *= 10
            integers += [power - 1, power, power + 1, -power]
        }
        integers += [Int.max, Int.min, Int.max - 1, Int.min + 1]
        var out = JSONOutput()
        out.beginArray()
        for chunk in stride(from: 0, to: integers.count, by: 100) {
            let part = integers[chunk..<min(chunk + 100, integers.count)]
            out.write(reserving: part.count * 21) { cursor in
                for (i, integer) in zip(part.indices, part) {
                    if i != chunk { cursor.write(",") }
                    cursor.write(integer)
                }
            }
        }
        out.endArray()
        #expect(String(decoding: out.bytes, as: UTF8.self) == "[" + integers.map { String($0) }.joined(separator: ",") + "]")
    }

    /// Doubles written together — repeating ones, which come from the table of numbers
    /// written lately, whole ones, non-finite ones — print as alone, between keys of every
    /// length from 0 to 40 bytes.
    @Test func membersPrintAsTheirValuesDo() throws {
        var random = NumberFormattingTests.Random(state: 0xC0_5302)
        let pool = (0..<30).map { _ in Double(random.next() % 50_000) / 128 }
        var numbers: [Double] = [0, -0.0, .nan, .infinity, -.infinity, 1e15, 1e15 - 1, 0.1, -2.5, .leastNonzeroMagnitude]
        for _ in 0..<3_000 {
            numbers.append(random.next() % 3 == 0 ? Double(bitPattern: random.next() >> 2) : pool[Int(random.next() % 30)])
        }
        var expected = "{"
        var out = JSONOutput()
        let names = (0..<numbers.count).map { i in String(repeating: "k", count: i % 38) + String(format: "%02d", i % 100) }
        out.write(reserving: numbers.count * (JSONCursor.maxNumberLength + 45) + 2) { cursor in
            cursor.write("{")
            for (i, number) in numbers.enumerated() {
                let key = (i == 0 ? "" : ",") + "\"" + names[i] + "\":"
                let bytes = Array(key.utf8)
                bytes.withUnsafeBufferPointer { cursor.write(jsonText: $0) }
                cursor.write(number)
                expected += key + NumberFormattingTests.expected(number)
            }
            cursor.write("}")
        }
        expected += "}"
        let written = String(decoding: out.bytes, as: UTF8.self)
        let firstDifference = zip(written, expected).prefix { $0 == $1 }.count
        #expect(written == expected, "differs from character \(firstDifference): \(written.dropFirst(firstDifference).prefix(80))")
        let foreign = try JSONSerialization.jsonObject(with: Data(out.bytes)) as? [String: Any]
        #expect(foreign?.count == Set(names).count)
    }

    /// A stretch written through a cursor is one value to the output around it: a comma goes
    /// before it when a value came before, and values after it get theirs.
    @Test func aStretchIsOneValueToItsOutput() {
        var out = JSONOutput()
        out.beginArray()
        out.write(reserving: 64) { $0.write("{\"x\":"); $0.write(1.5); $0.write(",\"yes\":"); $0.write(true); $0.write("}") }
        out.write(reserving: 64) { $0.write(false) }
        out.append(7)
        out.beginObject()
        out.key("id")
        out.write(reserving: 64) { $0.write(42) }
        out.member("w", 2.25)
        out.endObject()
        out.endArray()
        #expect(String(decoding: out.bytes, as: UTF8.self) == #"[{"x":1.5,"yes":true},false,7,{"id":42,"w":2.25}]"#)
    }
}
