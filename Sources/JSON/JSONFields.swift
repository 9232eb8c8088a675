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

    /// What the object is called in messages: `"a request"`.
    public let subject: String
    @usableFromInline let fieldNames: JSONFieldNames
    @usableFromInline let readers: [FieldReader]

    /// A table of `fields` for objects called `subject` in messages.
    public init(_ subject: String, _ fields: KeyValuePairs<StaticString, FieldReader>) {
        self.subject = subject
        fieldNames = JSONFieldNames(fields.map(\.key))
        readers = fields.map(\.value)
    }

    /// A table of `fields`, given as pairs: a table built from parts (a span's range fields
    /// and a style's).
    public init(_ subject: String, pairs fields: [(name: StaticString, reader: FieldReader)]) {
        self.subject = subject
        fieldNames = JSONFieldNames(fields.map(\.name))
        readers = fields.map(\.reader)
    }

    /// The field names, in the table's order.
    public var names: [String] { fieldNames.strings }

    /// Reads the object at the reader's position into `target`.
    /// - Throws: ``JSONFieldError`` for a value that is not an object, an unknown field or a
    ///   field's bad value; ``JSONParseError`` for text that is not JSON.
    @inlinable
    public func read(_ reader: inout JSONReader, into target: inout Target) throws {
        try fieldNames.readMembers(&reader, subject: subject) { index, reader in
            try readers.withUnsafeBufferPointer { try $0[index](&reader, &target) }
        }
    }
}

/// The names of an object's fields, found by their bytes, and the errors that name them: what
/// a ``JSONFields`` table looks keys up in, and what a reader of one kind of object reads its
/// members by (``readMembers(_:subject:_:)``, a field told by its name's index), with no table
/// of closures. Immutable and `Sendable`: make each once.
public struct JSONFieldNames: Sendable {
    /// The names' UTF-8 bytes, one after another; `ends[i]` is where name `i` ends.
    private let bytes: [UInt8]
    private let ends: [Int]
    /// By a name's length (at most 31) and first byte, `i + 1` for the one name `i` of that
    /// length and first byte, -1 when several share them, 0 for none: most keys are found,
    /// or known to be unknown, by one load and one comparison.
    @usableFromInline let slots: [Int16]
    /// Each name's bytes as two words (see ``words(_:)``), compared with a key's in place
    /// of its bytes.
    @usableFromInline let nameWords: [Words]

    /// A name of at most 16 bytes as two words — its first and last eight bytes, four bytes
    /// or up to three single bytes, overlapping where it is short — which tell apart any two
    /// names of one length.
    @usableFromInline
    struct Words: Equatable, Sendable {
        @usableFromInline var head: UInt64
        @usableFromInline var tail: UInt64

        @usableFromInline
        init(head: UInt64, tail: UInt64) {
            self.head = head
            self.tail = tail
        }
    }

    /// The names `names`, in order (a name's index is its place here).
    public init(_ names: [StaticString]) {
        var bytes: [UInt8] = []
        var ends: [Int] = []
        var slots = [Int16](repeating: 0, count: 32 << 8)
        var nameWords: [Words] = []
        for (i, name) in names.enumerated() {
            name.withUTF8Buffer { name in
                let slot = JSONFieldNames.slot(count: name.count, first: name.first ?? 0)
                slots[slot] = slots[slot] == 0 ? Int16(i + 1) : -1
                bytes.append(contentsOf: name)
                nameWords.append(JSONFieldNames.words(name))
            }
            ends.append(bytes.count)
        }
        self.bytes = bytes
        self.ends = ends
        self.slots = slots
        self.nameWords = nameWords
    }

    @inlinable @inline(__always)
    static func slot(count: Int, first: UInt8) -> Int { min(count, 31) << 8 | Int(first) }

    /// The two words of `name` (16 bytes or fewer; longer ones are compared byte for byte).
    @inlinable @inline(__always)
    static func words(_ name: UnsafeBufferPointer<UInt8>) -> Words {
        let count = name.count
        guard let start = name.baseAddress, count > 0 else { return Words(head: 0, tail: 0) }
        let p = UnsafeRawPointer(start)
        if count >= 8 {
            return Words(head: p.loadUnaligned(as: UInt64.self), tail: p.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
        }
        if count >= 4 {
            return Words(head: UInt64(p.loadUnaligned(as: UInt32.self)),
                         tail: UInt64(p.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)))
        }
        return Words(head: UInt64(start[0]) | UInt64(start[count / 2]) << 8 | UInt64(start[count - 1]) << 16, tail: 0)
    }

