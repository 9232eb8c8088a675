import JSON
import TextMetrics

/// The JSON answer for a measured text, written member by member:
/// `{"id", "lineCount", "width", "height", "firstBaseline", "lastBaseline",
/// "lines": [{"start", "length", "width", "height", "baseline", "x"}],
/// "truncated", "visibleRanges": [{"start", "length"}], "token": {"x", "y", "width", "height"},
/// "fallback", "missingGlyphs", "scale", "roundedWidth", "roundedHeight"}`
/// (a line's `"x"` only when it is not 0, the last eight only when they apply). A new member
/// is one more line here.
enum LayoutJSON {
    /// Writes `layout` as an answer object — with the JSON text `id` as its `"id"` when given,
    /// and its size rounded up to the pixel grid of `scale` (pixels per point) when given.
    /// The members after the id are written through one ``JSONCursor`` (its room reserved
    /// once: an answer's size is bounded by its counts of lines, ranges and missing glyphs).
    static func write(_ layout: TextLayout, id: UnsafeBufferPointer<UInt8>? = nil, scale: Double? = nil,
                      into out: inout JSONOutput) {
        // An id that is written as it stands (a plain integer or string) goes through the
        // cursor too; any other is written as its parsed value.
        let idIsCopied = id.map(JSONOutput.isCanonical) ?? true
        if !idIsCopied, let id {
            out.beginObject()
            out.key("id")
            try? out.append(jsonText: id)
        }
        let ranges = layout.isTruncated ? layout.visibleRanges : []
        // Each member counts its key and punctuation (at most 19 bytes, `,"visibleRanges":[`)
        // and a number's room: at most 16 outside the lines, six a line, two a range.
        let member = 20 + JSONCursor.maxNumberLength
        let room = 16 * member + layout.lines.count * 6 * member + ranges.count * 2 * member
            + layout.missingGlyphs.count * 16 + (id?.count ?? 0)
        out.write(reserving: room) { out in
            if !idIsCopied {
                out.write("\"lineCount\":")
            } else if let id {
                out.write("{\"id\":")
                out.write(jsonText: id)
                out.write(",\"lineCount\":")
            } else {
                out.write("{\"lineCount\":")
            }
            out.write(layout.lineCount)
            out.write(",\"width\":")
            out.write(layout.size.width)
            out.write(",\"height\":")
            out.write(layout.size.height)
            out.write(",\"firstBaseline\":")
            out.write(layout.firstBaseline)
            out.write(",\"lastBaseline\":")
            out.write(layout.lastBaseline)
            out.write(",\"lines\":[")
            layout.lines.withUnsafeBufferPointer { lines in
                for i in lines.indices {
                    out.write(i == 0 ? "{\"start\":" : ",{\"start\":")
                    out.write(lines[i].utf8Range.lowerBound)
                    out.write(",\"length\":")
                    out.write(lines[i].utf8Range.count)
                    out.write(",\"width\":")
                    out.write(lines[i].width)
                    out.write(",\"height\":")
                    out.write(lines[i].height)
                    out.write(",\"baseline\":")
                    out.write(lines[i].baseline)
                    if lines[i].x != 0 {
                        out.write(",\"x\":")
                        out.write(lines[i].x)
                    }
                    out.write("}")
                }
            }
            out.write("]")
            if layout.isTruncated {
                out.write(",\"truncated\":true,\"visibleRanges\":[")
                for (i, range) in ranges.enumerated() {
                    out.write(i == 0 ? "{\"start\":" : ",{\"start\":")
                    out.write(range.lowerBound)
                    out.write(",\"length\":")
                    out.write(range.count)
                    out.write("}")
                }
                out.write("]")
                if let frame = layout.truncationTokenFrame {
                    out.write(",\"token\":{\"x\":")
                    out.write(frame.x)
                    out.write(",\"y\":")
                    out.write(frame.y)
                    out.write(",\"width\":")
                    out.write(frame.width)
                    out.write(",\"height\":")
                    out.write(frame.height)
                    out.write("}")
                }
            }
            if layout.usesFallbackFonts { out.write(",\"fallback\":true") }
            if !layout.missingGlyphs.isEmpty {
                out.write(",\"missingGlyphs\":[")
                for (i, scalar) in layout.missingGlyphs.enumerated() {
                    out.write(i == 0 ? "\"" : ",\"")
                    var text = codePoint(scalar)
                    text.withUTF8 { out.write(jsonText: $0) }
                    out.write("\"")
                }
                out.write("]")
            }
            if let scale {
                let rounded = layout.size.roundedUp(scale: scale)
                out.write(",\"scale\":")
                out.write(scale)
                out.write(",\"roundedWidth\":")
                out.write(rounded.width)
                out.write(",\"roundedHeight\":")
                out.write(rounded.height)
            }
            out.write("}")
        }
    }

    /// `U+1F600`.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
