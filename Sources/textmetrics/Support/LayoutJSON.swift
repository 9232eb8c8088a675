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
    static func write(_ layout: TextLayout, id: UnsafeBufferPointer<UInt8>? = nil, scale: Double? = nil,
                      into out: inout JSONOutput) {
        out.beginObject()
        if let id {
            out.key("id")
            try? out.append(jsonText: id)
        }
        out.member("lineCount", layout.lineCount)
        out.member("width", layout.size.width)
        out.member("height", layout.size.height)
        out.member("firstBaseline", layout.firstBaseline)
        out.member("lastBaseline", layout.lastBaseline)
        out.key("lines")
        out.beginArray()
        for line in layout.lines {
            out.beginObject()
            out.member("start", line.utf8Range.lowerBound)
            out.member("length", line.utf8Range.count)
            out.member("width", line.width)
            out.member("height", line.height)
            out.member("baseline", line.baseline)
            if line.x != 0 { out.member("x", line.x) }
            out.endObject()
        }
        out.endArray()
        if layout.isTruncated {
            out.member("truncated", true)
            out.key("visibleRanges")
            out.beginArray()
            for range in layout.visibleRanges {
                out.beginObject()
                out.member("start", range.lowerBound)
                out.member("length", range.count)
                out.endObject()
            }
            out.endArray()
            if let frame = layout.truncationTokenFrame {
                out.key("token")
                out.beginObject()
                out.member("x", frame.x)
                out.member("y", frame.y)
                out.member("width", frame.width)
                out.member("height", frame.height)
                out.endObject()
            }
        }
        if layout.usesFallbackFonts { out.member("fallback", true) }
        if !layout.missingGlyphs.isEmpty {
            out.key("missingGlyphs")
            out.beginArray()
            for scalar in layout.missingGlyphs { out.append(codePoint(scalar)) }
            out.endArray()
        }
        if let scale {
            let rounded = layout.size.roundedUp(scale: scale)
            out.member("scale", scale)
            out.member("roundedWidth", rounded.width)
            out.member("roundedHeight", rounded.height)
        }
        out.endObject()
    }

    /// `U+1F600`.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
