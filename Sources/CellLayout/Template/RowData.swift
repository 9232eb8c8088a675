import JSON
import TextJSON
import TextMetrics

/// The data of one row: named fields, as a feed's JSON object gives them.
///
/// ```swift
/// let row = try RowData(json: #"{"ID": 2, "question": "How do I reset my password?", "answer": "…"}"#)
/// row["question"]          // .string("How do I reset my password?")
/// row.identity             // .number(2), from "id" or "ID"
/// ```
///
/// Field lookups scan the row's members (later duplicates win); rows are small, and a
/// compiled template looks each field up once per row.
public struct RowData: Hashable, Sendable {
    /// The row's fields in their order of appearance.
    public let fields: [(String, JSONValue)]
    /// Per field, a text object's digest (``JSONValue/objectDigest(_:)``), 0 for any other
    /// value; `nil` when no field is an object. Worked out once, with the row: the text cache
    /// finds a styled text by it each time the row is sized.
    let objectDigests: ObjectDigests?

    /// The digests of a row's text objects, by field (a class: a plain row has none, and a
    /// row is copied as it is sized, which an array would retain at each copy).
    final class ObjectDigests: Sendable {
        let digests: [UInt64]
        init(_ digests: [UInt64]) { self.digests = digests }
    }

    /// A row from a parsed JSON object.
    /// - Throws: ``TemplateError`` (path `row`) when `value` is not an object.
    public init(_ value: JSONValue) throws {
        guard case .object(let members) = value else {
            throw TemplateError(path: "row", reason: "a row must be a JSON object, got \(value.kindName)")
        }
        fields = members
        var digests: [UInt64] = []
        for (index, (_, value)) in members.enumerated() {
            guard case .object(let object) = value else { continue }
            if digests.isEmpty { digests = Array(repeating: 0, count: members.count) }
            digests[index] = JSONValue.objectDigest(object)
        }
        objectDigests = digests.isEmpty ? nil : ObjectDigests(digests)
    }

    /// A row from the text of a JSON object.
    /// - Throws: ``TemplateError`` (path `row`) when the text is not a JSON object.
    public init(json text: String) throws {
        do {
            try self.init(try JSONValue.parse(text))
        } catch let error as TemplateError {
            throw error
        } catch {
            throw TemplateError(path: "row", reason: "not valid JSON: \(error)")
        }
    }

    /// A row of string fields.
    public init(_ strings: KeyValuePairs<String, String>) {
        fields = strings.map { ($0.key, JSONValue.string($0.value)) }
        objectDigests = nil
    }

