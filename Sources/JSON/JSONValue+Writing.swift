extension JSONValue {
    /// The value as compact JSON text on one line (no spaces), as JSON Lines wants.
    ///
    /// Integral numbers below 10^15 print without a fraction (`3`, not `3.0`); other numbers
    /// print as the shortest decimal that reads back to the same double, in the notation of
    /// Swift's `description` (`0.1`, `1e-05`, `1e+16`). Non-finite numbers, which JSON cannot
    /// represent, print as `null`. (``JSONOutput`` writes every value.)
    public var serialized: String {
        var out = JSONOutput(capacity: 128)
        out.append(self)
        return out.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// Appends the compact JSON text of `value` to `out` (see ``serialized``).
    public static func write(_ value: JSONValue, to out: inout String) {
        out += value.serialized
    }

    /// Appends a number as ``serialized`` prints it.
    public static func writeNumber(_ n: Double, to out: inout String) {
        var output = JSONOutput(capacity: ShortestDecimal.maxLength)
        output.append(n)
        out += output.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// Appends a string literal: quoted, with `"`, `\` and control characters escaped.
    public static func writeString(_ s: String, to out: inout String) {
        out += JSONValue.string(s).serialized
    }

    /// Appends the compact JSON text of `value` to a UTF-8 buffer (see ``serialized``).
    public static func write(_ value: JSONValue, toUTF8 out: inout [UInt8]) {
        var output = JSONOutput(capacity: 0)
        output.append(value)
        output.withBytes { out.append(contentsOf: $0) }
    }

    /// Appends a number to a UTF-8 buffer (see ``writeNumber(_:to:)``).
    public static func writeNumber(_ n: Double, toUTF8 out: inout [UInt8]) {
        write(.number(n), toUTF8: &out)
    }

    /// Appends a string literal to a UTF-8 buffer (see ``writeString(_:to:)``).
    public static func writeString(_ s: String, toUTF8 out: inout [UInt8]) {
        write(.string(s), toUTF8: &out)
    }
}
