import TextSegmentation

/// A string with attributes over ranges of it — fonts, sizes, letter spacing, features,
/// language, and what is carried for drawing — and inline attachments: one paragraph (or
/// several) of many styles, measured as one, as `NSAttributedString` is.
///
/// ```swift
/// let body = TextStyle(fonts: try FontChain(named: ["Roboto-Regular", "NotoColorEmoji"], size: 15))
/// var text = AttributedText("@alice replied to @bob: see example.com/x 👋", style: body)
/// try text.addAttributes(TextAttributes(fonts: try FontChain(named: ["Roboto-Medium"], size: 15)), to: 0..<6)
/// try text.addAttributes(TextAttributes(size: 13, color: TextColor(hex: "#1DA1F2")), to: 24..<37)
/// let layout = try PreparedText(text).layout(in: try TextContainer(width: 200))
/// ```
///
/// Ranges are kept as UTF-8 byte ranges; they may be given in UTF-16 code units or Unicode
/// scalars (``TextOffsetUnit``). Ranges may overlap: **a later range wins** where they do, for
/// each attribute it sets (as `addAttributes` does on an `NSMutableAttributedString`). A range
/// may start or end inside a grapheme cluster; a cluster is shaped whole, in the style of its
/// first character. Line breaking, bidi and shaping context run over the whole string, so a
/// word keeps its break opportunities and an Arabic word keeps joining across a change of
/// style, while a ligature never reaches across a change of font.
///
/// Plain text is the one-style case: an attributed text with one style that changes no shape
/// prepares exactly as ``PreparedText/init(_:fonts:language:)`` does.
public struct AttributedText: Hashable, Sendable {
    /// The text's parts, in one object shared by every copy until one of them changes (copy
    /// on write): an attributed text is copied into every text prepared from it and every
    /// layout's answer, and its parts hold a dozen references.
    private var storage: Storage

    /// The text.
    public var string: String {
        _read { yield storage.string }
    }
    /// The style of the whole text, which ``spans`` refine; its language is also the one the
    /// text's lines break by.
    public var style: TextStyle {
        _read { yield storage.style }
    }
    /// The attributed ranges, in the order they were added (later ones win).
    public internal(set) var spans: [Span] {
        _read { yield storage.spans }
        _modify { yield &uniqueStorage().spans }
    }
    /// The inline attachments, by offset.
    public private(set) var attachments: [Attachment] {
        _read { yield storage.attachments }
        _modify { yield &uniqueStorage().attachments }
    }
    /// How every paragraph of the text is spaced, indented, tabbed and aligned, or `nil` for
    /// none (`NSParagraphStyle.default`'s layout, tabs as wide as their glyphs). It never
    /// changes how the text is shaped: only how its lines are laid out.
    public var paragraphStyle: ParagraphStyle? {
        _read { yield storage.paragraphStyle }
        _modify { yield &uniqueStorage().paragraphStyle }
    }

    /// What an attributed text holds (see `storage`). Mutated only through
    /// `uniqueStorage()`, when no other text shares it: `@unchecked Sendable` rests on that,
    /// and so does leaving its properties' accesses unchecked at run time (each access of a
    /// class's variable is otherwise checked for exclusivity: a call into the runtime).
    private final class Storage: @unchecked Sendable {
        /// Changed only by a ``Builder`` appending pieces.
        @exclusivity(unchecked) var string: String
        let style: TextStyle
        @exclusivity(unchecked) var spans: [Span] = []
        @exclusivity(unchecked) var attachments: [Attachment] = []
        @exclusivity(unchecked) var paragraphStyle: ParagraphStyle?

        init(string: String, style: TextStyle) {
            self.string = string
            self.style = style
        }

        /// A copy of this storage, for a text about to change.
        func copy() -> Storage {
            let copy = Storage(string: string, style: style)
            copy.spans = spans
            copy.attachments = attachments
            copy.paragraphStyle = paragraphStyle
            return copy
        }
    }

