import JSON
import TextJSON
import TextMetrics

/// How to measure a text — fonts, size, container, language, scale — from command-line
/// options or a JSON Lines request object (whose text is read apart: see ``Given``).
struct MeasureRequest: Sendable {
    static let defaultFont = "Roboto-Regular"
    static let defaultSize = 17.0
    /// The pixels per point of the rounded size when neither the request nor `--scale` gives one
    /// (a single text's answer always has a rounded size; a JSON Lines answer only with a scale).
    static let defaultScale = 2.0

    /// The font chain: the primary font, then its fallbacks.
    var fonts: [String] = [MeasureRequest.defaultFont]
    /// The JSON text of a request's `"font"` field, which names the chain instead of `fonts`
    /// (a name or an array of names, read when the chain is first asked for: see
    /// ``Measurer/fontChain(_:)``).
    var fontJSON: [UInt8]?
    /// The chain, when it is known already (from the request before, see ``Recent``).
    var chain: FontChain?
    /// The face index of the primary font (the fallbacks use face 0).
    var faceIndex = 0
    var size = MeasureRequest.defaultSize
    var container = TextContainer.unlimited
    /// The BCP 47 language tag for shaping and line breaking, or `nil`.
    var language: String?
    /// Pixels per point for the answer's rounded size, or `nil` for none.
    var scale: Double?
    /// The request's spans, attachments and offsets: `nil` for plain text.
    var styling: AttributedTextDescription?
    /// The request's paragraph style, or `nil`.
    var paragraph: ParagraphStyle?
    /// What a truncated text ends with (prepared by ``Measurer/truncationToken(_:style:)``),
    /// or `nil` for "…".
    var truncationToken: TruncationTokenDescription?

    /// Whether the text is plain: no styling, no paragraph style, no token (the prepared-text
    /// cache's case).
    var isPlain: Bool { styling == nil && paragraph == nil && truncationToken == nil }

    init(fonts: [String], faceIndex: Int, size: Double, container: TextContainer, language: String?, scale: Double?) {
        self.fonts = fonts
        self.faceIndex = faceIndex
        self.size = size
        self.container = container
        self.language = language
        self.scale = scale
    }

    /// Measures `text`, with fonts and prepared texts from `measurer`.
    /// - Throws: ``FontError`` or ``InvalidArgumentError``.
    func layout(of text: String, _ measurer: Measurer = Measurer()) throws -> TextLayout {
        try prepared(text, measurer).layout(in: container(measurer))
    }

    /// The container, with the request's truncation token.
    /// - Throws: ``JSONFieldError`` naming the token's field at fault.
    func container(_ measurer: Measurer) throws -> TextContainer {
        guard let truncationToken else { return container }
        var container = self.container
        do {
            container.truncationToken = try measurer.truncationToken(truncationToken, style: try style(measurer))
        } catch let error as JSONFieldError {
            throw error.inside("truncationToken")
        }
        return container
    }

    /// The style of the whole text: the request's fonts, size and language.
    func style(_ measurer: Measurer) throws -> TextStyle {
        try TextStyle(fonts: chain ?? measurer.fontChain(self), language: language)
    }

    /// `text` prepared as the request asks: in its fonts and language, styled by its spans and
    /// attachments when it has any (the request's fonts, size and language are then the style of
    /// the whole text, which the spans refine), with its paragraph style.
    /// - Throws: ``JSONFieldError`` naming the span, attachment or paragraph field at fault,
    ///   ``FontError`` or ``InvalidArgumentError``.
    func prepared(_ text: String, _ measurer: Measurer = Measurer()) throws -> PreparedText {
        guard styling != nil || paragraph != nil else {
            return try measurer.preparedTexts.prepared(text, fonts: chain ?? measurer.fontChain(self), language: language)
        }
        if let paragraph {
            do {
                try paragraph.checkRoom(inWidth: container.width)
            } catch let error as InvalidArgumentError {
                throw TextJSON.fieldError(error).inside("paragraph")
            }
        }
        var attributed = try (styling ?? AttributedTextDescription()).attributedText(text, style: style(measurer)) { names, size in
            try measurer.fontChain(names: names, size: size)
        }
        attributed.paragraphStyle = paragraph
        return try PreparedText(attributed)
    }

    /// Measures the text whose UTF-8 bytes are `utf8` (a request's, read in place).
    /// - Throws: ``FontError`` or ``InvalidArgumentError`` (also for bytes that are not UTF-8).
    func layout(ofUTF8 utf8: UnsafeBufferPointer<UInt8>, _ measurer: Measurer) throws -> TextLayout {
        if !isPlain { return try layout(of: UTF8Text.decode(utf8, what: "\"text\""), measurer) }
        return try measurer.preparedTexts.prepared(utf8: utf8, fonts: chain ?? measurer.fontChain(self), language: language)
            .layout(in: container)
    }
}

// MARK: - JSON Lines

