import JSON
import TextMetrics

/// The JSON answer for a measured text.
enum LayoutJSON {
    /// `layout` as an answer object, with its size rounded up to the pixel grid of `scale`
    /// (pixels per point) when one is given.
    static func answer(id: JSONValue?, _ layout: TextLayout, scale: Double? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = []
        if let id { members.append(("id", id)) }
        members.append(("lineCount", .number(Double(layout.lineCount))))
        members.append(("width", .number(layout.size.width)))
        members.append(("height", .number(layout.size.height)))
        members.append(("lines", .array(layout.lines.map { line in
            .object([("start", .number(Double(line.utf8Range.lowerBound))),
                     ("length", .number(Double(line.utf8Range.count))),
                     ("width", .number(line.width)),
                     ("height", .number(line.height))])
        })))
        if layout.isTruncated { members.append(("truncated", .bool(true))) }
        if layout.usesFallbackFonts { members.append(("fallback", .bool(true))) }
        if !layout.missingGlyphs.isEmpty {
            members.append(("missingGlyphs", .array(layout.missingGlyphs.map { .string(codePoint($0)) })))
        }
        if let scale {
            let rounded = layout.size.roundedUp(scale: scale)
            members.append(("scale", .number(scale)))
            members.append(("roundedWidth", .number(rounded.width)))
            members.append(("roundedHeight", .number(rounded.height)))
        }
        return .object(members)
    }

    static func error(id: JSONValue?, _ message: String) -> JSONValue {
        .object([("id", id ?? .null), ("error", .string(message))])
    }

    /// `U+1F600`.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
