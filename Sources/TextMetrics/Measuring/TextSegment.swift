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
    /// Width of `start..<shapedEnd` in layout units (font units of a single font), in context.
    var width: Int64 = 0
    /// Width of the trailing whitespace in layout units.
    var trailingWhitespace: Int64 = 0
    /// Correction to the content width when the segment ends a line (see ``SegmentMeasure``).
    var lineEndCorrection: Int32 = 0
    /// Some cluster has no glyph in the font.
    var hasMissingGlyphs = false
    /// The fonts of a ``FontChain`` the segment is drawn with (bit i: font i); 0 when the
    /// whole text is in the primary font.
    var fontMask: UInt16 = 0

    /// The width of the content, without trailing whitespace, in layout units.
    var contentWidth: Int64 { width - trailingWhitespace }

    mutating func apply(_ measure: SegmentMeasure) {
        width = Int64(measure.width)
        trailingWhitespace = Int64(measure.trailingWhitespace)
        lineEndCorrection = measure.lineEndCorrection
        hasMissingGlyphs = measure.hasMissingGlyphs
    }

    /// The segment's measure in one face (its widths must be that face's units).
    var measure: SegmentMeasure {
        SegmentMeasure(width: Int32(clamping: width), trailingWhitespace: Int32(clamping: trailingWhitespace),
                       lineEndCorrection: lineEndCorrection, hasMissingGlyphs: hasMissingGlyphs, graphemes: nil)
    }
}