extension MeasureRequest {
    /// What one chunk of a batch keeps from a request for the next: the last `"font"` and
    /// `"language"` texts and what they were resolved to. A feed's requests repeat them (one
    /// chain, a post's six sizes and widths in one language), so most requests skip reading
    /// them: their text is compared with the last one, byte for byte.
    struct Recent {
        /// The last `"font"` JSON text, and its chains by face index and size (at most four).
        var fontText: [UInt8] = []
        var chains: [(faceIndex: Int, size: Double, chain: FontChain)] = []
        /// The last `"language"` JSON text (a string with its quotes), and its tag.
        var languageText: [UInt8] = []
        var language: String?
    }

    /// What a JSON Lines request gives, as it gives it: every field optional (`null` is the
    /// same as absent); the `"id"`, `"text"`, `"font"` and `"language"` kept where they are in
    /// the line (a text prepared before is found by its bytes; a chain or a language the
    /// request before had is not read again, and each new one is read when it is resolved).
    struct Given {
        var id: Range<Int>?
        var text: JSONStringSource?
        var font: Range<Int>?
        var size: Double?
        var width: Double?
        var height: Double?
        var language: Range<Int>?
        /// Whether the `"font"` and `"language"` texts are the request before's (see ``Recent``).
        var fontIsRecent = false
        var languageIsRecent = false
        /// The fields a feed's requests seldom give, made when one is given: kept apart, so
        /// that what a plain request gives is a few words to make and return.
        var seldom: Seldom?

        var faceIndex: Int? { seldom?.faceIndex }
        var numberOfLines: Int? { seldom?.numberOfLines }
        var lineBreakMode: LineBreakMode? { seldom?.lineBreakMode }
        var scale: Double? { seldom?.scale }
        /// `"spans"`, `"attachments"` and `"offsets"`, when one is given.
        var styling: AttributedTextDescription? { seldom?.styling }
        var paragraph: ParagraphStyle? { seldom?.paragraph }
        var truncationToken: TruncationTokenDescription? { seldom?.truncationToken }
    }

    /// The fields of a request that feeds seldom give (see ``Given/seldom``): one per request,
    /// written only while the request is read.
    final class Seldom {
        var faceIndex: Int?
        var numberOfLines: Int?
        var lineBreakMode: LineBreakMode?
        var scale: Double?
        var styling: AttributedTextDescription?
        var paragraph: ParagraphStyle?
        var truncationToken: TruncationTokenDescription?
    }

    /// The fields of a request, in the order of ``fieldNames``.
    private enum Field: Int {
        case id, text, font, faceIndex, size, width, height, numberOfLines, lineBreakMode, language, scale, spans,
             attachments, offsets, paragraph, truncationToken
    }

    /// The names of a request's fields, in the order of ``Field``; any other is an error naming it.
    static let fieldNames = JSONFieldNames([
        "id", "text", "font", "faceIndex", "size", "width", "height", "numberOfLines", "lineBreakMode", "language",
        "scale", "spans", "attachments", "offsets", "paragraph", "truncationToken",
    ])

    /// The place of a field's value kept to be read later — `nil` for `null` — and whether its
    /// text is `recent`, the text the request before had.
    @inline(__always)
    private static func keptForLater(_ reader: inout JSONReader, recent: [UInt8]) throws -> (Range<Int>?, Bool) {
        if let same = recent.withUnsafeBufferPointer({ reader.skipValue(ifItIs: $0) }) { return (same, true) }
        if try reader.peek() == .null {
            try reader.readNull()
            return (nil, false)
        }
        return (try reader.skipValueUnchecked(), false)
    }

    /// Reads the request in `line`, comparing its font and language with `recent`'s: one loop
    /// over the members, each field read in place (a repeated field is read again, the last
    /// one wins).
    /// - Throws: ``JSONParseError``, or ``JSONFieldError`` naming the field at fault (a bad
    ///   `"font"` or `"language"` only when it is resolved).
    static func read(_ line: UnsafeBufferPointer<UInt8>, recent: Recent = Recent()) throws -> Given {
        var reader = JSONReader(line)
        var id: Range<Int>?, text: JSONStringSource?, font: Range<Int>?, language: Range<Int>?
        var size: Double?, width: Double?, height: Double?
        var fontIsRecent = false, languageIsRecent = false
        var seldom: Seldom?
        try fieldNames.readMembers(&reader, subject: "a request") { index, reader in
            guard let field = Field(rawValue: index) else { preconditionFailure("a name without its field") }
            switch field {
            case .id: id = try reader.skipValue()
            case .text:
                switch try reader.peek() {
                case .string: text = try reader.readStringSource()
                case .null:
                    try reader.readNull()
                    text = nil
                default: throw JSONFieldError.invalid(requirement: "a string", given: try reader.describeValue())
                }
            case .font:
                // Read (and checked) when its chain is resolved, by ``Measurer``.
                (font, fontIsRecent) = try keptForLater(&reader, recent: recent.fontText)
            case .size: size = try reader.optionalNumber()
            case .width: width = try reader.optionalNumber()
            case .height: height = try reader.optionalNumber()
            case .language:
                // Read (and checked) when the request is made, by ``RequestFields/languageTag(_:)``.
                (language, languageIsRecent) = try keptForLater(&reader, recent: recent.languageText)
            default:
                let fields = seldom ?? Seldom()
                seldom = fields
                try readSeldom(field, &reader, into: fields)
            }
        }
        try reader.readEnd()
        return Given(id: id, text: text, font: font, size: size, width: width, height: height, language: language,
                     fontIsRecent: fontIsRecent, languageIsRecent: languageIsRecent, seldom: seldom)
    }

