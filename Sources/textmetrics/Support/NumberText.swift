#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Number formats for readable output.
enum NumberText {
    /// Two decimals: `291.42`.
    static func points(_ value: Double) -> String { format("%.2f", value) }

    /// `value` printed by C's `printf` format `format` (one conversion): the command line's
    /// human-readable numbers, without linking Foundation for `String(format:)`.
    static func format(_ format: String, _ value: CVarArg) -> String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
            _ = withVaList([value]) { vsnprintf(buffer.baseAddress, 64, format, $0) }
            return String(cString: buffer.baseAddress!)
        }
    }

    /// A pixel-grid value: at least one decimal, at most three (`53.0`, `291.5`, `12.333`).
    static func grid(_ value: Double) -> String {
        var text = format("%.3f", value)
        while text.hasSuffix("0") && !text.hasSuffix(".0") { text.removeLast() }
        return text
    }

    /// A scale factor: `2`, `1.5`.
    static func compact(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : "\(value)"
    }
}
