/// A piece of text between two line-break opportunities, measured: the unit of line fitting.
///
/// Byte offsets are UTF-8 offsets into the prepared text:
/// `start ≤ contentEnd ≤ shapedEnd ≤ end`. `contentEnd..<shapedEnd` is trailing whitespace,
/// which hangs at the end of a line; `shapedEnd..<end` holds line separators (LF, CR LF, NEL,
/// U+2028, U+2029…), which are never shaped and have no width.
///
/// A *character run* (``isCharacterRun``) stands for several segments of one character
/// each — ideographs, kana, Hangul: three-byte characters with a break opportunity after
/// every one — kept as one while every character of it is context-free in its font (see
/// ``ContextFreeAdvances``), so its width is the sum of their advances, and a line may end
/// after any of them with the width of the characters before. Chinese and Japanese text,
/// where every ideograph is a segment, is then cut, measured and fitted a run at a time.
struct TextSegment: Sendable {
    var start: Int32
    var contentEnd: Int32
    var shapedEnd: Int32
    var end: Int32
    /// A line must end after this segment (a separator, or the end of the text).
    var isMandatoryBreak: Bool
    /// The segment is a character run: `(end - start) / 3` characters of three UTF-8 bytes,
    /// no whitespace, a break opportunity after each, all context-free in one font.
    var isCharacterRun = false
    /// For a character run whose characters all have the same advance (most CJK fonts: one
    /// em), that advance in layout units, so a line ending inside the run is found by one
    /// division; 0 otherwise.
    var characterAdvance: Int32 = 0
    /// Width of `start..<shapedEnd` in layout units (font units of a single font), in context.
    var width: Int64 = 0
    /// Width of the trailing whitespace in layout units.
    var trailingWhitespace: Int64 = 0
    /// Correction to the content width when the segment ends a line (see ``SegmentMeasure``).
    var lineEndCorrection: Int32 = 0
    /// Some cluster has no glyph in the font.
    var hasMissingGlyphs = false
    /// A piece of a segment that starts inside it, at a run boundary (``RunShaper``): HarfBuzz
    /// shapes it reading the text before it (Arabic joining), so its cache key carries that text.
    var startsInsideSegment = false
    /// The fonts of a ``FontChain`` the segment is drawn with (bit i: font i); 0 when the
    /// whole text is in the primary font.
    var fontMask: UInt16 = 0

    /// The width of the content, without trailing whitespace, in layout units.
    var contentWidth: Int64 { width - trailingWhitespace }

    /// The number of characters of a character run.
    var characterCount: Int { Int(end - start) / 3 }

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
