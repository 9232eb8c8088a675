/// JSON text written member by member into one growing byte buffer: how answers are
/// written, with no value tree and no `String` in between.
///
/// ```swift
/// var out = JSONOutput()
/// out.beginObject()
/// out.member("id", 7)
/// out.member("width", 189.94140625)
/// out.key("lines"); out.beginArray(); out.append(3); out.endArray()
/// out.endObject()
/// out.bytes   // {"id":7,"width":189.94140625,"lines":[3]}
/// ```
///
/// Commas are placed for you: after any value, the next key or array element is preceded by
/// one. Numbers print as ``JSONValue/serialized`` prints them (integers below 10^15 without a
/// fraction, others as the shortest decimal that reads back the same, non-finite as `null`);
/// strings are escaped as JSON requires. Writing is not checked for structure: a caller that
/// begins an object ends it.
///
/// A value type; one per thread.
public struct JSONOutput: Sendable {
    /// The UTF-8 text written so far.
    public private(set) var bytes: [UInt8]
    /// Whether the next key or array element needs a comma before it.
    private var needsComma = false

    /// An empty buffer with room for `capacity` bytes.
    public init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// The number of bytes written.
    public var count: Int { bytes.count }

    /// Empties the buffer, keeping its storage.
    public mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        needsComma = false
    }

    /// Drops what was written after byte `count` (an answer abandoned half way), as if it had
    /// never been written; the next value is the first of its level again.
    public mutating func truncate(to count: Int, needsComma: Bool = false) {
        bytes.removeSubrange(count...)
        self.needsComma = needsComma
    }

    /// Appends bytes as they are: a newline between JSON Lines, or JSON text already formed.
    public mutating func appendRaw(_ raw: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: raw)
    }

    /// Appends an ASCII byte as it is (a newline between JSON Lines).
    public mutating func appendRaw(_ byte: UInt8) {
        bytes.append(byte)
    }

    // MARK: - Structure

    /// Starts an object (`{`) as the next value.
    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Ends the object begun last (`}`).
    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Starts an array (`[`) as the next value.
    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    /// Ends the array begun last (`]`).
    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes a member's key (`"name":`); its value follows. `name` must need no escaping
    /// (the keys of answers are ASCII identifiers).
    public mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes a member's key from any string, escaped as a string.
    public mutating func key(_ name: String) {
        append(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// A comma when a value came before at this level.
    @inline(__always)
    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    // MARK: - Values

    /// Appends a number (see the type's documentation for how it prints).
    public mutating func append(_ number: Double) {
        separate()
        needsComma = true
        guard number.isFinite else {
            appendASCII("null")
            return
        }
        if number == number.rounded(), number.magnitude < 1e15 {
            appendDigits(Int64(number))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ShortestDecimal.maxLength) { buffer in
            let count = ShortestDecimal.write(number, to: buffer.baseAddress!)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[0..<count]))
        }
    }

    /// Appends an integer.
    public mutating func append(_ integer: Int) {
        separate()
        needsComma = true
        appendDigits(Int64(integer))
    }

    /// Appends `true` or `false`.
    public mutating func append(_ bool: Bool) {
        separate()
        needsComma = true
        appendASCII(bool ? "true" : "false")
    }

    /// Appends `null`.
    public mutating func appendNull() {
        separate()
        needsComma = true
        appendASCII("null")
    }

    /// Appends a string literal: quoted, with `"`, `\` and control characters escaped.
    public mutating func append(_ string: String) {
        var string = string
        string.withUTF8 { append(utf8String: $0) }
    }

    /// Appends a string literal from its UTF-8 bytes (which must be valid UTF-8).
    public mutating func append(utf8String utf8: UnsafeBufferPointer<UInt8>) {
        separate()
        needsComma = true
        bytes.append(UInt8(ascii: "\""))
        var clean = 0
        for (i, b) in utf8.enumerated() where b < 0x20 || b == 0x22 || b == 0x5C {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[clean..<i]))
            switch b {
            case 0x22: appendASCII("\\\"")
            case 0x5C: appendASCII("\\\\")
            case 0x0A: appendASCII("\\n")
            case 0x0D: appendASCII("\\r")
            case 0x09: appendASCII("\\t")
            default:
                appendASCII("\\u00")
                bytes.append(JSONOutput.hexDigits[Int(b >> 4)])
                bytes.append(JSONOutput.hexDigits[Int(b & 0x0F)])
            }
            clean = i + 1
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[clean...]))
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends a value of any kind.
    public mutating func append(_ value: JSONValue) {
        switch value {
        case .null: appendNull()
        case .bool(let b): append(b)
        case .number(let n): append(n)
        case .string(let s): append(s)
        case .array(let elements):
            beginArray()
            for element in elements { append(element) }
            endArray()
        case .object(let members):
            beginObject()
            for (name, element) in members {
                key(name)
                append(element)
            }
            endObject()
        }
    }

    /// Appends a JSON value given as its text (a slice of a request, say), written as
    /// ``append(_:)-(JSONValue)`` writes the value it parses to: a string without escapes or a
    /// plain integer is copied as it is, anything else is parsed and written again.
    /// - Throws: ``JSONParseError`` when `text` is not one JSON value.
    public mutating func append(jsonText text: UnsafeBufferPointer<UInt8>) throws {
        if JSONOutput.isCanonical(text) {
            separate()
            needsComma = true
            bytes.append(contentsOf: text)
            return
        }
        append(try JSONValue.parse(text))
    }

    /// Whether `text` is a string with no escape or a plain integer literal below 10^15 —
    /// JSON text that ``append(_:)-(JSONValue)`` would write back byte for byte.
    static func isCanonical(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = text.first else { return false }
        if first == UInt8(ascii: "\"") {
            guard text.count >= 2, text[text.count - 1] == UInt8(ascii: "\"") else { return false }
            for b in text[1..<(text.count - 1)] where b == 0x5C || b == 0x22 || b < 0x20 { return false }
            return true
        }
        // 1–15 digits, no leading zero unless it is the only one, no sign.
        guard text.count <= 15, first >= UInt8(ascii: "1") || text.count == 1 else { return false }
        return text.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    // MARK: - Members

    /// Writes a member with a number value.
    public mutating func member(_ name: StaticString, _ value: Double) {
        key(name)
        append(value)
    }

    /// Writes a member with an integer value.
    public mutating func member(_ name: StaticString, _ value: Int) {
        key(name)
        append(value)
    }

    /// Writes a member with a boolean value.
    public mutating func member(_ name: StaticString, _ value: Bool) {
        key(name)
        append(value)
    }

    /// Writes a member with a string value.
    public mutating func member(_ name: StaticString, _ value: String) {
        key(name)
        append(value)
    }

    // MARK: - Bytes

    @inline(__always)
    private mutating func appendASCII(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// The decimal digits of `value`, with a minus sign when negative.
    private mutating func appendDigits(_ value: Int64) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var rest = value.magnitude
            var at = 24
            repeat {
                at -= 1
                buffer[at] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
            if value < 0 {
                at -= 1
                buffer[at] = UInt8(ascii: "-")
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[at...]))
        }
    }

    /// Lowercase hexadecimal digits, for `\u00XX` escapes.
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
