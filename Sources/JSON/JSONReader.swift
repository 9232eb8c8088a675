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
    public private(set) var offset: Int {
        get { position }
        set { position = newValue }
    }
    /// The offset of the next byte to read, as inlined code sees it.
    @usableFromInline var position = 0
    /// Arrays and objects open around the reading position.
    @usableFromInline var depth = 0

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
    @inlinable @inline(__always)
    public mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    /// The kind of the next value, whitespace skipped, without reading it.
    /// - Throws: ``JSONParseError`` at the end of the text or before a byte no value starts with.
    @inlinable
    public mutating func peek() throws -> JSONKind {
        skipWhitespace()
        guard position < bytes.count else { throw error("unexpected end of input") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        default: throw unexpectedCharacter()
        }
    }

    /// The error for a byte no value starts with, at the reading position.
    @usableFromInline
    func unexpectedCharacter() -> JSONParseError {
        error("unexpected character '\(JSONReader.printable(bytes[offset]))'")
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
    /// of its bytes. With `checkingUTF8` off, its strings' bytes are not checked to be UTF-8:
    /// for a value whose text is read again later (and checked then).
    ///
    /// Inlined for a plain whole number (an id, a count), whose digits are all there is to
    /// check.
    @inlinable @inline(__always) @discardableResult
    public mutating func skipValue(checkingUTF8: Bool = true) throws -> Range<Int> {
        skipWhitespace()
        let start = position
        if start < bytes.count, bytes[start] &- UInt8(ascii: "1") < 9 {
            var at = start &+ 1
            while at < bytes.count, bytes[at] &- UInt8(ascii: "0") < 10 { at &+= 1 }
            if at == bytes.count || JSONReader.endsPlainNumber(bytes[at]) {
                position = at
                return start..<at
            }
        }
        return try skipAnyValue(checkingUTF8: checkingUTF8)
    }

    /// Whether `byte`, after a number's digits, ends it: a comma, a closing bracket or brace,
    /// or whitespace (not a point or an exponent).
    @inlinable @inline(__always)
    static func endsPlainNumber(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D: return true
        default: return false
        }
    }

    /// ``skipValue(checkingUTF8:)`` for any value.
    @usableFromInline
    mutating func skipAnyValue(checkingUTF8: Bool) throws -> Range<Int> {
        let kind = try peek()
        let start = offset
        switch kind {
        case .object:
            try readObject { key, reader in
                if checkingUTF8 { _ = try key.string() }
                try reader.skipValue(checkingUTF8: checkingUTF8)
            }
        case .array: try readArray { _, reader in try reader.skipValue(checkingUTF8: checkingUTF8) }
        case .string: _ = try readStringBytes(validating: checkingUTF8)
        case .number: _ = try scanNumber()
        case .bool: _ = try readBool()
        case .null: try readNull()
        }
        return start..<offset
    }

    /// Reads past the next value by its structure alone — strings, brackets and braces
    /// matched, nothing else checked — and returns the range of its bytes: for a value whose
    /// text is read again later, and checked then (a request's font chain, read once for all
    /// the requests that name it). Text that is not JSON may be taken for a value here.
    /// - Throws: ``JSONParseError`` at the end of the text inside the value.
    public mutating func skipValueUnchecked() throws -> Range<Int> {
        let kind = try peek()
        let start = offset
        switch kind {
        case .string:
            _ = try readStringBytes(validating: false)
        case .array, .object:
            var depth = 0
            while offset < bytes.count {
                switch bytes[offset] {
                case UInt8(ascii: "\""):
                    _ = try readStringBytes(validating: false)
                    continue
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    depth += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                    if depth == 0 {
                        offset += 1
                        return start..<offset
                    }
                default:
                    break
                }
                offset += 1
            }
            throw error(kind == .array ? "unterminated array" : "unterminated object")
        case .number, .bool, .null:
            while offset < bytes.count {
                switch bytes[offset] {
                case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D:
                    return start..<offset
                default:
                    offset += 1
                }
            }
        }
        return start..<offset
    }

    /// When the next value's text is exactly `text` — the text a field had in the request
    /// before, say, which was read and checked then — reads past it and returns its range;
    /// otherwise reads nothing and returns `nil`.
    public mutating func skipValue(ifItIs text: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        skipWhitespace()
        let end = offset + text.count
        guard !text.isEmpty, end <= bytes.count,
              memcmp(bytes.baseAddress! + offset, text.baseAddress!, text.count) == 0 else { return nil }
        if end < bytes.count {
            switch bytes[end] {
            case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D: break
            default: return nil
            }
        }
        defer { offset = end }
        return offset..<end
    }

    /// Reads a string as it stands in the text: the range of its bytes between the quotes
    /// when it has no escape — not yet checked to be UTF-8 — else its decoded text.
    public mutating func readStringSource() throws -> JSONStringSource {
        try expect(.string)
        let (raw, escaped) = try readStringBytes(validating: false)
        if let escaped { return .decoded(escaped) }
        let start = raw.baseAddress.map { bytes.baseAddress!.distance(to: $0) } ?? offset - 1
        return .bytes(start..<(start + raw.count))
    }

    /// Reads an object, calling `member` with each key and the reader positioned at its value,
    /// which `member` must read (or skip). Keys are handed over in order; a repeated key is
    /// handed over again.
    ///
    /// Inlined, so that a caller's `member` can be too.
    @inlinable
    public mutating func readObject(_ member: (_ key: JSONKey, _ reader: inout JSONReader) throws -> Void) throws {
        var more = try beginMembers()
        while more {
            let key = try readMemberKey()
            try member(key, &self)
            more = try endMember()
        }
    }

    /// Reads an object's opening brace, and its closing one too when it has no member: whether
    /// a member follows. With ``readMemberKey()`` and ``endMember()``, the steps of
    /// ``readObject(_:)`` for a caller that reads the values in its own loop.
    @usableFromInline
    mutating func beginMembers() throws -> Bool {
        try begin(.object, closing: UInt8(ascii: "}"))
    }

    /// Reads the opening bracket of a `kind` container, and its `closing` one too when it is
    /// empty: whether something follows inside.
    @usableFromInline
    mutating func begin(_ kind: JSONKind, closing: UInt8) throws -> Bool {
        try expect(kind)
        try enter()
        offset += 1
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == closing {
            offset += 1
            depth -= 1
            return false
        }
        return true
    }

    /// Reads a member's key and the colon after it, leaving the reader at its value.
    @inlinable @inline(__always)
    mutating func readMemberKey() throws -> JSONKey {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw error("expected a string key") }
        let key = try scanKey()
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
        position += 1
        return key
    }

    /// Reads what follows a member's value: a comma (`true`: another member follows) or the
    /// object's closing brace (`false`).
    @inlinable @inline(__always)
    mutating func endMember() throws -> Bool {
        skipWhitespace()
        guard position < bytes.count else { throw error("unterminated object") }
        if bytes[position] == UInt8(ascii: ",") {
            position += 1
            return true
        }
        if bytes[position] == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return false
        }
        throw error("expected ',' or '}' in an object")
    }

    /// Reads an array, calling `element` with each index and the reader positioned at the
    /// element, which `element` must read (or skip).
    public mutating func readArray(_ element: (_ index: Int, _ reader: inout JSONReader) throws -> Void) throws {
        guard try begin(.array, closing: UInt8(ascii: "]")) else { return }
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
        return try scanString()
    }

    /// Reads the string at `offset` (its opening quote).
    mutating func scanString() throws -> String {
        let start = offset + 1
        let (raw, escaped) = try readStringBytes(validating: false)
        if let escaped { return escaped }
        // Decoded by the standard library's fast path, which replaces what is not UTF-8, and
        // compared with the bytes, which a replacement would change.
        var string = String(decoding: raw, as: UTF8.self)
        let unchanged = string.withUTF8 { decoded in
            decoded.count == raw.count && (raw.isEmpty || memcmp(decoded.baseAddress!, raw.baseAddress!, raw.count) == 0)
        }
        guard unchanged else { throw JSONParseError(reason: "invalid UTF-8 in a string", offset: start) }
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

    @usableFromInline
    mutating func expect(_ kind: JSONKind) throws {
        let found = try peek()
        guard found == kind else { throw error("expected \(kind.name), found \(found.name)") }
    }

    @usableFromInline
    mutating func enter() throws {
        guard depth < JSONReader.maxDepth else { throw error("nesting deeper than \(JSONReader.maxDepth) levels") }
        depth += 1
    }

    @usableFromInline
    mutating func expectWord(_ word: StaticString) throws {
        let length = word.utf8CodeUnitCount
        guard offset + length <= bytes.count,
              memcmp(bytes.baseAddress! + offset, word.utf8Start, length) == 0 else {
            throw error("invalid literal, expected \(word)")
        }
        offset += length
    }

    /// Reads an object's key at `offset` (its opening quote): keys are short and plain, so the
    /// closing quote is found in the next sixteen bytes by testing two words.
    @inlinable @inline(__always)
    mutating func scanKey() throws -> JSONKey {
        let keyStart = position
        let base = bytes.baseAddress!
        if keyStart + 9 <= bytes.count {
            let text = UnsafeRawPointer(base + keyStart + 1)
            if let end = JSONReader.firstStringEnd(text.loadUnaligned(as: UInt64.self))
                ?? (keyStart + 17 <= bytes.count
                    ? JSONReader.firstStringEnd(text.loadUnaligned(fromByteOffset: 8, as: UInt64.self)).map { $0 + 8 } : nil),
               base[keyStart + 1 + end] == UInt8(ascii: "\"") {
                position = keyStart + end + 2
                return JSONKey(raw: UnsafeBufferPointer(start: base + keyStart + 1, count: end), isEscaped: false,
                               offset: keyStart)
            }
        }
        return try scanLongKey()
    }

    /// Reads a key as any string is read: one near the end of the text, longer than 15
    /// bytes or with an escape (decoded, to check it, and decoded again only if it is asked
    /// for its text).
    @usableFromInline
    mutating func scanLongKey() throws -> JSONKey {
        let keyStart = offset
        let (_, escaped) = try readStringBytes(validating: false)
        return JSONKey(raw: UnsafeBufferPointer(start: bytes.baseAddress! + keyStart + 1, count: offset - keyStart - 2),
                       isEscaped: escaped != nil, offset: keyStart)
    }

    /// Reads a string at `offset` (its opening quote): the bytes between the quotes when it
    /// has no escape — checked to be UTF-8 only when `validating` — else its decoded text.
    @usableFromInline
    mutating func readStringBytes(validating: Bool) throws -> (raw: UnsafeBufferPointer<UInt8>, escaped: String?) {
        offset += 1
        let start = offset
        let count = bytes.count
        let base = bytes.baseAddress!
        // Sixteen bytes at a time while none is a quote, a backslash or a control character,
        // then eight; then from the first that may be.
        var at = offset
        var found = false
        while at &+ 16 <= count {
            let text = UnsafeRawPointer(base + at)
            let low = JSONReader.stringEnds(text.loadUnaligned(as: UInt64.self))
            let high = JSONReader.stringEnds(text.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            if low | high != 0 {
                at &+= low != 0 ? low.trailingZeroBitCount &>> 3 : 8 &+ high.trailingZeroBitCount &>> 3
                found = true
                break
            }
            at &+= 16
        }
        if !found, at &+ 8 <= count {
            at &+= JSONReader.firstStringEnd(UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self)) ?? 8
        }
        offset = at
        while offset < count {
            let b = base[offset]
            if b == UInt8(ascii: "\"") {
                let raw = UnsafeBufferPointer(start: base + start, count: offset - start)
                offset += 1
                if validating, !UTF8Validation.isValid(raw) {
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

    /// The index of the first byte of `word` (eight bytes of text, the first in its low byte)
    /// that is a quote, a backslash or below 0x20; `nil` when none is. The classic "has a zero
    /// byte" test on the word xor each byte, and "has a byte below n": a byte above the first
    /// one found may be flagged wrongly, the first never is.
    @inlinable @inline(__always)
    static func firstStringEnd(_ word: UInt64) -> Int? {
        let found = stringEnds(word)
        return found == 0 ? nil : found.trailingZeroBitCount >> 3
    }

    /// The bytes of `word` that may end a string's plain run (see ``firstStringEnd(_:)``), as
    /// their high bits: 0 when none does.
    @inlinable @inline(__always)
    static func stringEnds(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let hasQuote = (quotes &- ones) & ~quotes
        let hasBackslash = (backslashes &- ones) & ~backslashes
        let hasControl = (word &- ones &* 0x20) & ~word
        return (hasQuote | hasBackslash | hasControl) & highs
    }

    /// Decodes a string with escapes, from its first byte `start` (the reader stands at its
    /// first backslash).
    private mutating func readEscapedString(from start: Int) throws -> String {
        var out: [UInt8] = Array(UnsafeBufferPointer(rebasing: bytes[start..<offset]))
        while offset < bytes.count {
            let b = bytes[offset]
            if b == UInt8(ascii: "\"") {
                offset += 1
                guard let string = out.withUnsafeBufferPointer({ JSONReader.string(validating: $0) }) else {
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
    @usableFromInline
    mutating func scanNumber() throws -> Double {
        let start = offset
        // A whole number of one to 15 digits without a sign (an id, a size, a width), the
        // commonest in requests: exact as a double.
        if JSONReader.isDigit(bytes[start]) && bytes[start] != UInt8(ascii: "0") {
            var at = start
            var value: UInt64 = 0
            let end = min(bytes.count, start + 15)
            while at < end, JSONReader.isDigit(bytes[at]) {
                value = value &* 10 &+ UInt64(bytes[at] &- 48)
                at += 1
            }
            if at == bytes.count || !(JSONReader.isDigit(bytes[at]) || bytes[at] == UInt8(ascii: ".") || bytes[at] | 0x20 == UInt8(ascii: "e")) {
                offset = at
                return Double(value)
            }
        }
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

    /// `utf8` as a string when it is valid UTF-8, else `nil`: decoded by the standard
    /// library's fast path, which replaces what is not UTF-8, and compared with the input,
    /// which such a replacement would change.
    static func string(validating utf8: UnsafeBufferPointer<UInt8>) -> String? {
        guard UTF8Validation.isValid(utf8) else { return nil }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// 10^0 … 10^22: every one an exact double.
    private static let powersOfTen: [Double] = (0...22).map { k in (0..<k).reduce(1.0) { value, _ in value * 10 } }

    @inline(__always)
    private static func isDigit(_ b: UInt8) -> Bool { b &- 48 < 10 }

    static func printable(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16)
    }
}

/// A string value as ``JSONReader/readStringSource()`` found it.
public enum JSONStringSource: Sendable, Hashable {
    /// The range of its bytes in the text (it has no escape); not yet checked to be UTF-8.
    case bytes(Range<Int>)
    /// Its text, decoded from escapes and checked.
    case decoded(String)
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

/// An object's key as ``JSONReader/readObject(_:)`` hands it over: where its bytes are in
/// the text (valid only during that call), and whether they hold escapes, decoded when its
/// text is asked for.
public struct JSONKey {
    /// The bytes between its quotes.
    @usableFromInline let raw: UnsafeBufferPointer<UInt8>
    @usableFromInline let isEscaped: Bool
    /// The offset of the key's opening quote in the text.
    public let offset: Int

    /// The key whose opening quote is at `offset`, its bytes between the quotes `raw`.
    @usableFromInline
    init(raw: UnsafeBufferPointer<UInt8>, isEscaped: Bool, offset: Int) {
        self.raw = raw
        self.isEscaped = isEscaped
        self.offset = offset
    }

    /// The key's bytes in the text when it has no escape (else `nil`).
    @inlinable
    var plainBytes: UnsafeBufferPointer<UInt8>? { isEscaped ? nil : raw }

    /// Whether the key is `name`, compared byte for byte.
    @inline(__always)
    public func matches(_ name: StaticString) -> Bool {
        matches(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }

    /// Whether the key's UTF-8 bytes are `name`.
    @inline(__always)
    public func matches(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        if isEscaped { return (try? string())?.utf8.elementsEqual(name) ?? false }
        return raw.count == name.count && (raw.count == 0 || memcmp(raw.baseAddress!, name.baseAddress!, raw.count) == 0)
    }

    /// The key as text.
    /// - Throws: ``JSONParseError`` when its bytes are not UTF-8.
    public func string() throws -> String {
        if isEscaped {
            // The key again, quotes and all, decoded.
            var reader = JSONReader(UnsafeBufferPointer(start: raw.baseAddress! - 1, count: raw.count + 2))
            return try reader.readString()
        }
        guard let string = JSONReader.string(validating: raw) else {
            throw JSONParseError(reason: "invalid UTF-8 in a string", offset: offset + 1)
        }
        return string
    }
}
