extension JSONValue {
    /// The value as compact JSON text on one line (no spaces), as JSON Lines wants.
    ///
    /// Integral numbers print without a fraction (`3`, not `3.0`); other numbers print with
    /// the shortest representation that reads back to the same double. Non-finite numbers,
    /// which JSON cannot represent, print as `null`.
    public var serialized: String {
        var out = ""
        JSONValue.write(self, to: &out)
        return out
    }

    /// Appends the compact JSON text of `value` to `out`.
    public static func write(_ value: JSONValue, to out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): writeNumber(n, to: &out)
        case .string(let s): writeString(s, to: &out)
        case .array(let elements):
            out += "["
            for (i, element) in elements.enumerated() {
                if i > 0 { out += "," }
                write(element, to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, (key, element)) in members.enumerated() {
                if i > 0 { out += "," }
                writeString(key, to: &out)
                out += ":"
                write(element, to: &out)
            }
            out += "}"
        }
    }

    /// Appends `n` as a JSON number.
    public static func writeNumber(_ n: Double, to out: inout String) {
        guard n.isFinite else { out += "null"; return }
        if n == n.rounded(), abs(n) < 1e15 {
            out += String(Int64(n))
        } else {
            out += "\(n)"
        }
    }

    /// Appends `s` as a JSON string with the required escapes.
    public static func writeString(_ s: String, to out: inout String) {
        out += "\""
        var needsEscape = false
        for b in s.utf8 where b < 0x20 || b == 0x22 || b == 0x5C {
            needsEscape = true
            break
        }
        if !needsEscape {
            out += s
        } else {
            for scalar in s.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case _ where scalar.value < 0x20:
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
