/// One layout of a prepared text's measured segments in a container: lines fitted greedily
/// (``LineFitter``), each as tall as the fonts and attachments it shows — then as its paragraph
/// style stacks it (``ParagraphGeometry``) — stacked while they fit the line limit and the
/// height, and the last one truncated when text is left (``Truncator``).
///
/// ``PreparedText/layout(in:)`` builds the lines from what it reports; ``PreparedText/size(in:)``
/// keeps only the size.
struct LayoutPass {
    /// The container's lines: their width, in layout units, and how words break.
    let fitter: LineFitter
    /// The container, borrowed for the pass (a copy would retain its token).
    let container: UnsafePointer<TextContainer>
    /// Whether every line is the primary font's height (see ``PreparedText/hasUniformLineHeight``).
    let hasUniformLineHeight: Bool

    private var access: SegmentAccess { fitter.access }
    private var paragraph: UnsafePointer<ParagraphGeometry>? { fitter.paragraph }

    /// The font of the chain the ellipsis is drawn in: the first that has U+2026.
    private var ellipsisFont: Int { access.measurer.pointee.fonts.ellipsisFont }

    /// What a layout shows, beyond its lines.
    struct Outcome {
        var size: Size
        var isTruncated: Bool
        /// How many segments (from the first) the layout shows, in part or whole.
        var shownSegments: Int
        /// The fonts of the chain the lines show (bit i: font i).
        var fontMask: UInt32
    }

    /// Where a line goes, in points: its top, its height, its baseline (from the layout's top),
    /// its head indent and its room (from the head indent to where the tail indent ends it;
    /// infinite in an unlimited container), and whether it starts a paragraph.
    struct Placement {
        var top: Double
        var height: Double
        var baseline: Double
        var indent: Double
        var room: Double
        var startsParagraph: Bool
    }

    /// Lays the text out, calling `body` with each line in order: the line, its width in
    /// layout units, its truncation, and where it goes.
    func run(_ body: (LineFitter.Line, Int64, LineTruncation?, Placement) -> Void) -> Outcome {
        let measurer = access.measurer  // its chain read in place: copying a chain costs per layout
        let ppu = measurer.pointee.pointsPerUnit
        let primary = LineBox(measurer.pointee.fonts.metrics)
        let paragraph = self.paragraph
        // With one line height and no paragraph style, `maxLines` says how many lines fit the
        // height; otherwise each line is taken only while the lines so far fit it.
        let isUniform = hasUniformLineHeight && paragraph == nil
        var maxLines = container.pointee.numberOfLines == 0 ? Int.max : container.pointee.numberOfLines
        if isUniform, container.pointee.height.isFinite {
            maxLines = min(maxLines, Int((container.pointee.height / primary.height + 1e-9).rounded(.down)))
        }
        let limit = !isUniform && container.pointee.height.isFinite ? container.pointee.height + 1e-9 : nil
        // Only a text with several line heights asks its chain (read in place).
        let hasUniformLineHeight = self.hasUniformLineHeight
        func naturalBox(_ line: LineFitter.Line) -> LineBox {
            if hasUniformLineHeight { return primary }
            // Attachments raise their line to their boxes.
            let boxes = line.fontMask & FontChain.attachmentBit != 0
                ? measurer.pointee.styles?.boxExtent(in: line.startByte..<line.endByte) : nil
            return measurer.pointee.fonts.lineBox(mask: line.fontMask, boxes: boxes)
        }
        /// A line of natural box `box`: its height and where its baseline is below its top.
        func stacked(_ box: LineBox) -> (height: Double, baseline: Double) {
            guard let paragraph else { return (box.height, box.ascent) }
            let (height, shift) = paragraph.pointee.style.stacked(box)
            return (height, box.ascent + shift)
        }
        func spacing(before line: LineFitter.Line, isFirst: Bool) -> Double {
            guard let paragraph, !isFirst else { return 0 }
            return paragraph.pointee.style.spacing(beforeLineStartingParagraph: line.startsParagraph)
        }
        var widest: Int64 = 0
        var bottom = 0.0  // the bottom of the lines so far
        var mask: UInt32 = 0
        var lineCount = 0
        var last: (line: LineFitter.Line, box: LineBox, top: Double)?
        func emit(_ line: LineFitter.Line, units: Int64, truncation: LineTruncation?, box: LineBox, top: Double) {
            let (height, baseline) = stacked(box)
            let room = paragraph?.pointee.room(isFirst: line.startsParagraph)
            body(line, units, truncation, Placement(top: top, height: height, baseline: top + baseline,
                                                    indent: room?.indentPoints ?? 0, room: room?.width ?? container.pointee.width,
                                                    startsParagraph: line.startsParagraph))
            widest = max(widest, line.indent + units)
            bottom = top + height
            mask |= line.fontMask
        }
        let rest = fitter.fit(maxLines: maxLines, accept: { line in
            guard let limit else { return true }
            let top = (last.map { $0.top + stacked($0.box).height } ?? 0) + spacing(before: line, isFirst: last == nil)
            return top + stacked(naturalBox(line)).height <= limit
        }) { line in
            let top: Double
            if let previous = last {
                emit(previous.line, units: previous.line.contentUnits, truncation: nil, box: previous.box, top: previous.top)
                top = bottom + spacing(before: line, isFirst: false)
            } else {
                top = 0
            }
            last = (line, naturalBox(line), top)
            lineCount += 1
        }
        if let (lastLine, lastBox, top) = last {
            var (line, box) = (lastLine, lastBox)
            var truncation: LineTruncation?
            let ellipsisFont = rest != nil ? self.ellipsisFont : 0
            if rest != nil, let truncated = Truncator(fitter: fitter, ellipsisUnits: access.measurer.pointee.ellipsisUnits(font: ellipsisFont),
                                                      token: container.pointee.truncationToken.map { TruncationUnits($0, ppu) },
                                                      mode: container.pointee.lineBreakMode).truncate(line) {
                line.contentUnits = truncated.units
                line.endByte = truncated.endByte
                truncation = truncated.truncation
                // The line now shows its kept text (the kept suffix may lie past where the fitter
                // ended it; untruncated, the rest of its paragraph) and its token: it is as tall
                // as their fonts and attachments, the ellipsis' font or the token's own box.
                var shown = LineContent()
                if let truncation {
                    shown.add(truncation.keptPrefix, of: access.segments, in: access.measurer.pointee)
                    shown.add(truncation.keptSuffix, of: access.segments, in: access.measurer.pointee)
                } else {
                    shown.add(line.startByte..<line.endByte, of: access.segments, in: access.measurer.pointee)
                }
                line.width.fontMask = shown.fontMask  // the fonts of the text shown (not the ellipsis')
                if truncation?.token == .ellipsis { shown.fontMask |= 1 << UInt32(ellipsisFont) }
                box = shown.box(in: measurer.pointee.fonts)
                if truncation?.token == .custom, let token = container.pointee.truncationToken { box = box.union(token.box) }
            }
            emit(line, units: line.contentUnits, truncation: truncation, box: box, top: top)
        }
        return Outcome(size: Size(width: Double(widest) * ppu, height: bottom),
                       isTruncated: rest != nil, shownSegments: rest.map { $0.segment + 1 } ?? access.segments.count,
                       fontMask: mask)
    }
}
