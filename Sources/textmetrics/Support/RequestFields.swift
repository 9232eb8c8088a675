import ArgumentParser
import JSON
import TextJSON
import TextMetrics
import TextSegmentation

/// Typed reads of request fields — JSON Lines fields and the command-line options that give
/// their defaults — with errors that name the field, what it must be and what it was.
enum RequestFields {
    /// The `"font"` field (``TextJSON/fontNames(_:)``).
    static func fontChain(_ reader: inout JSONReader) throws -> [String]? { try TextJSON.fontNames(&reader) }

    /// The `"language"` field (``TextJSON/languageTag(_:)``).
    static func languageTag(_ reader: inout JSONReader) throws -> String? { try TextJSON.languageTag(&reader) }

    /// The `"lineBreakMode"` field: a mode's name; `nil` for `null`.
    static func lineBreakMode(_ reader: inout JSONReader) throws -> LineBreakMode? {
        let requirement = "one of " + LineBreakMode.allCases.map(\.rawValue).joined(separator: ", ")
        guard try reader.peek() == .string else {
            if try reader.peek() == .null {
                try reader.readNull()
                return nil
            }
            throw JSONFieldError.invalid(requirement: requirement, given: try reader.describeValue())
        }
        let name = try reader.readString()
        guard let mode = LineBreakMode(name: name) else {
            throw JSONFieldError.invalid(requirement: requirement, given: "the string " + JSONValue.string(name).serialized)
        }
        return mode
    }

    /// The `"scale"` field: a positive number of pixels per point; `nil` for `null`.
    static func scale(_ reader: inout JSONReader) throws -> Double? {
        guard let scale = try reader.optionalNumber() else { return nil }
        guard isValidScale(scale) else {
            throw JSONFieldError.invalid(requirement: "a positive number", given: JSONValue.number(scale).serialized)
        }
        return scale
    }

    /// Checks a `--language` option: a malformed tag is a usage error (exit status 64), as
    /// any other bad option is.
    static func checkLanguageOption(_ language: String?) throws {
        if let language, !LanguageTag.isWellFormed(language) {
            throw ValidationError("--language: expected \(LanguageTag.requirement), got \"\(language)\"")
        }
    }

    /// Checks the `--scale` option: a usage error unless it is a positive number.
    static func checkScaleOption(_ scale: Double?) throws {
        if let scale, !isValidScale(scale) { throw ValidationError("--scale must be a positive number, got \(scale)") }
    }

    /// Whether `scale` (pixels per point) is positive and finite.
    static func isValidScale(_ scale: Double) -> Bool { scale.isFinite && scale > 0 }
}
