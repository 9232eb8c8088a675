import JSON
import TextMetrics

/// The styling of a text as JSON gives it beside the text — `"spans"`, `"attachments"` and
/// `"offsets"`, the fields a `measure` request and a feed row's text object share — and the
/// ``AttributedText`` it makes of a string in a style.
///
/// ```json
/// "spans": [{"start": 0, "end": 6, "font": "Roboto-Medium"}],
/// "attachments": [{"offset": 12, "width": 20, "ascent": 16, "descent": 4}],
/// "offsets": "utf16"
/// ```
public struct AttributedTextDescription: Hashable, Sendable {
    /// The spans, in order (later ones win where they overlap).
    public var spans: [SpanDescription] = []
    /// The attachments.
    public var attachments: [AttachmentDescription] = []
    /// The unit of the spans' and attachments' offsets.
    public var offsets: TextOffsetUnit = .utf8

    /// No span, no attachment.
    public init() {}

    /// Whether it styles nothing.
    public var isEmpty: Bool { spans.isEmpty && attachments.isEmpty }

    /// Reads a text object — a feed row's styled field: `{"text": "…", "offsets": "utf16",
    /// "spans": [{"start": 0, "end": 6, "style": "mention"}], "attachments": […]}` — its text
    /// (required) and its styling; spans may name a template's styles.
    /// - Throws: ``JSONFieldError`` naming the field: an unknown one, a missing `"text"`.
    public static func readTextObject(_ reader: inout JSONReader) throws -> (text: String, styling: AttributedTextDescription) {
        var object = TextObject()
        try TextObject.fields.read(&reader, into: &object)
        guard let text = object.text else { throw JSONFieldError(path: "text", .missing) }
        return (text, object.styling)
    }

    private struct TextObject {
        var text: String?
        var styling = AttributedTextDescription()

        static let fields = JSONFields<TextObject>("a text object", [
            "text": { reader, object in
                guard try reader.peek() == .string else {
                    throw JSONFieldError.invalid(requirement: "a string", given: try reader.describeValue())
                }
                object.text = try reader.readString()
            },
            "offsets": { reader, object in try object.styling.readOffsets(&reader) },
            "spans": { reader, object in try object.styling.readSpans(&reader, namingStyles: true) },
            "attachments": { reader, object in try object.styling.readAttachments(&reader) },
        ])
    }

    /// Reads the `"spans"` field (spans of a request, or with `namingStyles` of a row).
    public mutating func readSpans(_ reader: inout JSONReader, namingStyles: Bool = false) throws {
        var spans: [SpanDescription] = []
        let table = namingStyles ? SpanDescription.fieldsNamingStyles : SpanDescription.fields
        try reader.optionalArray { _, reader in
            var span = SpanDescription()
            try table.read(&reader, into: &span)
            spans.append(span)
        }
        self.spans = spans
    }

    /// Reads the `"attachments"` field.
    public mutating func readAttachments(_ reader: inout JSONReader) throws {
        var attachments: [AttachmentDescription] = []
        try reader.optionalArray { _, reader in
            var attachment = AttachmentDescription()
            try AttachmentDescription.fields.read(&reader, into: &attachment)
            attachments.append(attachment)
        }
        self.attachments = attachments
    }

    /// Reads the `"offsets"` field.
    public mutating func readOffsets(_ reader: inout JSONReader) throws {
        offsets = try TextJSON.offsetUnit(&reader) ?? .utf8
    }

    /// `string` in `style`, with these spans and attachments; a span's fonts are loaded by
    /// `loadFonts` at the span's size or, when it gives none, the style's; a span naming a
    /// style takes `namedStyles`' fields, then its own.
    /// - Throws: ``JSONFieldError`` naming the field at fault: `spans[2].end` past the text,
    ///   `spans[0].style` unknown, `attachments[1].offset` not at a U+FFFC…
    public func attributedText(_ string: String, style: TextStyle, namedStyles: [String: StyleDescription] = [:],
                               loadingFonts loadFonts: (_ names: [String], _ size: Double) throws -> FontChain) throws
        -> AttributedText {
        try attributedText(string, style: style, named: NamedStyles(namedStyles), loadingFonts: loadFonts)
    }

    /// `string` in `style`, as ``attributedText(_:style:namedStyles:loadingFonts:)`` makes it
    /// with `named`'s styles; a span that names one and sets nothing of its own takes its
    /// attributes as `named` worked them out, when it did at the style's size.
    /// - Throws: what ``attributedText(_:style:namedStyles:loadingFonts:)`` throws.
    package func attributedText(_ string: String, style: TextStyle, named: NamedStyles,
                                loadingFonts loadFonts: (_ names: [String], _ size: Double) throws -> FontChain) throws
        -> AttributedText {
        var spans: [AttributedText.Span] = []
        spans.reserveCapacity(self.spans.count)
        let length = offsets == .utf8 ? string.utf8.count : offsets == .utf16 ? string.utf16.count
            : string.unicodeScalars.count
        for (index, span) in self.spans.enumerated() {
            do {
                func range() throws -> Range<Int> {
                    let end = span.end ?? length
                    guard span.start <= end else {
                        throw JSONFieldError.invalid("end", requirement: "at least \"start\" (\(span.start))", given: "\(end)")
                    }
                    return span.start..<end
                }
                if span.style.isEmpty, let name = span.styleName, let attributes = named.attributes(of: name, at: style.fonts.size) {
                    spans.append(AttributedText.Span(range: try range(), attributes: attributes))
                } else {
                    let description = try StyleDescription.resolving(span.styleName, under: span.style, in: named.descriptions)
                    let range = try range()
                    spans.append(AttributedText.Span(range: range, attributes: try description.attributes(
                        defaultSize: style.fonts.size, loadingFonts: loadFonts)))
                }
            } catch let error as JSONFieldError {
                throw error.inside("[\(index)]").inside("spans")
            }
        }
        var attachments: [AttributedText.Attachment] = []
        for (index, attachment) in self.attachments.enumerated() {
            do {
                attachments.append(AttributedText.Attachment(offset: attachment.offset ?? 0, attachment: try attachment.attachment()))
            } catch let error as JSONFieldError {
                throw error.inside("[\(index)]").inside("attachments")
            }
        }
        do {
            return try AttributedText(string, style: style, spans: spans, attachments: attachments, in: offsets)
        } catch let error as InvalidArgumentError {
            throw TextJSON.fieldError(error)
        }
    }
}
