import JSON
import TextMetrics
import TextSegmentation

/// The JSON forms of TextMetrics' inputs that measure requests, cell templates and feed rows
/// share — fonts, styles, spans, attachments, offsets — read with errors that name the field,
/// what it must be and what it was. One format everywhere: a span in a row is written as a
/// span in a `measure` request.
public enum TextJSON {
    /// The `"font"` field: a name or path, or a non-empty array of them (a fallback chain);
    /// `nil` for `null`.
    public static func fontNames(_ reader: inout JSONReader) throws -> [String]? {
        let requirement = "a font name or path, or a non-empty array of them"
        switch try reader.peek() {
        case .null:
            try reader.readNull()
            return nil
        case .string:
            let name = try reader.readString()
            guard !name.isEmpty else { throw JSONFieldError.invalid(requirement: requirement, given: "the string \"\"") }
            return [name]
        case .array:
            var names: [String] = []
            try reader.optionalArray { _, reader in
                let element = "a font name or path (a non-empty string)"
                guard try reader.peek() == .string else {
                    throw JSONFieldError.invalid(requirement: element, given: try reader.describeValue())
                }
                let name = try reader.readString()
                guard !name.isEmpty else { throw JSONFieldError.invalid(requirement: element, given: "the string \"\"") }
                names.append(name)
            }
            guard !names.isEmpty else { throw JSONFieldError.invalid(requirement: requirement, given: "an empty array") }
            return names
        default:
            throw JSONFieldError.invalid(requirement: requirement, given: try reader.describeValue())
        }
    }

    /// The `"language"` field, checked to be a BCP 47 tag (``LanguageTag``); `nil` for `null`.
    public static func languageTag(_ reader: inout JSONReader) throws -> String? {
        guard try reader.peek() == .string else {
            if try reader.peek() == .null {
                try reader.readNull()
                return nil
            }
            throw JSONFieldError.invalid(requirement: LanguageTag.requirement, given: try reader.describeValue())
        }
        let tag = try reader.readString()
        guard LanguageTag.isWellFormed(tag) else {
            throw JSONFieldError.invalid(requirement: LanguageTag.requirement, given: JSONValue.string(tag).serialized)
        }
        return tag
    }

    /// The `"features"` field: an object of four-letter OpenType tags and their values (a whole
    /// number, or `true`/`false` for 1/0), in the order given; `nil` for `null`.
    public static func features(_ reader: inout JSONReader) throws -> [FontFeature]? {
        switch try reader.peek() {
        case .null:
            try reader.readNull()
            return nil
        case .object:
            var features: [FontFeature] = []
            try reader.readObject { key, reader in
                let tag = try key.string()
                let value: UInt32
                do {
                    if try reader.peek() == .bool {
                        value = try reader.readBool() ? 1 : 0
                    } else {
                        guard let count = try reader.optionalCount() else {
                            throw JSONFieldError.invalid(requirement: "a whole number or true or false", given: "null")
                        }
                        value = UInt32(count)
                    }
                } catch let error as JSONFieldError {
                    throw error.inside(tag)
                }
                do {
                    features.append(try FontFeature(tag, value))
                } catch let error as InvalidArgumentError {
                    throw JSONFieldError.invalid(tag, requirement: error.requirement, given: error.value)
                }
            }
            return features
        default:
            throw JSONFieldError.invalid(requirement: "an object of OpenType feature tags and values, e.g. {\"liga\": 0}",
                                         given: try reader.describeValue())
        }
    }

    /// The `"offsets"` field: `"utf8"` (the default), `"utf16"` or `"scalars"`; `nil` for `null`.
    public static func offsetUnit(_ reader: inout JSONReader) throws -> TextOffsetUnit? {
        let requirement = "one of " + TextOffsetUnit.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        guard let name = try reader.optionalString() else { return nil }
        guard let unit = TextOffsetUnit(rawValue: name) else {
            throw JSONFieldError.invalid(requirement: requirement, given: "the string " + JSONValue.string(name).serialized)
        }
        return unit
    }

    /// `error`, an error of the library about argument `path` (`spans[0].start`), as the
    /// JSON error of that field.
    public static func fieldError(_ error: InvalidArgumentError) -> JSONFieldError {
        JSONFieldError.invalid(error.argument, requirement: error.requirement, given: error.value)
    }
}
