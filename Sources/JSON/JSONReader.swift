#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads JSON text value by value, straight into the caller's own types: a request becomes
/// a struct without a ``JSONValue`` tree in between (see ``JSONFields``). Also what
/// ``JSONValue/parse(_:)-(UnsafeBufferPointer<UInt8>)`` is built on, so there is one reader
/// of the grammar (RFC 8259: UTF-8 checked, nesting at most ``maxDepth`` levels).
///
/// ```swift
/// var reader = JSONReader(bytes)
/// try reader.readObject { key, reader in
///     if key.matches("width") { width = try reader.readNumber() } else { try reader.skipValue() }
/// }
/// try reader.readEnd()
/// ```
///
/// A reader borrows its bytes: use it only while they live. Every read throws
/// ``JSONParseError`` (with the byte offset) on text that is not JSON, or on a value of
/// another kind than the one asked for (``peek()`` says which comes next).
public struct JSONReader {
    /// The text being read.
    public let bytes: UnsafeBufferPointer<UInt8>
    /// The offset of the next byte to read.
    public private(set) var offset = 0
    /// Arrays and objects open around the reading position.
    private var depth = 0

    /// The deepest nesting of arrays and objects accepted.
    public static let maxDepth = 512

    /// A reader at the start of `bytes`.
    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// An error at the reading position.
    public func error(_ reason: String) -> JSONParseError { JSONParseError(reason: reason, offset: offset) }

    // MARK: - Looking ahead

    /// Skips spaces, tabs, line feeds and carriage returns.
    @inline(__always)
    public mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    /// The kind of the next value, whitespace skipped, without reading it.
    /// - Throws: ``JSONParseError`` at the end of the text or before a byte no value starts with.
    public mutating func peek() throws -> JSONKind {
        skipWhitespace()
        guard offset < bytes.count else { throw error("unexpected end of input") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        default: throw error("unexpected character '\(JSONReader.printable(bytes[offset]))'")
        }
    }

    /// Checks that nothing but whitespace is left.
    /// - Throws: ``JSONParseError`` when something is.
    public mutating func readEnd() throws {
        skipWhitespace()
        guard offset == bytes.count else { throw error("unexpected data after the value") }
    }

    // MARK: - Values

    /// Reads the next value whole, of any kind.
    public mutating func readValue() throws -> JSONValue {
        switch try peek() {
        case .object:
            var members: [(String, JSONValue)] = []
            try readObject { key, reader in members.append((try key.string(), try reader.readValue())) }
            return .object(members)
        case .array:
            var elements: [JSONValue] = []
            try readArray { _, reader in elements.append(try reader.readValue()) }
            return .array(elements)
        case .string: return .string(try readString())
        case .number: return .number(try readNumber())
        case .bool: return .bool(try readBool())
        case .null:
            try readNull()
            return .null
        }
    }

    /// Reads past the next value, checking it as ``readValue()`` would, and returns the range
    /// of its bytes.
    @discardableResult
    public mutating func skipValue() throws -> Range<Int> {
        let kind = try peek()
        let start = offset
        switch kind {
        case .object: try readObject { key, reader in _ = try key.string(); try reader.skipValue() }
        case .array: try readArray { _, reader in try reader.skipValue() }
        case .string: _ = try readStringBytes(validating: true)
        case .number: _ = try readNumber()
        case .bool: _ = try readBool()
        case .null: try readNull()
        }
        return start..<offset
    }