    /// The storage, copied first when another text shares it.
    private mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    /// Texts are equal when their strings (as `String` compares them), styles, spans,
    /// attachments and paragraph styles are.
    public static func == (lhs: AttributedText, rhs: AttributedText) -> Bool {
        if lhs.storage === rhs.storage { return true }
        return lhs.string == rhs.string && lhs.style == rhs.style && lhs.spans == rhs.spans
            && lhs.attachments == rhs.attachments && lhs.paragraphStyle == rhs.paragraphStyle
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(string)
        hasher.combine(style)
        hasher.combine(spans)
        hasher.combine(attachments)
        hasher.combine(paragraphStyle)
    }

    /// Attributes over a UTF-8 range of the text.
    public struct Span: Hashable, Sendable {
        /// The UTF-8 byte range.
        public var range: Range<Int>
        /// What the range asks for.
        public var attributes: TextAttributes

        /// `attributes` over the UTF-8 byte range `range`.
        @inlinable
        public init(range: Range<Int>, attributes: TextAttributes) {
            self.range = range
            self.attributes = attributes
        }
    }

    /// An attachment at the U+FFFC at a UTF-8 offset of the text.
    public struct Attachment: Hashable, Sendable {
        /// The UTF-8 offset of its U+FFFC.
        public var offset: Int
        /// The box.
        public var attachment: TextAttachment

        /// `attachment` at the U+FFFC at UTF-8 offset `offset`.
        public init(offset: Int, attachment: TextAttachment) {
            self.offset = offset
            self.attachment = attachment
        }
    }

    /// `string` in one style.
    public init(_ string: String, style: TextStyle) {
        storage = Storage(string: string, style: style)
    }

    /// `string` in `style`, refined by `spans` (in order: later ones win) and with
    /// `attachments`, their ranges and offsets given in `unit`.
    /// - Throws: ``InvalidArgumentError`` naming the span or attachment at fault (see
    ///   ``addAttributes(_:to:in:)`` and ``addAttachment(_:at:in:)``).
    public init(_ string: String, style: TextStyle, spans: [Span], attachments: [Attachment] = [],
                in unit: TextOffsetUnit = .utf8) throws {
        self.init(string, style: style)
        // Spans given in UTF-8 are kept as given (one array shared) once every one is checked.
        if unit != .utf8 { self.spans.reserveCapacity(spans.count) }
        self.attachments.reserveCapacity(attachments.count)
        for index in spans.indices {
            let span = try checkedSpan(spans[index].attributes, over: spans[index].range, in: unit,
                                       argument: "spans[\(index)]")
            if unit != .utf8 { self.spans.append(span) }
        }
        if unit == .utf8 { self.spans = spans }
        for (index, attachment) in attachments.enumerated() {
            try addAttachment(attachment.attachment, at: attachment.offset, in: unit, argument: "attachments[\(index)]")
        }
    }

    /// Sets `attributes` over `range` (in `unit`), over whatever was set before.
    /// - Throws: ``InvalidArgumentError`` when the range is out of bounds, not on character
    ///   boundaries, or reversed; or when an attribute cannot be used (a size that is not a
    ///   positive finite number, a NaN or infinite kern, a malformed language tag).
    public mutating func addAttributes(_ attributes: TextAttributes, to range: Range<Int>,
                                       in unit: TextOffsetUnit = .utf8) throws {
        try addAttributes(attributes, to: range, in: unit, argument: "range")
    }

    /// `argument` names the range in errors; it is spelled only when one is thrown.
    private mutating func addAttributes(_ attributes: TextAttributes, to range: Range<Int>, in unit: TextOffsetUnit,
                                        argument: @autoclosure () -> String) throws {
        // Checked before `spans` is changed: the check reads the text, which must not be read
        // while one of its parts is being changed.
        let span = try checkedSpan(attributes, over: range, in: unit, argument: argument())
        spans.append(span)
    }

