/// A prepared text with its size at unlimited width known — what sizing a cell asks most, the
/// frame arithmetic and Auto Layout labels alike: its single-line (natural) width and its
/// number of paragraphs, so a text that fits on one line per paragraph is sized in O(1), and a
/// wrapping one by a tight count over its segments. The step after ``PreparedText`` in the
/// pipeline: prepared once, sized for any width.
///
/// ```swift
/// let text = try SizedText("How do I reset my password?", font: font)
/// text.naturalWidth                                                          // 203.4…
/// try text.height(width: 120, numberOfLines: 0, lineBreakMode: .wordWrap)    // 2 lines
/// ```
///
/// Immutable and `Sendable`: share one between cells, labels and threads. A class, so
/// handing one around costs one reference count on an object of its own — not one on the
/// font face every thread shares, which would bounce between cores.
public final class SizedText: Sendable {
    /// The prepared text.
    public let prepared: PreparedText
    let lineHeight: Double
    let pointsPerUnit: Double
    /// The widest paragraph at unlimited width, in points (unrounded).
    public let naturalWidth: Double
    /// Lines at unlimited width: one per paragraph (0 for an empty text).
    public let paragraphCount: Int

    /// Prepares `text` in `font`.
    /// - Throws: ``InvalidArgumentError`` for a text too long to measure.
    public convenience init(_ text: String, font: Font) throws {
        try self.init(text, fonts: FontChain(font))
    }

    /// Prepares `text` in a font fallback chain.
    /// - Throws: ``InvalidArgumentError`` for a text too long to measure.
    /// - Complexity: segmenting and shaping the text once.
    public init(_ text: String, fonts: FontChain) throws {
        prepared = try PreparedText(text, fonts: fonts)
        // One line per paragraph: no segment overflows an unlimited line.
        let (lines, widest) = prepared.segments.withUnsafeBufferPointer {
            LineFitter.wholeSegmentLines($0, limit: .max, maxLines: .max)!
        }
        naturalWidth = Double(widest) * prepared.pointsPerUnit
        paragraphCount = lines
        lineHeight = fonts.metrics.lineHeight
        pointsPerUnit = prepared.pointsPerUnit
    }

    /// The text.
    public var string: String { prepared.text }

    /// The exact text height at `width` points, as `PreparedText.size(in:)` gives it; a text
    /// that fits on one line per paragraph is answered without line fitting. A width of 0
    /// fits one grapheme cluster per line.
    /// - Throws: ``InvalidArgumentError`` for a negative line count.
    /// - Complexity: O(1) when the text fits; otherwise a count over the cached segments.
    public func height(width: Double, numberOfLines: Int, lineBreakMode: LineBreakMode) throws -> Double {
        if paragraphCount == 0 { return 0 }
        let maxLines = numberOfLines == 0 ? Int.max : numberOfLines
        guard prepared.hasUniformLineHeight else {
            // Lines showing fallback fonts have heights of their own: let the layout add them.
            return prepared.size(in: try TextContainer(width: max(width, 1e-6), numberOfLines: numberOfLines,
                                                       lineBreakMode: lineBreakMode)).height
        }
        if naturalWidth + 1e-7 <= width {
            return Double(min(paragraphCount, maxLines)) * lineHeight
        }
        if lineBreakMode != .charWrap, width > 0,
           let (lines, _) = prepared.segments.withUnsafeBufferPointer({
               LineFitter.wholeSegmentLines($0, limit: LineFitter.limit(forMaxUnits: width / pointsPerUnit), maxLines: maxLines)
           }) {
            return Double(lines) * lineHeight
        }
        // A width of 0 means "no limit" to TextContainer; an item squeezed to nothing gets
        // one grapheme cluster per line instead, like a zero-width label.
        let container = try TextContainer(width: max(width, 1e-6), numberOfLines: numberOfLines,
                                          lineBreakMode: lineBreakMode)
        return prepared.size(in: container).height
    }

    /// The full layout (lines) at `width` points.
    package func layout(width: Double, numberOfLines: Int, lineBreakMode: LineBreakMode) throws -> TextLayout {
        let container = try TextContainer(width: max(width, 1e-6), numberOfLines: numberOfLines,
                                          lineBreakMode: lineBreakMode)
        return prepared.layout(in: container)
    }
}
