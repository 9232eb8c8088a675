import ArgumentParser
import JSON
import TextSegmentation

/// Typed reads of request fields — JSON Lines fields and the command-line options that give
/// their defaults — with errors that name the field.
enum RequestFields {
    static func number(_ json: JSONValue, _ key: String) throws -> Double? {
        guard let value = json[key], value != .null else { return nil }
        guard let number = value.numberValue else { throw CommandError("\"\(key)\" must be a number, got \(value.kindName)") }
        return number
    }

    static func integer(_ json: JSONValue, _ key: String) throws -> Int? {
        guard let number = try number(json, key) else { return nil }
        guard number == number.rounded(), abs(number) < 1e9 else {
            throw CommandError("\"\(key)\" must be a whole number, got \(number)")
        }
        guard number >= 0 else { throw CommandError("\"\(key)\" must be 0 or more, got \(Int(number))") }
        return Int(number)
    }

    /// The `"language"` field, checked to be a BCP 47 tag (``LanguageTag``); `nil` when it is
    /// absent or null.
    static func languageTag(_ json: JSONValue) throws -> String? {
        guard let value = json["language"], value != .null else { return nil }
        guard let tag = value.stringValue, LanguageTag.isWellFormed(tag) else {
            throw CommandError("\"language\" must be \(LanguageTag.requirement), got \(value.serialized)")
        }
        return tag
    }

    /// Checks a `--language` option: a malformed tag is a usage error (exit status 64), as
    /// any other bad option is.
    static func checkLanguageOption(_ language: String?) throws {
        if let language, !LanguageTag.isWellFormed(language) {
            throw ValidationError("--language: expected \(LanguageTag.requirement), got \"\(language)\"")
        }
    }

    /// Checks a scale (pixels per point) — the `--scale` option or a request's `"scale"` —
    /// to be positive and finite, throwing `error(message)` when it is not.
    static func checkScale(_ scale: Double, name: String, _ error: (String) -> Error) throws {
        guard scale.isFinite, scale > 0 else { throw error("\(name) must be a positive number, got \(scale)") }
    }

    /// A font field: a name or path, or a non-empty array of them (a fallback chain).
    static func fontChain(_ value: JSONValue) throws -> [String] {
        if let name = value.stringValue, !name.isEmpty { return [name] }
        if let array = value.arrayValue, !array.isEmpty {
            return try array.map { element in
                guard let name = element.stringValue, !name.isEmpty else {
                    throw CommandError("\"font\" array elements must be non-empty strings")
                }
                return name
            }
        }
        throw CommandError("\"font\" must be a font name or path, or a non-empty array of them")
    }
}
