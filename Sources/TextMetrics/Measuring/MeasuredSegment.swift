/// A segment with its measure: the unit of line fitting.
///
/// Widths are in the units of whoever measured it: a face's font units inside a
/// ``SegmentMeasurer``, the text's layout units (``LayoutUnits``) once ``RunMeasurer`` has
/// added up its pieces — which is what a prepared text keeps.
struct MeasuredSegment: Sendable {
    /// Width of `start..<shapedEnd`, in context.
    var width: Int64 = 0
    /// Width of the trailing whitespace.
    var trailingWhitespace: Int64 = 0
    /// Where the segment is and what it holds.
    var bounds: TextSegment
    /// Some cluster has no glyph in its font.
    var hasMissingGlyphs = false
    /// Correction to the content width when the segment ends a line (see ``SegmentMeasure``).
    var lineEndCorrection: Int32 = 0
    /// For a character run whose characters all have the same advance (most CJK fonts: one
    /// em), that advance, so a line ending inside the run is found by one division; 0 otherwise.
    var characterAdvance: Int32 = 0
    /// The fonts of the ``FontChain`` the segment is drawn with (bit i: font i), and
    /// ``FontChain/attachmentBit`` when it holds an attachment.
    var fontMask: UInt32 = 0

    /// `bounds`, not measured yet.
    init(_ bounds: TextSegment) {
        self.bounds = bounds
    }

    var start: Int32 { bounds.start }
    var contentEnd: Int32 { bounds.contentEnd }
    var shapedEnd: Int32 { bounds.shapedEnd }
    var end: Int32 { bounds.end }
    var isMandatoryBreak: Bool { bounds.isMandatoryBreak }
    var isCharacterRun: Bool { bounds.isCharacterRun }
    var characterCount: Int { bounds.characterCount }

    /// The width of the content, without trailing whitespace.
    var contentWidth: Int64 { width - trailingWhitespace }

    /// Takes a measure from a face's cache (in that face's units).
    mutating func apply(_ measure: SegmentMeasure) {
        width = Int64(measure.width)
        trailingWhitespace = Int64(measure.trailingWhitespace)
        lineEndCorrection = measure.lineEndCorrection
        hasMissingGlyphs = measure.hasMissingGlyphs
    }

    /// The segment's measure as a face's cache keeps it (its widths must be that face's units).
    var measure: SegmentMeasure {
        SegmentMeasure(width: Int32(clamping: width), trailingWhitespace: Int32(clamping: trailingWhitespace),
                       lineEndCorrection: lineEndCorrection, hasMissingGlyphs: hasMissingGlyphs)
    }
}
