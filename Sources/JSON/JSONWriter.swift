extension JSONValue {
    /// The value as compact JSON text on one line (no spaces), as JSON Lines wants.
    ///
    /// Integral numbers print without a fraction (`3`, not `3.0`); other numbers print with
    /// the shortest representation that reads back to the same double. Non-finite numbers,
    /// which JSON cannot represent, print as `null`.
    public var serialized: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(128)
        JSONValue.write(self, toUTF8: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the compact JSON text of `value` to `out` (see ``serialized``).
    public static func write(_ value: JSONValue, to out: inout String) {
        appendUTF8(to: &out) { write(value, toUTF8: &$0) }
    }

    /// Appends a number as ``serialized`` prints it.
    public static func writeNumber(_ n: Double, to out: inout String) {
        appendUTF8(to: &out) { writeNumber(n, toUTF8: &$0) }
    }

    /// Appends a string literal: quoted, with `"`, `\` and control characters escaped.
    public static func writeString(_ s: String, to out: inout String) {
        appendUTF8(to: &out) { writeString(s, toUTF8: &$0) }
    }

    /// Runs a UTF-8 writer into a fresh buffer and appends what it wrote to `out`: the one
    /// bridge from the byte writers to the `String` entry points.
    private static func appendUTF8(to out: inout String, _ write: (inout [UInt8]) -> Void) {
        var bytes: [UInt8] = []
        write(&bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    // MARK: - UTF-8 bytes

    /// Appends the compact JSON text of `value` to a UTF-8 buffer: the writer behind every
    /// entry point, since appending bytes costs far less than appending small strings.
    public static func write(_ value: JSONValue, toUTF8 out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let n): writeNumber(n, toUTF8: &out)
        case .string(let s): writeString(s, toUTF8: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                write(element, toUTF8: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (i, (key, element)) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                writeString(key, toUTF8: &out)
                out.append(UInt8(ascii: ":"))
                write(element, toUTF8: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Appends a number to a UTF-8 buffer (see ``writeNumber(_:to:)``).
    public static func writeNumber(_ n: Double, toUTF8 out: inout [UInt8]) {
        guard n.isFinite else { out.append(contentsOf: "null".utf8); return }
        if n == n.rounded(), abs(n) < 1e15 {
            var value = Int64(n)
            if value < 0 {
                out.append(UInt8(ascii: "-"))
                value = -value
            }
            // Digits of a value below 10^15, most significant first.
            var digits: (UInt64, UInt64) = (0, 0)
            var count = 0
            withUnsafeMutableBytes(of: &digits) { buffer in
                var rest = UInt64(value)
                repeat {
                    buffer[15 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                    count += 1
                } while rest > 0
                out.append(contentsOf: buffer[(16 - count)...])
            }
        } else {
            out.append(contentsOf: n.description.utf8)
        }
    }

    /// Appends a string literal to a UTF-8 buffer (see ``writeString(_:to:)``).
    public static func writeString(_ s: String, toUTF8 out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var needsEscape = false
        for b in s.utf8 where b < 0x20 || b == 0x22 || b == 0x5C {
            needsEscape = true
            break
        }
        if !needsEscape {
            out.append(contentsOf: s.utf8)
        } else {
            for b in s.utf8 {
                switch b {
                case 0x22: out.append(contentsOf: "\\\"".utf8)
                case 0x5C: out.append(contentsOf: "\\\\".utf8)
                case 0x0A: out.append(contentsOf: "\\n".utf8)
                case 0x0D: out.append(contentsOf: "\\r".utf8)
                case 0x09: out.append(contentsOf: "\\t".utf8)
                case 0..<0x20:
                    out.append(contentsOf: "\\u00".utf8)
                    out.append(hexDigits[Int(b >> 4)])
                    out.append(hexDigits[Int(b & 0x0F)])
                default: out.append(b)
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Lowercase hexadecimal digits, for `\u00XX` escapes.
    private static let hexDigits = Array("0123456789abcdef".utf8)
}
