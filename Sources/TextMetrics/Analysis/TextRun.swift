import TextSegmentation

/// A maximal stretch of text shaped in one HarfBuzz call setting: one font of the chain,
/// one script, one bidi embedding level. Byte offsets are UTF-8 offsets into the text.
struct TextRun: Sendable, Hashable {
    var start: Int32
    var end: Int32
    /// Index of the font in the ``FontChain``.
    var font: UInt8
    /// The run's script, Common and Inherited resolved from neighbours (Common when the run
    /// has no letters of any script).
    var script: UnicodeScript
    /// The UAX #9 embedding level; odd is right to left.
    var level: UInt8

    var isRightToLeft: Bool { level & 1 == 1 }

    /// The runs of a text that needs no itemizing: one left-to-right Latin run in the primary
    /// font, from the start to past any text's end. Shared, so such a text allocates no runs.
    static let wholeTextInPrimaryFont = [TextRun(start: 0, end: Int32.max, font: 0, script: .latin, level: 0)]
}