    /// `attributes` over `range` (in `unit`) as a span over UTF-8 offsets, once both are checked.
    /// - Throws: what ``addAttributes(_:to:in:)`` throws, `argument` naming the range.
    private func checkedSpan(_ attributes: TextAttributes, over range: Range<Int>, in unit: TextOffsetUnit,
                             argument: @autoclosure () -> String) throws -> Span {
        let lower = try unit.utf8Offset(of: range.lowerBound, in: string, argument: argument() + ".start")
        let upper = try unit.utf8Offset(of: range.upperBound, in: string, argument: argument() + ".end")
        try AttributedText.checkAttributes(attributes, argument: argument())
        return Span(range: lower..<upper, attributes: attributes)
    }

    /// Throws unless every attribute of `attributes` can be set (``TextAttributes/validate()``),
    /// the error naming the attribute under `argument`, the range it is set over.
    static func checkAttributes(_ attributes: TextAttributes, argument: @autoclosure () -> String) throws {
        do {
            try attributes.validate()
        } catch let error as InvalidArgumentError {
            throw InvalidArgumentError(argument: argument() + "." + error.argument, requirement: error.requirement,
                                       value: error.value)
        }
    }

    /// Attaches `attachment` at `offset` (in `unit`), where the text holds U+FFFC.
    /// - Throws: ``InvalidArgumentError`` when the offset is out of bounds, not on a character
    ///   boundary, or the character there is not U+FFFC, or that U+FFFC does not start a
    ///   grapheme cluster, or another attachment is there.
    public mutating func addAttachment(_ attachment: TextAttachment, at offset: Int, in unit: TextOffsetUnit = .utf8) throws {
        try addAttachment(attachment, at: offset, in: unit, argument: "attachment")
    }

    /// `argument` names the attachment in errors; it is spelled only when one is thrown.
    mutating func addAttachment(_ attachment: TextAttachment, at offset: Int, in unit: TextOffsetUnit = .utf8,
                                argument: @autoclosure () -> String) throws {
        let utf8Offset = try unit.utf8Offset(of: offset, in: string, argument: argument() + ".offset")
        try checkAttachment(at: utf8Offset, given: offset, argument: argument())
        guard !attachments.contains(where: { $0.offset == utf8Offset }) else {
            throw InvalidArgumentError(argument: argument() + ".offset", requirement: "the offset of one attachment only",
                                       value: "\(offset) (attached already)")
        }
        // In offset order: after the last (as a text is built), or in its place.
        if attachments.last.map({ $0.offset < utf8Offset }) ?? true {
            attachments.append(Attachment(offset: utf8Offset, attachment: attachment))
        } else {
            attachments.insert(Attachment(offset: utf8Offset, attachment: attachment),
                               at: attachments.firstIndex { $0.offset > utf8Offset } ?? attachments.count)
        }
    }

    /// Throws unless UTF-8 offset `utf8Offset` (a character boundary; `offset` as given) holds
    /// a U+FFFC that starts a grapheme cluster, the error naming `argument`.
    private func checkAttachment(at utf8Offset: Int, given offset: Int, argument: @autoclosure () -> String) throws {
        enum Fault { case none, notObjectReplacement, insideCluster }
        let fault = PreparedText.withUTF8(string) { bytes -> Fault in
            guard utf8Offset + 3 <= bytes.count, bytes[utf8Offset] == 0xEF, bytes[utf8Offset + 1] == 0xBF,
                  bytes[utf8Offset + 2] == 0xBC else { return .notObjectReplacement }
            // After an ASCII character (never a prepended mark) it starts one.
            if utf8Offset == 0 || bytes[utf8Offset - 1] < 0x80 { return .none }
            var boundary = 0
            while boundary < utf8Offset { boundary = GraphemeBreaking.clusterEnd(startingAt: boundary, inUTF8: bytes) }
            return boundary == utf8Offset ? .none : .insideCluster
        }
        switch fault {
        case .none:
            return
        case .notObjectReplacement:
            let utf8 = string.utf8
            let at = utf8.index(utf8.startIndex, offsetBy: utf8Offset)
            let found = at < utf8.endIndex ? "U+" + String(string.unicodeScalars[at].value, radix: 16, uppercase: true)
                                           : "the end of the text"
            throw InvalidArgumentError(argument: argument() + ".offset", requirement: "the offset of a U+FFFC in the text",
                                       value: "\(offset) (\(found))")
        case .insideCluster:
            throw InvalidArgumentError(argument: argument() + ".offset",
                                       requirement: "a U+FFFC that starts a grapheme cluster (not after a prepended mark)",
                                       value: "\(offset)")
        }
    }

