extension JSONValue {
    /// Parses one JSON document from UTF-8 bytes (RFC 8259), rejecting invalid UTF-8,
    /// trailing garbage and nesting deeper than 512 levels.
    /// - Throws: ``JSONParseError``.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws -> JSONValue {
        var reader = JSONReader(bytes)
        let value = try reader.readValue()
        try reader.readEnd()
        return value
    }

    /// Parses one JSON document from bytes.
    /// - Throws: ``JSONParseError``.
    public static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        try bytes.withUnsafeBufferPointer { try parse($0) }
    }

    /// Parses one JSON document from a string.
    /// - Throws: ``JSONParseError``.
    public static func parse(_ text: String) throws -> JSONValue {
        var text = text
        return try text.withUTF8 { try parse($0) }
    }

    /// Reads this (already parsed) value with `read`, a reader of the streaming form — one of
    /// the field tables requests share — which must read all of it: the way a template's or a
    /// row's part, parsed into a tree with the rest, is read by the same rules as a request.
    /// - Throws: what `read` throws, or ``JSONParseError`` when it leaves part of the value.
    public func read<T>(_ read: (inout JSONReader) throws -> T) throws -> T {
        // Its JSON text, read where it was written (valid UTF-8: every string in it is a String).
        var text = JSONOutput(capacity: 256)
        text.append(self)
        return try text.withBytes { bytes in
            var reader = JSONReader(bytes)
            let result = try read(&reader)
            try reader.readEnd()
            return result
        }
    }
}
