import JSON

/// The rows of a feed as the cell commands read them (`feed`, `compare`): a JSON array of
/// row objects (questions.json), or JSON Lines — one row a line, blank lines skipped — told
/// apart by the first byte that is not whitespace. One reader, so both commands take the
/// same files.
enum RowSource {
    /// The rows of a JSON array, parsed.
    case array([JSONValue])
    /// The rows of JSON Lines: the lines, and which of them are not blank (the rows).
    case lines(LineBatch, rows: [Int])

    /// The rows in `bytes` (a file, or all of standard input).
    /// - Throws: ``JSONParseError`` when `bytes` start as an array but are not JSON.
    init(_ bytes: [UInt8]) throws {
        let first = bytes.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        if first == UInt8(ascii: "[") {
            self = .array(try JSONValue.parse(bytes).arrayValue ?? [])
        } else {
            self.init(lines: LineBatch(bytes))
        }
    }

    /// The rows of a batch of JSON Lines.
    init(lines batch: LineBatch) {
        self = .lines(batch, rows: batch.lines.indices.filter { !batch.isBlank($0) })
    }

    /// The number of rows.
    var count: Int {
        switch self {
        case .array(let values): return values.count
        case .lines(_, let rows): return rows.count
        }
    }

    /// Row `index`, parsed.
    /// - Throws: ``JSONParseError`` when its line is not JSON.
    func row(_ index: Int) throws -> JSONValue {
        switch self {
        case .array(let values): return values[index]
        case .lines(let batch, let rows): return try batch.withLine(rows[index]) { try JSONValue.parse($0) }
        }
    }

    /// Where row `index` is, for messages: `line 12` (from 1) or `element 3` (from 0).
    func place(_ index: Int) -> String {
        switch self {
        case .array: return "element \(index)"
        case .lines(_, let rows): return "line \(rows[index] + 1)"
        }
    }
}