    /// Appends `piece` with `attributes` over it (none when empty), for a ``Builder``: the
    /// attributes are checked when it builds.
    @usableFromInline
    mutating func append(_ piece: String, unchecked attributes: consuming TextAttributes) {
        let start = string.utf8.count
        append(piece)
        if !attributes.isEmpty {
            let storage = uniqueStorage()
            if storage.spans.isEmpty { storage.spans.reserveCapacity(4) }  // one allocation for most texts' spans
            storage.spans.append(Span(range: start..<storage.string.utf8.count, attributes: consume attributes))
        }
    }

    /// Appends `piece` in the text's style, for a ``Builder``.
    mutating func append(_ piece: String) {
        let storage = uniqueStorage()
        // One allocation for most posts: a string past 15 bytes would grow two or three times.
        if storage.string.isEmpty { storage.string.reserveCapacity(max(64, piece.utf8.count)) }
        storage.string += piece
    }

    /// Appends `attachment` on a U+FFFC with `attributes` over it, for a ``Builder``: checked
    /// when it builds.
    mutating func appendAttachment(_ attachment: TextAttachment, unchecked attributes: consuming TextAttributes) {
        let offset = string.utf8.count
        uniqueStorage().attachments.append(Attachment(offset: offset, attachment: attachment))
        append("\u{FFFC}", unchecked: attributes)
    }

    /// Throws unless what a ``Builder`` appended unchecked can be used: every span's
    /// attributes, and every attachment's U+FFFC (which starts a cluster unless it follows a
    /// prepended mark).
    func checkBuilt() throws {
        for index in spans.indices {
            try AttributedText.checkAttributes(spans[index].attributes, argument: "spans[\(index)]")
        }
        for index in attachments.indices {
            try checkAttachment(at: attachments[index].offset, given: attachments[index].offset,
                                argument: "attachments[\(index)]")
        }
    }

    /// The text cut into stretches of one style each, in order, covering it whole: every
    /// span applied over ``style`` in the order it was added. Stretches of equal styles next to
    /// each other are one.
    /// - Complexity: O(spans × stretches).
    public func styleRuns() -> [(range: Range<Int>, style: TextStyle)] {
        var runs: [(range: Range<Int>, style: TextStyle)] = []
        forEachPiece { range, pieceStyle in
            if let last = runs.last, last.style == pieceStyle {
                runs[runs.count - 1].range = last.range.lowerBound..<range.upperBound
            } else {
                runs.append((range, pieceStyle))
            }
        }
        return runs
    }

    /// Calls `body` with each piece of the text between the spans' ends, in order, and its
    /// style: every span over it applied over ``style`` in the order it was added (once for
    /// pieces under the same spans one after another; ``SpanPieces``).
    func forEachPiece(_ body: (Range<Int>, TextStyle) -> Void) {
        let count = string.utf8.count
        guard count > 0 else { return }
        var pieceStyle = style
        spans.withUnsafeBufferPointer { spans in
            SpanPieces.taking(spans, where: { _ in true }) { taken in
                SpanPieces.forEach(count: count, spans: spans, taken: taken) { piece, covering, isNewCovering in
                    if isNewCovering {
                        pieceStyle = style
                        SpanPieces.forEachAttributes(over: piece, covering: covering, spans: spans, taken: taken) { attributes in
                            // Every attribute was checked when the span was added: setting it cannot fail.
                            try? pieceStyle.set(attributes)
                        }
                    }
                    body(piece, pieceStyle)
                }
            }
        }
    }
}
