import Foundation

/// Number formats for readable output.
enum NumberText {
    /// Two decimals: `291.42`.
    static func points(_ value: Double) -> String { String(format: "%.2f", value) }

    /// A pixel-grid value: at least one decimal, at most three (`53.0`, `291.5`, `12.333`).
    static func grid(_ value: Double) -> String {
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") && !text.hasSuffix(".0") { text.removeLast() }
        return text
    }

    /// A scale factor: `2`, `1.5`.
    static func compact(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : "\(value)"
    }
}
