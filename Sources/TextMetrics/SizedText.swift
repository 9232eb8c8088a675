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
    // What sizing reads comes first, next to the object's header; the prepared text (whose
    // segments a wrapping text walks) after it: a feed re-laid out reads a few words of each
    // of its texts, from as few cache lines as may be.
    let lineHeight: Double
    let pointsPerUnit: Double
    /// The widest paragraph at unlimited width, in points (unrounded): with a paragraph style,
    /// its head indent and the room a negative tail indent keeps — the least width at which no
    /// paragraph wraps.
    public let naturalWidth: Double
    /// Lines at unlimited width: one per paragraph (0 for an empty text).
    public let paragraphCount: Int
    /// For a text of several line boxes whose quick paths apply: the fonts of the primary
    /// font's box, one of which each line must show to be that tall (see
    /// ``primaryBoxFonts(of:)``); 0 when every line is.
    private let requiredFonts: UInt32
    /// Whether the O(1) and whole-segment quick paths apply: every line is the primary
    /// font's height, fitted in the whole width, and stacked alike (kept: asked on every sizing).
    private let hasQuickHeights: Bool
    /// Whether a line the ellipsis ends is as tall as the others: the primary font draws it
    /// (the layout adds the font that draws it to the line; the kept text is the primary's).
    private let ellipsisKeepsLineBox: Bool
    /// The prepared text's segments, which a wrapping text's line count walks, referenced from
    /// here too: read through ``prepared`` the reference lies two cache lines further into the
    /// object, one more line to wait for per text when a feed is laid out again.
    private let segments: [MeasuredSegment]

    /// Prepares `text` in `font`.
    /// - Throws: ``InvalidArgumentError`` for a text too long to measure.
    public convenience init(_ text: String, font: Font) throws {
        try self.init(text, fonts: FontChain(font))
    }

    /// Prepares `text` in a font fallback chain.
    /// - Throws: ``InvalidArgumentError`` for a text too long to measure.
    /// - Complexity: segmenting and shaping the text once.
    public convenience init(_ text: String, fonts: FontChain) throws {
        try self.init(prepared: PreparedText(text, fonts: fonts))
    }

    /// Prepares an attributed text — styles, attachments, a paragraph style — as
    /// ``PreparedText/init(_:)`` does. Its heights come from its layout (lines of several
    /// heights, spacing, indents), its natural width from its layout at unlimited width.
    /// - Throws: ``InvalidArgumentError`` as ``PreparedText/init(_:)`` does.
    public convenience init(_ text: AttributedText) throws {
        try self.init(prepared: PreparedText(text))
    }

    /// `prepared`, with its natural width and paragraph count worked out.
    /// (Consumed: the prepared text is moved in, not copied — a copy retains each of its parts.)
    public init(prepared: consuming PreparedText) {
        // One line per paragraph: no segment overflows an unlimited line.
        let (lines, widest, _) = prepared.segments.withUnsafeBufferPointer {
            LineFitter.wholeSegmentLines($0, limit: .max, maxLines: .max)!
        }
        paragraphCount = lines
        lineHeight = prepared.fonts.metrics.lineHeight
        pointsPerUnit = prepared.pointsPerUnit
        // One line box, or lines of the primary font's box whenever they show a font of it.
        let primaryBoxFonts = prepared.hasUniformLineHeight ? 0 : SizedText.primaryBoxFonts(of: prepared)
        if let style = prepared.paragraphStyle {
            // Indents and tab stops move lines: the layout knows where they end; a tail indent
            // from the trailing margin needs its room too, or the text would wrap at its own width.
            // (At least the widest its content reaches as each line fills, see below.)
            naturalWidth = max(prepared.size(in: .unlimited).width + (style.tailIndent < 0 ? -style.tailIndent : 0),
                               Double(widest) * prepared.pointsPerUnit)
            if primaryBoxFonts != nil, !prepared.hasStyledTabs, style.stacksLinesAlike(paragraphs: paragraphCount) {
                let box = LineBox(prepared.fonts.metrics)
                let (height, shift) = style.stacked(box)
                uniformStack = (height, style.spacing(beforeLineStartingParagraph: false), box.ascent + shift)
            } else {
                uniformStack = nil
            }
            hasQuickHeights = uniformStack != nil
        } else {
            // The widest a paragraph's line reaches as it fills: where the widest ends, unless
            // letter spacing tightened past a glyph's advance draws a line back from its reach.
            naturalWidth = Double(widest) * prepared.pointsPerUnit
            uniformStack = nil
            hasQuickHeights = primaryBoxFonts != nil
        }
        requiredFonts = hasQuickHeights ? primaryBoxFonts ?? 0 : 0
        ellipsisKeepsLineBox = hasQuickHeights && prepared.fonts.ellipsisFont == 0
        segments = prepared.segments
        self.prepared = consume prepared
    }

    /// For a text of several line boxes: the fonts whose box is the primary font's, when every
    /// font the text shows fits within that box (a smaller size, say) and no line is raised
    /// by an attachment — then a line showing one of them is the primary font's height — and
    /// each paragraph, on a line of its own, shows one. `nil` otherwise: lines may be shorter
    /// or taller, and the layout adds them.
    private static func primaryBoxFonts(of prepared: PreparedText) -> UInt32? {
        prepared.segments.withUnsafeBufferPointer { segments in
            var shown: UInt32 = 0
            for segment in segments { shown |= segment.fontMask }
            guard let fonts = prepared.fonts.primaryBoxFonts(within: shown), fonts != 0,
                  LineFitter.wholeSegmentLines(segments, limit: .max, maxLines: .max, showing: fonts) != nil
            else { return nil }
            return fonts
        }
    }

    /// How a paragraph style that stacks every line alike stacks each (its height, the
    /// spacing above every line but the first, and its baseline below its top), when the quick
    /// paths apply to a text that has one (``ParagraphStyle/stacksLinesAlike(paragraphs:)``).
    private let uniformStack: (height: Double, spacing: Double, baseline: Double)?
    /// The prepared text.
    public let prepared: PreparedText

    /// The height of `lines` lines of the primary font's height, stacked as the layout stacks
    /// them: one after another, with the paragraph style's height and spacing.
    private func stackedHeight(lines: Int) -> Double {
        guard let (height, _, _) = uniformStack else { return Double(lines) * lineHeight }
        return lines == 0 ? 0 : lastLineTop(lines: lines) + height
    }

    /// The top of the last of `lines` (at least one) lines stacked alike (``uniformStack``),
    /// by the layout's own additions in its order: each line's top is the one before's bottom
    /// plus the spacing, its bottom its top plus its height.
    private func lastLineTop(lines: Int) -> Double {
        guard let (height, spacing, _) = uniformStack else { return Double(lines - 1) * lineHeight }
        var top = 0.0
        for _ in 1..<max(lines, 1) { top = top + height + spacing }
        return top
    }

    /// The text.
    public var string: String { prepared.text }

    /// The exact text height at `width` points, as `PreparedText.size(in:)` gives it; a text
    /// that fits on one line per paragraph is answered without line fitting. A width of 0
    /// fits one grapheme cluster per line.
    /// `truncationToken` is what a truncated last line ends with (its fonts may raise it).
    /// - Throws: ``InvalidArgumentError`` for a negative line count.
    /// - Complexity: O(1) when the text fits; otherwise a count over the cached segments.
    public func height(width: Double, numberOfLines: Int, lineBreakMode: LineBreakMode,
                       truncationToken: TruncationToken? = nil) throws -> Double {
        if paragraphCount == 0 { return 0 }
        if let lines = quickLineCount(width: width, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode,
                                      truncationToken: truncationToken) {
            return stackedHeight(lines: lines)
        }
        // Lines of their own heights, spacing, a token on a cut line, or a cut inside a word:
        // the layout adds them. A width of 0 means "no limit" to TextContainer; an item squeezed
        // to nothing gets one grapheme cluster per line instead, like a zero-width label.
        return prepared.size(in: try TextContainer(width: max(width, 1e-6), numberOfLines: numberOfLines,
                                                   lineBreakMode: lineBreakMode, truncationToken: truncationToken)).height
    }

    /// The number of lines at `width` when the quick paths know it — every line the primary
    /// font's height, fitted in the whole width and stacked alike, a truncated last line as tall
    /// as the others: O(1) when each paragraph fits on a line, a count over whole segments when
    /// no word is cut — else `nil`, for the layout.
    @inline(__always)
    func quickLineCount(width: Double, numberOfLines: Int, lineBreakMode: LineBreakMode,
                                truncationToken: TruncationToken?) -> Int? {
        guard hasQuickHeights else { return nil }
        let maxLines = numberOfLines == 0 ? Int.max : numberOfLines
        if naturalWidth + 1e-7 <= width {
            // One line per paragraph, each showing a font of the primary's box.
            if paragraphCount <= maxLines { return paragraphCount }
            if requiredFonts == 0 { return truncatedLineKeepsBox(lineBreakMode, truncationToken) ? maxLines : nil }
        }
        guard lineBreakMode != .charWrap, width > 0 else { return nil }
        // Whether the text is cut matters only when a line cut with a token may be another
        // height: then one line more is counted, to tell.
        let limit = LineFitter.limit(forMaxUnits: width / pointsPerUnit)
        let counted = requiredFonts == 0 && truncationToken == nil && ellipsisKeepsLineBox || maxLines == .max
            ? maxLines : maxLines + 1
        guard let (lines, _, starts) = segments.withUnsafeBufferPointer({
            LineFitter.wholeSegmentLines($0, limit: limit, maxLines: counted, showing: requiredFonts)
        }) else { return nil }
        if lines <= maxLines { return lines }
        guard truncatedLineKeepsBox(lineBreakMode, truncationToken) else { return nil }
        if requiredFonts != 0 && lineBreakMode.truncates {
            guard cutLineShowsPrimaryBox(lineBreakMode, truncationToken, limit: limit, width: width,
                                         lineStart: starts.beforeLast) else { return nil }
        }
        return maxLines
    }

    /// For a text of several line boxes whose last line shown, starting at segment `lineStart`,
    /// is cut: whether it is the primary font's height — it is when the token the truncator
    /// puts on it has the primary's box (the ellipsis in the primary font, or such a token),
    /// else when it keeps text of that box: the truncator keeps the line's first segment whole
    /// when it fits beside the token (``Truncator``'s tail rule), and a segment all in fonts of
    /// that box shows one. Only tail truncation is answered (the head and the middle keep other
    /// text): `false` otherwise.
    private func cutLineShowsPrimaryBox(_ lineBreakMode: LineBreakMode, _ token: TruncationToken?, limit: Int64,
                                        width: Double, lineStart start: Int) -> Bool {
        guard lineBreakMode == .truncateTail else { return false }
        // The token the truncator chooses (the ellipsis is the primary font's here:
        // ``ellipsisKeepsLineBox``).
        let primary = LineBox(prepared.fonts.metrics)
        let (kind, tokenUnits) = Truncator.token(token.map { TruncationUnits($0, pointsPerUnit) },
                                                 ellipsisUnits: prepared.measurer.ellipsisUnits(font: 0), limit: limit)
        switch kind {
        case .custom: if token?.box == primary { return true }
        case .ellipsis: return true
        case .clipped: break
        }
        return prepared.segments.withUnsafeBufferPointer { segments in
            let first = segments[start]
            guard first.contentEnd > first.start, first.fontMask & ~requiredFonts == 0 else { return false }
            let available = LineFitter.limit(forMaxUnits: width / pointsPerUnit - Double(tokenUnits))
            var line = LineWidth()
            return line.place(first, within: available)
        }
    }

    /// Whether the last line of a text cut in `lineBreakMode` with `token` is as tall as the
    /// others: it shows its kept text (in the primary font), and the token — or the ellipsis,
    /// when the token does not fit the line — or neither (clipped), or nothing more when the
    /// mode does not truncate.
    private func truncatedLineKeepsBox(_ lineBreakMode: LineBreakMode, _ token: TruncationToken?) -> Bool {
        guard lineBreakMode.truncates else { return true }
        guard ellipsisKeepsLineBox else { return false }
        guard let token else { return true }
        let primary = LineBox(prepared.fonts.metrics)
        return primary.union(token.box) == primary
    }

    /// The first and last baselines at `width` points, in points from the text's top, as
    /// ``PreparedText/layout(in:)`` places them — without building the lines: O(1) for a text
    /// in one line height that fits, a count over the segments when it wraps; (0, 0) when
    /// empty.
    /// - Throws: ``InvalidArgumentError`` for a negative line count.
    public func baselines(width: Double, numberOfLines: Int, lineBreakMode: LineBreakMode,
                          truncationToken: TruncationToken? = nil) throws -> (first: Double, last: Double) {
        if paragraphCount == 0 { return (0, 0) }
        if let lines = quickLineCount(width: width, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode,
                                      truncationToken: truncationToken) {
            let baseline = uniformStack?.baseline ?? prepared.fonts.metrics.ascender
            return (baseline, lastLineTop(lines: lines) + baseline)
        }
        return prepared.baselines(in: try TextContainer(width: max(width, 1e-6), numberOfLines: numberOfLines,
                                                        lineBreakMode: lineBreakMode, truncationToken: truncationToken))
    }

    /// The full layout (lines) at `width` points.
    package func layout(width: Double, numberOfLines: Int, lineBreakMode: LineBreakMode,
                        truncationToken: TruncationToken? = nil) throws -> TextLayout {
        let container = try TextContainer(width: max(width, 1e-6), numberOfLines: numberOfLines,
                                          lineBreakMode: lineBreakMode, truncationToken: truncationToken)
        return prepared.layout(in: container)
    }
}
