import JSON
import TextMetrics

/// A span as JSON gives it: a half-open range `"start"`–`"end"` (in the unit the text's
/// `"offsets"` names) and a style's fields (``StyleDescription``), all optional; in a feed row,
/// also the name of one of the template's styles (`"style"`).
///
/// ```json
/// {"start": 0, "end": 6, "font": "Roboto-Medium", "kern": 0.5}
/// {"start": 20, "end": 41, "style": "link"}
/// ```
public struct SpanDescription: Hashable, Sendable {
    /// The range's start (`"start"`, default 0).
    public var start = 0
    /// The range's end (`"end"`), or `nil` for the end of the text.
    public var end: Int?
    /// The style's fields given on the span.
    public var style = StyleDescription()
    /// The template style the span names (`"style"`), or `nil`.
    public var styleName: String?

    /// An empty span over the whole text.
    public init() {}

    /// The fields of a span of a `measure` request.
    public static let fields = JSONFields<SpanDescription>("a span", pairs: rangeReaders + styleReaders)

    /// The fields of a span of a feed row: a request's, and `"style"`.
    public static let fieldsNamingStyles = JSONFields<SpanDescription>(
        "a span", pairs: rangeReaders + styleReaders + [(name: "style", reader: { @Sendable reader, span in
            span.styleName = try reader.optionalString()
        })])

    private static let rangeReaders: [(name: StaticString, reader: JSONFields<SpanDescription>.FieldReader)] = [
        (name: "start", reader: { @Sendable reader, span in span.start = try reader.optionalCount() ?? 0 }),
        (name: "end", reader: { @Sendable reader, span in span.end = try reader.optionalCount() }),
    ]

    private static let styleReaders: [(name: StaticString, reader: JSONFields<SpanDescription>.FieldReader)] =
        StyleDescription.fieldReaders.map { name, read in
            (name: name, reader: { @Sendable reader, span in try read(&reader, &span.style) })
        }
}

