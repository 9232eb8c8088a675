import TextSegmentation

/// A maximal stretch of text shaped in one HarfBuzz call setting: one font of the chain,
/// one script, one bidi embedding level, one style (of an attributed text). Byte offsets are
/// UTF-8 offsets into the text.
///
/// An attachment of an attributed text is a run of its own (``isAttachment``): its U+FFFC
/// cluster, never shaped.
struct TextRun: Sendable, Hashable {
    var start: Int32
    var end: Int32
    /// Index of the font in the ``FontChain`` (the chain of the text's drawn fonts in an
    /// attributed text), or ``attachmentFont``.
    var font: UInt8
    /// The run's script, Common and Inherited resolved from neighbours (Common when the run
    /// has no letters of any script).
    var script: UnicodeScript
    /// The UAX #9 embedding level; odd is right to left.
    var level: UInt8
    /// The index of the run's style in its text's ``RunStyles`` (0 in plain text), or of its
    /// attachment.
    var style: UInt16 = 0

    var isRightToLeft: Bool { level & 1 == 1 }

    /// The ``font`` of an attachment's run.
    static let attachmentFont: UInt8 = 0xFF
    /// Whether the run is an attachment's U+FFFC (``style`` is then the attachment's index).
    var isAttachment: Bool { font == TextRun.attachmentFont }

    /// The runs of a text that needs no itemizing: one left-to-right Latin run in the primary
    /// font, from the start to past any text's end. Shared, so such a text allocates no runs.
    static let wholeTextInPrimaryFont = [TextRun(start: 0, end: Int32.max, font: 0, script: .latin, level: 0)]
}
