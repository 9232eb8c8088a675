import JSON
import TextMetrics

/// The `"truncationToken"` field — what a truncated text ends with — as JSON gives it: its
/// `"text"` (required), a style's fields over the text's own style (``StyleDescription``), and
/// `"spans"` and `"offsets"` as a text's; in a cell template also `"style"`, the name of one
/// of the item's styles.
///
/// ```json
/// {"text": "… more", "font": "Roboto-Medium", "color": "#1DA1F2"}
/// {"text": "… more", "style": "link"}
/// ```
public struct TruncationTokenDescription: Hashable, Sendable {
    /// The token's text.
    public var text: String = ""
    /// The style's fields given on the token, over the text's own style.
    public var style = StyleDescription()
    /// The named style it takes first (`"style"`), or `nil`.
    public var styleName: String?
    /// Its spans, in the unit its `"offsets"` names.
    public var styling = AttributedTextDescription()

    /// An empty description.
    public init() {}

    /// Reads a token object; `nil` for `null`.
    /// - Throws: ``JSONFieldError`` naming the field: an unknown one, a missing or empty `"text"`.
    public static func read(_ reader: inout JSONReader, namingStyles: Bool = false) throws -> TruncationTokenDescription? {
        if try reader.peek() == .null {
            try reader.readNull()
            return nil
        }
        var token = TruncationTokenDescription()
        try (namingStyles ? fieldsNamingStyles : fields).read(&reader, into: &token)
        guard !token.text.isEmpty else { throw JSONFieldError(path: "text", .missing) }
        return token
    }

    /// The token prepared: its text in `style` (the text's own) with the named style, then its
    /// own fields, over it, and its spans.
    /// - Throws: ``JSONFieldError`` naming the field at fault (`"style"` unknown, `"font"` not
    ///   loadable, `"spans[0].end"` past the text, `"text"` holding a line separator).
    public func token(style: TextStyle, namedStyles: [String: StyleDescription] = [:],
                      loadingFonts loadFonts: (_ names: [String], _ size: Double) throws -> FontChain) throws
        -> TruncationToken {
        let description = try StyleDescription.resolving(styleName, under: self.style, in: namedStyles)
        do {
            let own = try style.applying(description.attributes(defaultSize: style.fonts.size, loadingFonts: loadFonts))
            let text = try styling.attributedText(self.text, style: own, namedStyles: namedStyles, loadingFonts: loadFonts)
            return try TruncationToken(text)
        } catch let error as InvalidArgumentError {
            throw TextJSON.fieldError(error)
        }
    }

    private static let ownReaders: [(name: StaticString, reader: JSONFields<TruncationTokenDescription>.FieldReader)] = [
        (name: "text", reader: { @Sendable reader, token in
            guard try reader.peek() == .string else {
                throw JSONFieldError.invalid(requirement: "a non-empty string", given: try reader.describeValue())
            }
            token.text = try reader.readString()
        }),
        (name: "spans", reader: { @Sendable reader, token in try token.styling.readSpans(&reader) }),
        (name: "offsets", reader: { @Sendable reader, token in try token.styling.readOffsets(&reader) }),
    ] + StyleDescription.fieldReaders.map { name, read in
        (name: name, reader: { @Sendable reader, token in try read(&reader, &token.style) })
    }

    /// The fields of a `measure` request's token.
    static let fields = JSONFields<TruncationTokenDescription>("a truncation token", pairs: ownReaders)

    /// The fields of a template's token: a request's, and `"style"`.
    static let fieldsNamingStyles = JSONFields<TruncationTokenDescription>(
        "a truncation token", pairs: ownReaders + [(name: "style", reader: { @Sendable reader, token in
            token.styleName = try reader.optionalString()
        })])
}
