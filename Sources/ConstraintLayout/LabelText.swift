import TextMetrics

/// A label's text prepared once in its font (segmented and shaped), with what intrinsic
/// sizing asks most: the single-line width and the paragraph count, so a text that fits
/// on one line per paragraph is sized without running the line fitter.
///
/// ```swift
/// let text = try LabelText("How do I reset my password?", font: font)
/// text.naturalWidth                                                  // 203.4…
/// try text.height(width: 120, numberOfLines: 0, lineBreakMode: .wordWrap)   // 2 lines
/// ```
///
/// Immutable and `Sendable`: share one between labels and threads.
public final class LabelText: Sendable {
    /// The prepared text.
    public let prepared: PreparedText
    /// The widest paragraph on one line, in points (unrounded).
    public let naturalWidth: Double
    /// Lines at unlimited width: one per paragraph (0 for an empty text).
    public let paragraphCount: Int

    /// Prepares `text` in `font`.
    /// - Throws: ``InvalidArgumentError`` for a text too long to measure.
    /// - Complexity: segmenting and shaping the text once.
    public convenience init(_ text: String, font: Font) throws {
        try self.init(text, fonts: FontChain(font))
    }

    /// Prepares `text` in a font fallback chain.
    /// - Throws: ``InvalidArgumentError`` for a text too long to measure.
    /// - Complexity: segmenting and shaping the text once.
    public init(_ text: String, fonts: FontChain) throws {
        prepared = try PreparedText(text, fonts: fonts)
        let unlimited = prepared.layout(in: .unlimited)
        naturalWidth = unlimited.size.width
        paragraphCount = unlimited.lineCount
    }

    /// The text.
    public var string: String { prepared.text }

    /// The exact height of the text laid out `width` points wide (lines × line height),
    /// as `PreparedText.size(in:)` gives it; a text that fits on one line per paragraph is
    /// answered without line fitting. A width of 0 fits one grapheme cluster per line.
    /// - Throws: ``InvalidArgumentError`` for a negative line count.
    /// - Complexity: O(1) when the text fits; otherwise re-fitting the cached segments.
    public func height(width: Double, numberOfLines: Int, lineBreakMode: LineBreakMode) throws -> Double {
        if paragraphCount == 0 { return 0 }
        if prepared.hasUniformLineHeight, naturalWidth + 1e-7 <= width {
            let lines = numberOfLines == 0 ? paragraphCount : min(paragraphCount, numberOfLines)
            return Double(lines) * prepared.font.metrics.lineHeight
        }
        let container = try TextContainer(width: max(width, 1e-6), numberOfLines: numberOfLines,
                                          lineBreakMode: lineBreakMode)
        return prepared.size(in: container).height
    }
}

/// Prepared label texts by (font, string), bounded: the text cache of a
/// ``TemplateConstraintCompiler``, so that a text seen before is not shaped again.
///
/// When full it forgets everything it holds and starts again (simple, and enough for a
/// cache that only has to keep a feed's working set warm).
///
/// Not `Sendable`: one per compiler, used on one thread.
final class LabelTextCache {
    private struct Key: Hashable {
        let font: Int
        let text: String
    }

    private var entries: [Key: LabelText] = [:]
    let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    var count: Int { entries.count }

    func text(_ string: String, fontIndex: Int, fonts: FontChain) throws -> LabelText {
        let key = Key(font: fontIndex, text: string)
        if let hit = entries[key] { return hit }
        let text = try LabelText(string, fonts: fonts)
        if capacity > 0 {
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = text
        }
        return text
    }

    func removeAll() { entries.removeAll() }
}