    /// Reads an object, calling `member` with each key and the reader positioned at its value,
    /// which `member` must read (or skip). Keys are handed over in order; a repeated key is
    /// handed over again.
    public mutating func readObject(_ member: (_ key: JSONKey, _ reader: inout JSONReader) throws -> Void) throws {
        try expect(.object)
        try enter()
        offset += 1
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
            offset += 1
            depth -= 1
            return
        }
        while true {
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw error("expected a string key") }
            let keyStart = offset
            let (raw, escaped) = try readStringBytes(validating: false)
            let key = JSONKey(raw: raw, escaped: escaped, offset: keyStart)
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
            offset += 1
            try member(key, &self)
            skipWhitespace()
            guard offset < bytes.count else { throw error("unterminated object") }
            if bytes[offset] == UInt8(ascii: ",") {
                offset += 1
                continue
            }
            if bytes[offset] == UInt8(ascii: "}") {
                offset += 1
                depth -= 1
                return
            }
            throw error("expected ',' or '}' in an object")
        }
    }

    /// Reads an array, calling `element` with each index and the reader positioned at the
    /// element, which `element` must read (or skip).
    public mutating func readArray(_ element: (_ index: Int, _ reader: inout JSONReader) throws -> Void) throws {
        try expect(.array)
        try enter()
        offset += 1
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            depth -= 1
            return
        }
        var index = 0
        while true {
            try element(index, &self)
            index += 1
            skipWhitespace()
            guard offset < bytes.count else { throw error("unterminated array") }
            if bytes[offset] == UInt8(ascii: ",") {
                offset += 1
                continue
            }
            if bytes[offset] == UInt8(ascii: "]") {
                offset += 1
                depth -= 1
                return
            }
            throw error("expected ',' or ']' in an array")
        }
    }

    /// Reads a string.
    public mutating func readString() throws -> String {
        try expect(.string)
        let start = offset + 1
        let (raw, escaped) = try readStringBytes(validating: false)
        if let escaped { return escaped }
        guard let string = String(validating: raw, as: UTF8.self) else {
            throw JSONParseError(reason: "invalid UTF-8 in a string", offset: start)
        }
        return string
    }

    /// Reads a number.
    public mutating func readNumber() throws -> Double {
        try expect(.number)
        return try scanNumber()
    }

    /// Reads `true` or `false`.
    public mutating func readBool() throws -> Bool {
        try expect(.bool)
        if bytes[offset] == UInt8(ascii: "t") {
            try expectWord("true")
            return true
        }
        try expectWord("false")
        return false
    }

    /// Reads `null`.
    public mutating func readNull() throws {
        try expect(.null)
        try expectWord("null")
    }

    // MARK: - Scanning

    private mutating func expect(_ kind: JSONKind) throws {
        let found = try peek()
        guard found == kind else { throw error("expected \(kind.name), found \(found.name)") }
    }

    private mutating func enter() throws {
        guard depth < JSONReader.maxDepth else { throw error("nesting deeper than \(JSONReader.maxDepth) levels") }
        depth += 1
    }

    private mutating func expectWord(_ word: StaticString) throws {
        let length = word.utf8CodeUnitCount
        guard offset + length <= bytes.count,
              memcmp(bytes.baseAddress! + offset, word.utf8Start, length) == 0 else {
            throw error("invalid literal, expected \(word)")
        }
        offset += length
    }

    /// Reads a string at `offset` (its opening quote): the bytes between the quotes when it
    /// has no escape — checked to be UTF-8 only when `validating` — else its decoded text.
    private mutating func readStringBytes(validating: Bool) throws -> (raw: UnsafeBufferPointer<UInt8>, escaped: String?) {
        offset += 1
        let start = offset
        let count = bytes.count
        let base = bytes.baseAddress!
        while offset < count {
            let b = base[offset]
            if b == UInt8(ascii: "\"") {
                let raw = UnsafeBufferPointer(start: base + start, count: offset - start)
                offset += 1
                if validating, String(validating: raw, as: UTF8.self) == nil {
                    throw JSONParseError(reason: "invalid UTF-8 in a string", offset: start)
                }
                return (raw, nil)
            }
            if b == UInt8(ascii: "\\") { break }
            if b < 0x20 { throw error("control character in a string") }
            offset += 1
        }
        return (UnsafeBufferPointer(start: base + start, count: 0), try readEscapedString(from: start))
    }

    /// Decodes a string with escapes, from its first byte `start` (the reader stands at its
    /// first backslash).
    private mutating func readEscapedString(from start: Int) throws -> String {
        var out: [UInt8] = Array(UnsafeBufferPointer(rebasing: bytes[start..<offset]))
        while offset < bytes.count {
            let b = bytes[offset]
            if b == UInt8(ascii: "\"") {
                offset += 1
                guard let string = String(validating: out, as: UTF8.self) else {
                    throw JSONParseError(reason: "invalid UTF-8 in a string", offset: start)
                }
                return string
            }
            if b < 0x20 { throw error("control character in a string") }
            if b != UInt8(ascii: "\\") {
                out.append(b)
                offset += 1
                continue
            }
            offset += 1
            guard offset < bytes.count else { break }
            let escaped = bytes[offset]
            offset += 1
            switch escaped {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code) {
                    guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else {
                        throw error("unpaired surrogate escape")
                    }
                    offset += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate escape") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(code) {
                    throw error("unpaired surrogate escape")
                }
                out.append(contentsOf: Unicode.UTF8.encode(Unicode.Scalar(code)!)!)
            default: throw error("invalid escape '\\\(JSONReader.printable(escaped))'")
            }
        }
        throw error("unterminated string")
    }

    private mutating func hex4() throws -> UInt32 {
        guard offset + 4 <= bytes.count else { throw error("truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[offset]
            let digit: UInt32
            switch b {
            case 48...57: digit = UInt32(b - 48)
            case 65...70: digit = UInt32(b - 55)
            case 97...102: digit = UInt32(b - 87)
            default: throw error("invalid hex digit in \\u escape")
            }
            value = value << 4 | digit
            offset += 1
        }
        return value
    }

    /// Reads a number at `offset` (its first byte, `-` or a digit), checking the grammar, and
    /// converts it to the nearest double: exactly by one multiplication or division when the
    /// digits fit 2^53 and the power of ten is at most 10^22 (both are then exact doubles, so
    /// one correctly rounded operation gives the correctly rounded result), else by `strtod`.
    private mutating func scanNumber() throws -> Double {
        let start = offset
        let negative = bytes[offset] == UInt8(ascii: "-")
        if negative { offset += 1 }
        guard offset < bytes.count, JSONReader.isDigit(bytes[offset]) else { throw error("invalid number") }
        // The first 19 significant digits, and whether any digit after them is not zero.
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        var exact = true
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
        } else {
            while offset < bytes.count, JSONReader.isDigit(bytes[offset]) {
                if digits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(bytes[offset] &- 48)
                    digits += 1
                } else {
                    exponent += 1
                    if bytes[offset] != UInt8(ascii: "0") { exact = false }
                }
                offset += 1
            }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard offset < bytes.count, JSONReader.isDigit(bytes[offset]) else {
                throw error("invalid number: digits expected after '.'")
            }
            while offset < bytes.count, JSONReader.isDigit(bytes[offset]) {
                if digits < 19 {
                    if mantissa != 0 || bytes[offset] != UInt8(ascii: "0") { digits += 1 }
                    mantissa = mantissa &* 10 &+ UInt64(bytes[offset] &- 48)
                    exponent -= 1
                } else if bytes[offset] != UInt8(ascii: "0") {
                    exact = false
                }
                offset += 1
            }
        }
        if offset < bytes.count, bytes[offset] | 0x20 == UInt8(ascii: "e") {
            offset += 1
            var exponentNegative = false
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
                exponentNegative = bytes[offset] == UInt8(ascii: "-")
                offset += 1
            }
            guard offset < bytes.count, JSONReader.isDigit(bytes[offset]) else {
                throw error("invalid number: exponent digits expected")
            }
            var written = 0
            while offset < bytes.count, JSONReader.isDigit(bytes[offset]) {
                if written < 100_000 { written = written * 10 + Int(bytes[offset] &- 48) }
                offset += 1
            }
            exponent += exponentNegative ? -written : written
        }
        if exact, mantissa <= 1 << 53, digits <= 19, (-22...22).contains(exponent) {
            var value = Double(mantissa)
            if exponent > 0 {
                value *= JSONReader.powersOfTen[exponent]
            } else if exponent < 0 {
                value /= JSONReader.powersOfTen[-exponent]
            }
            return negative ? -value : value
        }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: offset - start + 1) { text in
            for i in start..<offset { text[i - start] = CChar(bitPattern: bytes[i]) }
            text[offset - start] = 0
            return strtod(text.baseAddress!, nil)
        }
    }

    /// 10^0 … 10^22: every one an exact double.
    private static let powersOfTen: [Double] = (0...22).map { k in (0..<k).reduce(1.0) { value, _ in value * 10 } }

    @inline(__always)
    private static func isDigit(_ b: UInt8) -> Bool { b &- 48 < 10 }

    static func printable(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16)
    }
}

