/// How the fields of a JSON object are read into a value of `Target`: one entry per field
/// the object may have, each reading its value straight into the target. A field the table
/// does not list is an error naming it (with the nearest known name, if it looks misspelt),
/// and an error inside a field's value names the field's path.
///
/// ```swift
/// struct Attachment { var offset = 0, width = 0.0 }
/// let attachmentFields = JSONFields<Attachment>("an attachment", [
///     "offset": { reader, attachment in attachment.offset = try reader.optionalInteger() ?? 0 },
///     "width": { reader, attachment in attachment.width = try reader.optionalNumber() ?? 0 },
/// ])
/// var attachment = Attachment()
/// try attachmentFields.read(&reader, into: &attachment)
/// ```
///
/// A nested object or array of objects is a field whose reader calls another table's
/// ``read(_:into:)`` (inside ``JSONReader/optionalArray(_:)`` for an array): its errors come
/// out as `spans[2].font`. Fields are found by comparing bytes; a repeated field is read
/// again (the last one wins). Immutable and `Sendable`: make each table once.
public struct JSONFields<Target>: Sendable {
    /// Reads one field's value into the target.
    public typealias FieldReader = @Sendable (_ reader: inout JSONReader, _ target: inout Target) throws -> Void

    private struct Field: Sendable {
        let name: [UInt8]
        let read: FieldReader
    }

    /// What the object is called in messages: `"a request"`.
    public let subject: String
    private let fields: [Field]

    /// A table of `fields` for objects called `subject` in messages.
    public init(_ subject: String, _ fields: KeyValuePairs<StaticString, FieldReader>) {
        self.subject = subject
        self.fields = fields.map { name, read in
            Field(name: name.withUTF8Buffer { Array($0) }, read: read)
        }
    }

    /// The field names, in the table's order.
    public var names: [String] { fields.map { String(decoding: $0.name, as: UTF8.self) } }

    /// Reads the object at the reader's position into `target`.
    /// - Throws: ``JSONFieldError`` for a value that is not an object, an unknown field or a
    ///   field's bad value; ``JSONParseError`` for text that is not JSON.
    public func read(_ reader: inout JSONReader, into target: inout Target) throws {
        let kind = try reader.peek()
        guard kind == .object else {
            var error = JSONFieldError.invalid(requirement: "a JSON object", given: try reader.describeValue())
            error.subject = subject
            throw error
        }
        try reader.readObject { key, reader in
            guard let field = field(for: key) else {
                throw JSONFieldError(path: try key.string(), .unknown(known: names), subject: subject)
            }
            do {
                try field.read(&reader, &target)
            } catch let error as JSONFieldError {
                var error = error.inside(String(decoding: field.name, as: UTF8.self))
                if error.subject == nil { error.subject = subject }
                throw error
            }
        }
    }

    @inline(__always)
    private func field(for key: JSONKey) -> Field? {
        for field in fields {
            let found = field.name.withUnsafeBufferPointer { key.matches($0) }
            if found { return field }
        }
        return nil
    }
}

extension JSONReader {
    /// Reads the next value as a number; `nil` for `null`.
    /// - Throws: ``JSONFieldError`` (with an empty path, for the caller to name) for another kind.
    public mutating func optionalNumber() throws -> Double? {
        switch try peek() {
        case .number: return try readNumber()
        case .null:
            try readNull()
            return nil
        default: throw JSONFieldError.invalid(requirement: "a number", given: try describeValue())
        }
    }

    /// Reads the next value as a whole number of at least 0 (and below 10^9); `nil` for `null`.
    /// - Throws: ``JSONFieldError`` for another kind, a fraction or a negative number.
    public mutating func optionalCount() throws -> Int? {
        _ = try peek()
        let start = offset
        guard let number = try optionalNumber() else { return nil }
        let given = String(decoding: bytes[start..<offset], as: UTF8.self)
        guard number == number.rounded(), number.magnitude < 1e9 else {
            throw JSONFieldError.invalid(requirement: "a whole number", given: given)
        }
        guard number >= 0 else { throw JSONFieldError.invalid(requirement: "0 or more", given: given) }
        return Int(number)
    }

    /// Reads the next value as a string; `nil` for `null`.
    /// - Throws: ``JSONFieldError`` for another kind.
    public mutating func optionalString() throws -> String? {
        switch try peek() {
        case .string: return try readString()
        case .null:
            try readNull()
            return nil
        default: throw JSONFieldError.invalid(requirement: "a string", given: try describeValue())
        }
    }

    /// Reads the next value as a boolean; `nil` for `null`.
    /// - Throws: ``JSONFieldError`` for another kind.
    public mutating func optionalBool() throws -> Bool? {
        switch try peek() {
        case .bool: return try readBool()
        case .null:
            try readNull()
            return nil
        default: throw JSONFieldError.invalid(requirement: "true or false", given: try describeValue())
        }
    }

    /// Reads the next value as an array, calling `element` for each element (an error in one
    /// names it by its index: `[2]`); `false` for `null`.
    /// - Throws: ``JSONFieldError`` for another kind, or what `element` throws.
    @discardableResult
    public mutating func optionalArray(_ element: (_ index: Int, _ reader: inout JSONReader) throws -> Void) throws -> Bool {
        switch try peek() {
        case .array:
            try readArray { index, reader in
                do {
                    try element(index, &reader)
                } catch let error as JSONFieldError {
                    throw error.inside("[\(index)]")
                }
            }
            return true
        case .null:
            try readNull()
            return false
        default: throw JSONFieldError.invalid(requirement: "an array", given: try describeValue())
        }
    }

    /// Reads the next value and describes it for a message: `the string "15"` (shortened
    /// past 40 characters), `the number 1.5`, `true`, `null`, `an array`, `an object`.
    public mutating func describeValue() throws -> String {
        let kind = try peek()
        let range = try skipValue()
        switch kind {
        case .string:
            let text = String(decoding: bytes[range], as: UTF8.self)
            return "the string " + (text.count > 42 ? text.prefix(40) + "…\"" : text)
        case .number: return "the number " + String(decoding: bytes[range], as: UTF8.self)
        case .bool, .null: return String(decoding: bytes[range], as: UTF8.self)
        case .array, .object: return kind.name
        }
    }
}
