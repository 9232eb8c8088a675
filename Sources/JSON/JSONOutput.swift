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
/// Each write reserves the bytes it may need once and stores them directly into a buffer
/// the value owns, so writing a member costs tens of instructions, not an array append per
/// byte. Not copyable (it owns its buffer): one per thread, passed `inout`.
public struct JSONOutput: ~Copyable, @unchecked Sendable {
    /// The buffer: `count` bytes written, room for `capacity`.
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    /// The number of bytes written.
    public var count: Int { written }
    @usableFromInline var written = 0
    /// Whether the next key or array element needs a comma before it.
    @usableFromInline var needsComma = false
    /// The numbers written lately, by bit pattern (see ``JSONCursor/write(_:)-(Double)``):
    /// made when a cursor is first asked for (``write(reserving:_:)``) or a number that is not
    /// a whole one is first written — an output of whole numbers only never makes it.
    @usableFromInline var numbers: UnsafeMutableRawPointer?

    /// An empty buffer with room for `capacity` bytes.
    public init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
        numbers?.deallocate()
    }

    /// The UTF-8 text written so far.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Calls `body` with the text written so far.
    public func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Empties the buffer, keeping its storage.
    public mutating func removeAll() {
        written = 0
        needsComma = false
    }

    /// Drops what was written after byte `count` (an answer abandoned half way), as if it had
    /// never been written; the next value is the first of its level again.
    public mutating func truncate(to count: Int) {
        written = min(count, written)
        needsComma = false
    }

    /// Ends a line of JSON Lines: a line feed, after which the next value starts a new text.
    public mutating func endLine() {
        reserve(1)
        base[count] = 0x0A
        written += 1
        needsComma = false
    }

    // MARK: - Structure

    /// Starts an object (`{`) as the next value.
    @inlinable public mutating func beginObject() { open(UInt8(ascii: "{")) }

    /// Ends the object begun last (`}`).
    @inlinable public mutating func endObject() { close(UInt8(ascii: "}")) }

    /// Starts an array (`[`) as the next value.
    @inlinable public mutating func beginArray() { open(UInt8(ascii: "[")) }

    /// Ends the array begun last (`]`).
    @inlinable public mutating func endArray() { close(UInt8(ascii: "]")) }

    /// Writes a member's key (`"name":`); its value follows. `name` must need no escaping
    /// (the keys of answers are ASCII identifiers). Inlined, so the name's length is known
    /// where it is written and its bytes are copied by two loads and stores.
    @inlinable @inline(__always) public mutating func key(_ name: StaticString) {
        let length = name.utf8CodeUnitCount
        reserve(length + 4)
        var at = base + count
        if needsComma {
            at[0] = UInt8(ascii: ",")
            at += 1
        }
        at[0] = UInt8(ascii: "\"")
        JSONOutput.copy(name.utf8Start, length, to: at + 1)
        at[1 + length] = UInt8(ascii: "\"")
        at[2 + length] = UInt8(ascii: ":")
        written = base.distance(to: at) + 3 + length
        needsComma = false
    }

    /// Writes a member's key from any string, escaped as a string.
    public mutating func key(escaping name: String) {
        append(name)
        reserve(1)
        base[count] = UInt8(ascii: ":")
        written += 1
        needsComma = false
    }

    @inlinable mutating func open(_ bracket: UInt8) {
        reserve(2)
        if needsComma {
            base[count] = UInt8(ascii: ",")
            written += 1
        }
        base[count] = bracket
        written += 1
        needsComma = false
    }

    @inlinable mutating func close(_ bracket: UInt8) {
        reserve(1)
        base[count] = bracket
        written += 1
        needsComma = true
    }

    // MARK: - Values

    /// Appends a number (see the type's documentation for how it prints).
    public mutating func append(_ number: Double) {
        // A whole number (an offset, a size) needs no table of numbers: an output that writes
        // only such numbers never makes one.
        if let integer = JSONCursor.wholeNumber(number) { return append(integer) }
        write(reserving: JSONCursor.maxNumberLength) { $0.write(number) }
    }

    /// Appends an integer.
    @inlinable public mutating func append(_ integer: Int) {
        reserve(22)
        if needsComma {
            base[count] = UInt8(ascii: ",")
            written += 1
        }
        written += ShortestDecimal.writeInteger(integer, to: base + count)
        needsComma = true
    }

    /// Appends `true` or `false`.
    public mutating func append(_ bool: Bool) {
        appendASCII(bool ? "true" : "false")
    }

    /// Appends `null`.
    public mutating func appendNull() {
        appendASCII("null")
    }

    /// Appends a string literal: quoted, with `"`, `\` and control characters escaped.
    public mutating func append(_ string: String) {
        var string = string
        string.withUTF8 { append(utf8String: $0) }
    }

    /// Appends a string literal from its UTF-8 bytes (which must be valid UTF-8).
    public mutating func append(utf8String utf8: UnsafeBufferPointer<UInt8>) {
        // At most six bytes (\u00XX) per byte, the quotes and a comma.
        reserve(utf8.count * 6 + 3)
        let out = base
        var at = count
        if needsComma {
            out[at] = UInt8(ascii: ",")
            at += 1
        }
        out[at] = UInt8(ascii: "\"")
        at += 1
        for b in utf8 {
            guard b < 0x20 || b == 0x22 || b == 0x5C else {
                out[at] = b
                at += 1
                continue
            }
            out[at] = UInt8(ascii: "\\")
            switch b {
            case 0x22: out[at + 1] = UInt8(ascii: "\"")
            case 0x5C: out[at + 1] = UInt8(ascii: "\\")
            case 0x0A: out[at + 1] = UInt8(ascii: "n")
            case 0x0D: out[at + 1] = UInt8(ascii: "r")
            case 0x09: out[at + 1] = UInt8(ascii: "t")
            default:
                out[at + 1] = UInt8(ascii: "u")
                out[at + 2] = UInt8(ascii: "0")
                out[at + 3] = UInt8(ascii: "0")
                out[at + 4] = JSONOutput.hexDigit(b >> 4)
                out[at + 5] = JSONOutput.hexDigit(b & 0x0F)
                at += 4
            }
            at += 2
        }
        out[at] = UInt8(ascii: "\"")
        written = at + 1
        needsComma = true
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
                key(escaping: name)
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
        guard JSONOutput.isCanonical(text) else {
            append(try JSONValue.parse(text))
            return
        }
        reserve(text.count + 1)
        if needsComma {
            base[count] = UInt8(ascii: ",")
            written += 1
        }
        JSONOutput.copy(text.baseAddress!, text.count, to: base + count)
        written += text.count
        needsComma = true
    }

    /// Whether `text` is a string with no escape or a plain integer literal below 10^15 —
    /// JSON text that ``append(_:)-(JSONValue)`` would write back byte for byte, and so
    /// ``append(jsonText:)`` copies (as may a ``JSONCursor``). O(n) in its bytes.
    public static func isCanonical(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = text.first else { return false }
        if first == UInt8(ascii: "\"") {
            guard text.count >= 2, text[text.count - 1] == UInt8(ascii: "\"") else { return false }
            for b in text[1..<(text.count - 1)] where b == 0x5C || b == 0x22 || b < 0x20 { return false }
            return true
        }
        // 1–15 digits (below 10^15, as JSONCursor.wholeNumber writes), no leading zero unless
        // it is the only one, no sign.
        guard text.count <= 15, first >= UInt8(ascii: "1") || text.count == 1 else { return false }
        return text.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// Writes a stretch of JSON text through a cursor whose position is a plain pointer:
    /// `body` writes at most `count` bytes (each number counts ``JSONCursor/maxNumberLength``),
    /// as it stands, and must leave the text where a value has just ended (after a value, or
    /// the members of an object and its closing brace). A comma goes first when the last
    /// thing written was a value. For the parts of a text whose shape the caller knows; see
    /// ``JSONCursor``.
    @inlinable @inline(__always)
    public mutating func write(reserving count: Int, _ body: (inout JSONCursor) -> Void) {
        reserve(count + 1)
        let table = numbers ?? makeNumbers()
        var cursor = JSONCursor(at: base + written, numbers: table)
        if needsComma {
            cursor.at[0] = UInt8(ascii: ",")
            cursor.at += 1
        }
        body(&cursor)
        written = base.distance(to: cursor.at)
        precondition(written <= capacity, "JSONOutput.write(reserving:) wrote more than it reserved")
        needsComma = true
    }

    @usableFromInline mutating func makeNumbers() -> UnsafeMutableRawPointer {
        let table = JSONCursor.makeTable()
        numbers = table
        return table
    }

    // MARK: - Members

    /// Writes a member with a number value.
    @inlinable @inline(__always) public mutating func member(_ name: StaticString, _ value: Double) {
        key(name)
        append(value)
    }

    /// Writes a member with an integer value.
    @inlinable @inline(__always) public mutating func member(_ name: StaticString, _ value: Int) {
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

    /// Appends an ASCII word as a value (`null`, `true`), with a comma before it when needed.
    private mutating func appendASCII(_ word: StaticString) {
        reserve(word.utf8CodeUnitCount + 1)
        if needsComma {
            base[count] = UInt8(ascii: ",")
            written += 1
        }
        JSONOutput.copy(word.utf8Start, word.utf8CodeUnitCount, to: base + count)
        written += word.utf8CodeUnitCount
        needsComma = true
    }

    /// Makes room for `more` bytes after those written, doubling the buffer.
    @inlinable
    mutating func reserve(_ more: Int) {
        if count + more > capacity { grow(count + more) }
    }

    @usableFromInline mutating func grow(_ needed: Int) {
        let newCapacity = max(needed, 2 * capacity)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Copies `count` bytes: two to four overlapping word loads and stores for the short
    /// pieces answers are made of (keys, numbers), `memmove` for longer ones.
    @inlinable @inline(__always)
    static func copy(_ source: UnsafePointer<UInt8>, _ count: Int, to target: UnsafeMutablePointer<UInt8>) {
        let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(target)
        switch count {
        case 17...32:
            let head = from.loadUnaligned(as: UInt64.self), second = from.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            let third = from.loadUnaligned(fromByteOffset: count - 16, as: UInt64.self)
            let tail = from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: second, toByteOffset: 8, as: UInt64.self)
            to.storeBytes(of: third, toByteOffset: count - 16, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: count - 8, as: UInt64.self)
        case 8...16:
            let head = from.loadUnaligned(as: UInt64.self), tail = from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: count - 8, as: UInt64.self)
        case 4..<8:
            let head = from.loadUnaligned(as: UInt32.self), tail = from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
        case 0..<4:
            for i in 0..<count { target[i] = source[i] }
        default:
            target.update(from: source, count: count)
        }
    }

    @inline(__always)
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
