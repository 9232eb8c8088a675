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

    /// The properties HarfBuzz shapes the run with.
    func shapingProperties(language: ShapingLanguage?) -> ShapingProperties {
        ShapingProperties(script: script, isRightToLeft: isRightToLeft, language: language)
    }
}