    /// The names as strings, in order.
    var strings: [String] {
        ends.indices.map { i in String(decoding: bytes[(i == 0 ? 0 : ends[i - 1])..<ends[i]], as: UTF8.self) }
    }

    /// Reads the object at the reader's position member by member: `field` is called with the
    /// index of each key's name and the reader at the member's value, which it must read (a
    /// repeated key is handed over again). Inlined with `field`, so that a reader of one kind
    /// of object is one loop with nothing called per member but what reads the values.
    /// - Throws: ``JSONFieldError`` for a value that is not an object or a key that is none of
    ///   the names (naming the object `subject`), or what `field` throws (a ``JSONFieldError``
    ///   with the field's name put before its path); ``JSONParseError`` for text that is not
    ///   JSON.
    @inlinable @inline(__always)
    public func readMembers(_ reader: inout JSONReader, subject: String,
                            _ field: (_ index: Int, _ reader: inout JSONReader) throws -> Void) throws {
        guard try reader.peek() == .object else { throw try notAnObject(&reader, subject: subject) }
        // ``JSONReader/readObject(_:)``'s loop, written out so that the key is looked up here.
        var more = try reader.beginMembers()
        while more {
            let key = try reader.readMemberKey()
            guard let index = index(of: key) else { throw try unknown(key, subject: subject) }
            do {
                try field(index, &reader)
            } catch let error as JSONFieldError {
                throw self.error(error, inField: index, subject: subject)
            }
            more = try reader.endMember()
        }
    }

    /// The index of the name `key` is, or `nil`. Inlined: a plain key of at most 16 bytes,
    /// the one name of its length and first byte, is found by two loads and two comparisons.
    @inlinable @inline(__always)
    func index(of key: JSONKey) -> Int? {
        if let plain = key.plainBytes {
            let found = slots.withUnsafeBufferPointer { $0[JSONFieldNames.slot(count: plain.count, first: plain.first ?? 0)] }
            if found == 0 { return nil }
            if found > 0 && plain.count <= 16 {
                let i = Int(found) - 1
                return nameWords.withUnsafeBufferPointer { $0[i] } == JSONFieldNames.words(plain) ? i : nil
            }
        }
        return searchIndex(of: key)
    }

    /// The index of the name `key` is, or `nil`, found by comparing it with every name.
    @usableFromInline
    func searchIndex(of key: JSONKey) -> Int? {
        bytes.withUnsafeBufferPointer { bytes in
            var start = 0
            for (i, end) in ends.enumerated() {
                if key.matches(UnsafeBufferPointer(rebasing: bytes[start..<end])) { return i }
                start = end
            }
            return nil
        }
    }

    /// The error for an object that is not one (reading the value, to describe it).
    @usableFromInline
    func notAnObject(_ reader: inout JSONReader, subject: String) throws -> JSONFieldError {
        var error = JSONFieldError.invalid(requirement: "a JSON object", given: try reader.describeValue())
        error.subject = subject
        return error
    }

    /// The error for field `key`, which the table does not have.
    @usableFromInline
    func unknown(_ key: JSONKey, subject: String) throws -> JSONFieldError {
        JSONFieldError(path: try key.string(), .unknown(known: strings), subject: subject)
    }

    /// `error`, thrown reading field `index`, seen from the object.
    @usableFromInline
    func error(_ error: JSONFieldError, inField index: Int, subject: String) -> JSONFieldError {
        var error = error.inside(strings[index])
        if error.subject == nil { error.subject = subject }
        return error
    }
}

extension JSONReader {
    /// Reads the next value as a number; `nil` for `null`.
    /// - Throws: ``JSONFieldError`` (with an empty path, for the caller to name) for another kind.
    @inlinable
    public mutating func optionalNumber() throws -> Double? {
        switch try peek() {
        case .number: return try scanNumber()
        case .null:
            try expectWord("null")
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
        case .string: return try scanString()
        case .null:
            try expectWord("null")
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
