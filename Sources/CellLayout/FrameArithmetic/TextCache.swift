import JSON
import TextJSON
@_spi(Caching) import TextMetrics

/// Prepared texts by (font, text, styling), bounded and safe to use from many threads: the
/// "text cache" of a ``CellLayoutEngine`` and of the constraint compiler, so a text seen before
/// (a repeated title, "2h", "Reply", or the same row laid out again) is not segmented and
/// shaped again. Keyed by the text's bytes (canonically equivalent spellings are other texts)
/// and, for a styled text, by its spans and attachments: the same string with other entities
/// is another text.
///
/// Bounded and thread-safe through ``GenerationalCache`` (an approximate LRU).
package final class TextCache: Sendable {
    /// A text in one of the template's font chains.
    package struct Key: CacheKey {
        /// The text's bytes and the text object's folded together (``JSONValue/foldBytes(into:)``):
        /// what the cache finds the key by.
        package let digest: UInt64
        let font: Int32
        let text: String
        /// A styled text's row field as the row gives it — a text object's members, with its
        /// spans and attachments (the text node's own styles go with `font`) — or `nil`. The
        /// members, not the `JSONValue`: an array is copied with one reference count, where
        /// the enum's copy switches over its cases on every probe of the table.
        let members: [(String, JSONValue)]?

        /// The key of `text` in the template's font chain number `font` (for a styled text,
        /// the text node's number: its styles and paragraph style go with it), or of a text
        /// object with `members` (then `text` is empty): found again without reading them.
        /// `membersDigest` is ``JSONValue/objectDigest(_:)`` of `members`, when known.
        package init(font: Int32, text: String, members: [(String, JSONValue)]? = nil, membersDigest: UInt64? = nil) {
            // The UTF-8 bytes, not the String: hashing a String normalizes it (NFC), and texts
            // that are canonically equivalent but spelled differently may measure differently.
            var digest: UInt64 = 0
            ByteHash.mix(UInt64(UInt32(bitPattern: font)), into: &digest)
            JSONValue.fold(text, into: &digest)
            if let members { ByteHash.mix(membersDigest ?? JSONValue.objectDigest(members), into: &digest) }
            self.digest = digest
            self.font = font
            self.text = text
            self.members = members
        }

        /// Keys are equal when their fonts and their texts' bytes are: texts spelled with
        /// other bytes are other keys, however canonically equivalent.
        package static func == (lhs: Key, rhs: Key) -> Bool {
            guard lhs.digest == rhs.digest, lhs.font == rhs.font, JSONValue.sameBytes(lhs.text, rhs.text) else { return false }
            switch (lhs.members, rhs.members) {
            case (nil, nil): return true
            case let (a?, b?): return JSONValue.sameMembers(a, b)
            default: return false
            }
        }
    }

    private let entries: GenerationalCache<SharedEntry<Key, SizedText>>

    /// A cache of about `capacity` texts (0 keeps none).
    package init(capacity: Int) {
        entries = GenerationalCache(capacity: capacity, shards: 32)
    }

    /// What text node `index` of `program` shows for `row` — its plain string in its font, or
    /// for a text object or an item with a paragraph style its attributed text (keyed by its
    /// styling too: the same string with other entities is another text) — kept, or prepared
    /// now and kept. The one way both the frame arithmetic and the constraint compiler get a
    /// label's text.
    /// - Throws: ``TemplateError`` at the node's path for a missing or bad field.
    package func text(ofNode index: Int, in row: RowData, program: CellProgram, spanFonts: SpanFonts) throws -> SizedText {
        let (field, font, labelStyle) = program.nodes.withUnsafeBufferPointer { nodes in
            (nodes[index].field, nodes[index].font, nodes[index].labelStyle)
        }
        // A string in the node's font, with no paragraph style: most labels.
        let isPlain = labelStyle < 0 || !program.hasParagraphStyle(ofNode: index)
        if isPlain, let string = row.string(ofField: field) { return try plainText(string, ofNode: index, font: font, program: program) }
        let value = row[field]  // looked up once: rows are scanned field by field
        // A styled text belongs to its node: its styles and paragraph style go with the key; a
        // text object is found by its JSON value, read only when it is new.
        let key: Key
        if case .object(let members)? = value {
            key = Key(font: Int32(-1 - index), text: "", members: members, membersDigest: row.objectDigest(ofField: field))
        } else if !isPlain {
            key = Key(font: Int32(-1 - index), text: try program.labelText(ofNode: index, value: value))
        } else {
            return try plainText(try program.labelText(ofNode: index, value: value), ofNode: index, font: font, program: program)
        }
        return try text(for: key) {
            let (string, styling) = try program.labelContent(ofNode: index, in: row)
            let attributed = try program.attributedText(ofNode: index, text: string, styling: styling) { names, size in
                try spanFonts.chain(names, size: size)
            }
            do {
                return try SizedText(attributed)
            } catch {
                throw TemplateError(path: program.paths[index], reason: "\(error)")
            }
        }
    }

    /// `string` in font chain `font` of `program`, what text node `index` shows: kept, or
    /// prepared now and kept.
    private func plainText(_ string: String, ofNode index: Int, font: Int32, program: CellProgram) throws -> SizedText {
        // The chain is read only on a miss: copying it out of the program costs per lookup.
        try text(for: Key(font: font, text: string)) {
            do {
                return try SizedText(string, fonts: program.fonts[Int(font)])
            } catch {
                throw TemplateError(path: program.paths[index], reason: "\(error)")
            }
        }
    }

    /// The text kept for `key`, or made by `make` now and kept.
    /// - Throws: what `make` throws.
    package func text(for key: Key, _ make: () throws -> SizedText) throws -> SizedText {
        try entries.value(for: key, orMake: make)
    }

    /// The text kept for `key`, or `nil`.
    package func get(_ key: Key) -> SizedText? { entries.value(for: key) }

    /// Forgets every text.
    package func removeAll() { entries.removeAll() }

    /// How many texts are kept.
    package var count: Int { entries.count }
}
