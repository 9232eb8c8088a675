/// One layout of a prepared text's measured segments in a container: lines fitted greedily
/// (``LineFitter``), each as tall as the fonts it shows, stacked while they fit the line limit
/// and the height, and the last one truncated when text is left (``Truncator``).
///
/// ``PreparedText/layout(in:)`` builds the lines from what it reports; ``PreparedText/size(in:)``
/// keeps only the size.
struct LayoutPass {
    /// The container's lines: their width, in layout units, and how words break.
    let fitter: LineFitter
    let container: TextContainer
    /// Whether every line is the primary font's height (see ``PreparedText/hasUniformLineHeight``).
    let hasUniformLineHeight: Bool


    private var access: SegmentAccess { fitter.access }

    /// The ellipsis' width in layout units: U+2026 in the first font of the chain that has it.
    private var ellipsisUnits: Int64 {
        let fonts = access.measurer.pointee.fonts
        let font = fonts.fonts.firstIndex { $0.face.hasGlyph(for: "\u{2026}") } ?? 0
        return access.measurer.pointee.convert(Int64(fonts.fonts[font].face.ellipsisAdvance), font: font)
    }

    /// What a layout shows, beyond its lines.
    struct Outcome {
        var size: Size
        var isTruncated: Bool
        /// How many segments (from the first) the layout shows, in part or whole.
        var shownSegments: Int
        /// The fonts of the chain the lines show (bit i: font i).
        var fontMask: UInt32
    }

    /// A line's height and its ascender, in points.
    typealias LineMetrics = (height: Double, ascender: Double)

    /// Lays the text out, calling `body` with each line in order: the line, its width in
    /// layout units, its truncation, its top in points and its metrics.
    func run(_ body: (LineFitter.Line, Int64, LineTruncation?, Double, LineMetrics) -> Void) -> Outcome {
        let fonts = access.measurer.pointee.fonts
        let ppu = access.measurer.pointee.pointsPerUnit
        let primary = fonts.metrics
        let uniform: LineMetrics = (primary.lineHeight, primary.ascender)
        let isUniform = hasUniformLineHeight
        var maxLines = container.numberOfLines == 0 ? Int.max : container.numberOfLines
        if isUniform, container.height.isFinite {
            maxLines = min(maxLines, Int((container.height / uniform.height + 1e-9).rounded(.down)))
        }
        var widest: Int64 = 0
        var top = 0.0
        var mask: UInt32 = 0
        var last: (line: LineFitter.Line, metrics: LineMetrics)?
        // Only a text with several line heights needs its chain here.
        let chain = isUniform ? nil : fonts
        let styles = access.measurer.pointee.styles
        func metrics(_ line: LineFitter.Line) -> LineMetrics {
            guard let chain else { return uniform }
            // Attachments raise their line to their boxes.
            let boxes = line.fontMask & FontChain.attachmentBit != 0
                ? styles?.boxExtent(in: line.startByte..<line.endByte) : nil
            return chain.lineMetrics(mask: line.fontMask, boxes: boxes)
        }
        // With several line heights, a line is taken only while the lines so far fit the
        // height (with one line height, `maxLines` already says how many do).
        let limit = !isUniform && container.height.isFinite ? container.height + 1e-9 : nil
        let rest = fitter.fit(maxLines: maxLines, accept: { line in
            guard let limit else { return true }
            return top + (last?.metrics.height ?? 0) + metrics(line).height <= limit
        }) { line in
            if let previous = last {
                body(previous.line, previous.line.contentUnits, nil, top, previous.metrics)
                widest = max(widest, previous.line.contentUnits)
                top += previous.metrics.height
                mask |= previous.line.fontMask
            }
            last = (line, metrics(line))
        }
        if var (line, lineMetrics) = last {
            var truncation: LineTruncation?
            if rest != nil, let truncated = Truncator(fitter: fitter, ellipsisUnits: ellipsisUnits,
                                                      mode: container.lineBreakMode).truncate(line) {
                line.contentUnits = truncated.units
                line.endByte = truncated.endByte
                truncation = truncated.truncation
            }
            body(line, line.contentUnits, truncation, top, lineMetrics)
            widest = max(widest, line.contentUnits)
            top += lineMetrics.height
            mask |= line.fontMask
            lineMetrics = (0, 0)
        }
        return Outcome(size: Size(width: Double(widest) * ppu, height: top),
                       isTruncated: rest != nil, shownSegments: rest.map { $0.segment + 1 } ?? access.segments.count,
                       fontMask: mask)
    }
}