    /// A row of string fields, in key order.
    public init(_ strings: [String: String]) {
        fields = strings.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value)) }
        objectDigests = nil
    }

    /// The value of field `name`, or `nil` when the row has no such field; when a name
    /// repeats, the last wins. Names are compared as strings, and a name of another UTF-8
    /// length never matches: precomposed and decomposed spellings of a name are different
    /// names, as JSON treats them.
    public subscript(name: String) -> JSONValue? {
        fields.withUnsafeBufferPointer { fields in RowData.index(of: name, in: fields).map { fields[$0].1 } }
    }

    /// Field `name`'s string, when the row has that field and it is a string: what most labels
    /// show, read in place (``subscript(name:)`` copies the whole value out, and the caller
    /// then copies the string out of it again).
    func string(ofField name: String) -> String? {
        fields.withUnsafeBufferPointer { fields in
            guard let index = RowData.index(of: name, in: fields), case .string(let string) = fields[index].1 else { return nil }
            return string
        }
    }

    /// The digest of field `name`'s text object (0 when it is not an object), worked out when
    /// the row was made.
    func objectDigest(ofField name: String) -> UInt64 {
        guard let objectDigests, let index = fields.withUnsafeBufferPointer({ RowData.index(of: name, in: $0) })
        else { return 0 }
        return objectDigests.digests[index]
    }

    /// Where field `name` is in `fields` (the last, when it repeats).
    @inline(__always)
    private static func index(of name: String, in fields: UnsafeBufferPointer<(String, JSONValue)>) -> Int? {
        let length = name.utf8.count
        var index = fields.count
        while index > 0 {
            index -= 1
            if fields[index].0.utf8.count == length, fields[index].0 == name { return index }
        }
        return nil
    }

    /// Whether field `name` is present and non-empty — what an item's `if` tests: missing,
    /// `null`, `false`, `""`, `[]` and `{}` are absent; anything else (including `0`) is present.
    /// The text a label bound to `field` shows: a string as is, a number as its JSON text,
    /// `null` as an empty label.
    /// - Throws: ``TemplateError`` (with an empty path, for the caller to fill in) when the
    ///   field is missing or is neither a string, a number nor `null`.
    public func labelText(_ field: String) throws -> String {
        try RowData.labelText(of: self[field], field: field)
    }

    /// The text a label shows for `value`, the value of `field` (`nil`: missing), as
    /// ``labelText(_:)`` gives it — for a caller that has looked the field up already.
    /// - Throws: ``TemplateError`` as ``labelText(_:)``.
    static func labelText(of value: JSONValue?, field: String) throws -> String {
        switch value {
        case .string(let string)?: return string
        case .number(let number)?:
            var out = ""
            JSONValue.writeNumber(number, to: &out)
            return out
        case .null?: return ""
        case nil: throw TemplateError(path: "", reason: "the row has no field \"\(field)\"")
        case let other?:
            throw TemplateError(path: "", reason: "the row's field \"\(field)\" must be a string, a number or a text object, got \(other.kindName)")
        }
    }

    /// What a label bound to `field` shows: ``labelText(_:)`` for a string, a number or
    /// `null`, and for a text object (`{"text", "offsets", "spans", "attachments"}`, spans in
    /// the form of a `measure` request's, or naming a template style) its text and styling.
    /// - Throws: ``TemplateError`` (with an empty path, for the caller to fill in) naming the
    ///   field and what is wrong inside it.
    public func labelContent(_ field: String) throws -> (text: String, styling: AttributedTextDescription?) {
        let value = self[field]
        guard case .object? = value else { return (try RowData.labelText(of: value, field: field), nil) }
        do {
            let (text, styling) = try value!.read(AttributedTextDescription.readTextObject)
            return (text, styling.isEmpty ? nil : styling)
        } catch let error as JSONFieldError {
            throw TemplateError(path: "", reason: "the row's field " + error.inside(field).description)
        } catch {
            throw TemplateError(path: "", reason: "the row's field \"\(field)\": \(error)")
        }
    }

    /// Whether field `name` is present and non-empty (what an item's `if` asks).
    public func isPresent(_ name: String) -> Bool {
        RowData.isPresent(self[name])
    }

    static func isPresent(_ value: JSONValue?) -> Bool {
        switch value {
        case nil, .null?, .bool(false)?: return false
        case .string(let s)?: return !s.isEmpty
        case .array(let a)?: return !a.isEmpty
        case .object(let o)?: return !o.isEmpty
        default: return true
        }
    }

    /// The row's identity: its `id` field, else its `ID` field, else `nil`.
    public var identity: JSONValue? {
        if let id = self["id"], id != .null { return id }
        if let id = self["ID"], id != .null { return id }
        return nil
    }

    /// A hash of the row's whole content (every field, in order), for caches that must
    /// notice a changed row. Like `hashValue`, it is seeded per process: keep it in memory only.
    public var contentHash: Int {
        var hasher = Hasher()
        for (key, value) in fields {
            hasher.combine(key)
            hasher.combine(value)
        }
        return hasher.finalize()
    }

    /// Rows are equal when their fields are, in order.
    public static func == (lhs: RowData, rhs: RowData) -> Bool {
        lhs.fields.count == rhs.fields.count && zip(lhs.fields, rhs.fields).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    }

    /// Hashes the fields.
    public func hash(into hasher: inout Hasher) {
        for (key, value) in fields {
            hasher.combine(key)
            hasher.combine(value)
        }
    }
}
