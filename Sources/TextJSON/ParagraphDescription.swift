import JSON
import TextMetrics

/// The `"paragraph"` field — a ``ParagraphStyle`` as JSON gives it, with `NSParagraphStyle`'s
/// names; every field optional, the defaults `NSParagraphStyle.default`'s:
///
/// ```json
/// {"lineSpacing": 4, "lineHeightMultiple": 1.2, "minimumLineHeight": 0, "maximumLineHeight": 0,
///  "paragraphSpacing": 8, "paragraphSpacingBefore": 0, "firstLineHeadIndent": 16, "headIndent": 0,
///  "tailIndent": 0, "tabStops": [40, 120], "defaultTabInterval": 28, "alignment": "natural"}
/// ```
public enum ParagraphDescription {
    /// Reads a paragraph style object; `nil` for `null`.
    /// - Throws: ``JSONFieldError`` naming the field: an unknown one, a value that is not a
    ///   number, a negative spacing or indent, tab stops out of order, an unknown alignment.
    public static func read(_ reader: inout JSONReader) throws -> ParagraphStyle? {
        if try reader.peek() == .null {
            try reader.readNull()
            return nil
        }
        var style = ParagraphStyle()
        try fields.read(&reader, into: &style)
        do {
            return try style.validated()
        } catch let error as InvalidArgumentError {
            throw TextJSON.fieldError(error)
        }
    }

    private static func number(_ path: WritableKeyPath<ParagraphStyle, Double> & Sendable) -> JSONFields<ParagraphStyle>.FieldReader {
        { @Sendable reader, style in
            if let value = try reader.optionalNumber() { style[keyPath: path] = value }
        }
    }

    /// The fields of a paragraph style object; any other is an error naming it.
    static let fields = JSONFields<ParagraphStyle>("a paragraph style", [
        "lineSpacing": number(\.lineSpacing),
        "lineHeightMultiple": number(\.lineHeightMultiple),
        "minimumLineHeight": number(\.minimumLineHeight),
        "maximumLineHeight": number(\.maximumLineHeight),
        "paragraphSpacing": number(\.paragraphSpacing),
        "paragraphSpacingBefore": number(\.paragraphSpacingBefore),
        "firstLineHeadIndent": number(\.firstLineHeadIndent),
        "headIndent": number(\.headIndent),
        "tailIndent": number(\.tailIndent),
        "defaultTabInterval": number(\.defaultTabInterval),
        "tabStops": { reader, style in
            var stops: [Double] = []
            let given = try reader.optionalArray { _, reader in
                guard let stop = try reader.optionalNumber() else {
                    throw JSONFieldError.invalid(requirement: "a number of points", given: "null")
                }
                stops.append(stop)
            }
            if given { style.tabStops = stops }
        },
        "alignment": { reader, style in
            guard let name = try reader.optionalString() else { return }
            guard let alignment = TextAlignment(rawValue: name) else {
                throw JSONFieldError.invalid(requirement: "one of " + TextAlignment.allCases.map { "\"\($0.rawValue)\"" }
                                                 .joined(separator: ", "),
                                             given: JSONValue.string(name).serialized)
            }
            style.alignment = alignment
        },
    ])
}