    /// Reads the value of `field`, one of those a feed's requests seldom give, into `fields`.
    @inline(never)
    private static func readSeldom(_ field: Field, _ reader: inout JSONReader, into fields: Seldom) throws {
        switch field {
        case .faceIndex: fields.faceIndex = try reader.optionalCount()
        case .numberOfLines: fields.numberOfLines = try reader.optionalCount()
        case .lineBreakMode: fields.lineBreakMode = try RequestFields.lineBreakMode(&reader)
        case .scale: fields.scale = try RequestFields.scale(&reader)
        case .spans: try fields.styling.read { try $0.readSpans(&reader) }
        case .attachments: try fields.styling.read { try $0.readAttachments(&reader) }
        case .offsets: try fields.styling.read { try $0.readOffsets(&reader) }
        case .paragraph: fields.paragraph = try ParagraphDescription.read(&reader)
        case .truncationToken: fields.truncationToken = try TruncationTokenDescription.read(&reader)
        case .id, .text, .font, .size, .width, .height, .language: preconditionFailure("read by read(_:recent:)")
        }
    }

    /// The request `given` (read from `line`) describes; a field it leaves out takes its
    /// value from `defaults` — the command line's options — except `faceIndex`, which
    /// belongs to the first font and so is taken only with the default fonts. A font or
    /// language the request before had is taken from `recent`; a new one is resolved (a
    /// chain by `measurer`) and kept in `recent`.
    /// - Throws: ``JSONFieldError`` for a missing text or a bad font or language, ``FontError``,
    ///   ``InvalidArgumentError`` or ``CommandError`` for an impossible container.
    init(_ given: Given, in line: UnsafeBufferPointer<UInt8>, defaults: MeasureRequest, recent: inout Recent,
         measurer: Measurer) throws {
        guard given.text != nil else { throw JSONFieldError(path: "text", .missing) }
        fonts = defaults.fonts
        fontJSON = defaults.fontJSON
        faceIndex = given.faceIndex ?? (given.font == nil ? defaults.faceIndex : 0)
        size = given.size ?? defaults.size
        scale = given.scale ?? defaults.scale
        styling = given.styling.flatMap { $0.isEmpty ? nil : $0 }
        paragraph = given.paragraph
        truncationToken = given.truncationToken
        if let range = given.font {
            if !given.fontIsRecent {
                recent.fontText = Array(line[range])
                recent.chains.removeAll()
            }
            fontJSON = recent.fontText
            let (faceIndex, size) = (self.faceIndex, self.size)
            if let known = recent.chains.first(where: { $0.faceIndex == faceIndex && $0.size == size }) {
                chain = known.chain
            } else {
                let resolved = try measurer.fontChain(self)
                if recent.chains.count == 4 { recent.chains.removeFirst() }
                recent.chains.append((faceIndex, size, resolved))
                chain = resolved
            }
        }
        if let range = given.language {
            if !given.languageIsRecent {
                var reader = JSONReader(UnsafeBufferPointer(rebasing: line[range]))
                recent.languageText = []
                do {
                    recent.language = try RequestFields.languageTag(&reader)
                    try reader.readEnd()
                } catch let error as JSONFieldError {
                    throw error.inside("language")
                }
                recent.languageText = Array(line[range])
            }
            language = recent.language
        } else {
            language = defaults.language
        }
        do {
            container = try TextContainer(
                width: given.width ?? defaults.container.width,
                height: given.height ?? defaults.container.height,
                numberOfLines: given.numberOfLines ?? defaults.container.numberOfLines,
                lineBreakMode: given.lineBreakMode ?? defaults.container.lineBreakMode)
        } catch let error as InvalidArgumentError {
            throw CommandError(error.description)
        }
    }

    /// Measures `text`, a string of the request in `line`.
    func layout(of text: JSONStringSource, in line: UnsafeBufferPointer<UInt8>, _ measurer: Measurer) throws -> TextLayout {
        switch text {
        case .bytes(let range): return try layout(ofUTF8: UnsafeBufferPointer(rebasing: line[range]), measurer)
        case .decoded(let string): return try layout(of: string, measurer)
        }
    }
}

extension Optional where Wrapped == AttributedTextDescription {
    /// Reads one of a request's styling fields into the description, made on first use.
    mutating func read(_ body: (inout AttributedTextDescription) throws -> Void) throws {
        var description = self ?? AttributedTextDescription()
        try body(&description)
        self = description
    }
}
