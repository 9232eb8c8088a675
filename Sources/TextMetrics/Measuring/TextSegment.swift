/// A piece of text between two line-break opportunities, measured: the unit of line fitting.
///
/// Byte offsets are UTF-8 offsets into the prepared text:
/// `start ≤ contentEnd ≤ shapedEnd ≤ end`. `contentEnd..<shapedEnd` is trailing whitespace,
/// which hangs at the end of a line; `shapedEnd..<end` holds line separators (LF, CR LF, NEL,
/// U+2028, U+2029…), which are never shaped and have no width.
struct TextSegment: Sendable {
    var start: Int32
    var contentEnd: Int32
    var shapedEnd: Int32
    var end: Int32
    /// A line must end after this segment (a separator, or the end of the text).
    var isMandatoryBreak: Bool
    /// Width of `start..<shapedEnd` in font units, in context.
    var width: Int32 = 0
    /// Width of the trailing whitespace in font units.
    var trailingWhitespace: Int32 = 0
    /// Correction to the content width when the segment ends a line (see ``SegmentMeasure``).
    var lineEndCorrection: Int32 = 0
    /// Some cluster has no glyph in the font.
    var hasMissingGlyphs = false

    /// The width of the content, without trailing whitespace, in font units.
    var contentWidth: Int32 { width - trailingWhitespace }

    mutating func apply(_ measure: SegmentMeasure) {
        width = measure.width
        trailingWhitespace = measure.trailingWhitespace
        lineEndCorrection = measure.lineEndCorrection
        hasMissingGlyphs = measure.hasMissingGlyphs
    }

    var measure: SegmentMeasure {
        SegmentMeasure(width: width, trailingWhitespace: trailingWhitespace,
                       lineEndCorrection: lineEndCorrection, hasMissingGlyphs: hasMissingGlyphs, graphemes: nil)
    }
}