/// The kinds of JSON values.
public enum JSONKind: Sendable, Hashable {
    case null, bool, number, string, array, object

    /// `"a number"`, `"an object"`, … for messages.
    public var name: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// An object's key as ``JSONReader/readObject(_:)`` hands it over: its bytes in the text
/// when it has no escape (valid only during that call), else its decoded text.
public struct JSONKey {
    fileprivate let raw: UnsafeBufferPointer<UInt8>
    fileprivate let escaped: String?
    /// The offset of the key's opening quote in the text.
    public let offset: Int

    /// Whether the key is `name`, compared byte for byte.
    @inline(__always)
    public func matches(_ name: StaticString) -> Bool {
        matches(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }

    /// Whether the key's UTF-8 bytes are `name`.
    @inline(__always)
    public func matches(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        if let escaped { return escaped.utf8.elementsEqual(name) }
        return raw.count == name.count && (raw.count == 0 || memcmp(raw.baseAddress!, name.baseAddress!, raw.count) == 0)
    }

    /// The key as text.
    /// - Throws: ``JSONParseError`` when its bytes are not UTF-8.
    public func string() throws -> String {
        if let escaped { return escaped }
        guard let string = String(validating: raw, as: UTF8.self) else {
            throw JSONParseError(reason: "invalid UTF-8 in a string", offset: offset + 1)
        }
        return string
    }
}
