/// Rewrites the last line shown when text is hidden after it: keeps what fits around the
/// truncation token — the container's (``TruncationToken``), else an ellipsis (U+2026, shaped
/// in the font) — at the head, the middle or the tail.
///
/// The truncated text is the rest of the last line's paragraph (up to its line separator),
/// as CoreText truncates the last line of a frame. Widths come from whole segments where a
/// segment fits and from grapheme advances inside the one that does not; a piece of a cut
/// word counts as shaped alone. A token wider than the line gives way to the ellipsis, and an
/// ellipsis wider than the line to clipping.
struct Truncator {
    let fitter: LineFitter
    let ellipsisUnits: Int64
    /// The container's token, in layout units, or `nil`.
    let token: TruncationUnits?
    let mode: LineBreakMode

    /// The token a line of `limit` units takes when it is cut, and its width: the container's
    /// `token` when it fits, else the ellipsis when it does, else none (clipped).
    static func token(_ token: TruncationUnits?, ellipsisUnits: Int64, limit: Int64) -> (LineTruncation.Token, Int64) {
        if let token, token.units <= limit { return (.custom, token.units) }
        if ellipsisUnits <= limit { return (.ellipsis, ellipsisUnits) }
        return (.clipped, 0)
    }

    /// The truncated form of `line`: its width, what it keeps, and the end of the text it
    /// now stands for (its paragraph's end); `nil` when the mode does not truncate.
    func truncate(_ line: LineFitter.Line) -> (units: Int64, truncation: LineTruncation?, endByte: Int)? {
        guard mode.truncates else { return nil }
        let segments = fitter.segments
        var paragraphEnd = line.start.segment
        while paragraphEnd < segments.count - 1, !segments[paragraphEnd].isMandatoryBreak { paragraphEnd += 1 }
        let (kind, tokenUnits) = Truncator.token(token, ellipsisUnits: ellipsisUnits, limit: line.limit)
        let tokenWidth = Double(tokenUnits) * fitter.access.measurer.pointee.pointsPerUnit
        let available = LineFitter.limit(forMaxUnits: line.maxUnits - Double(tokenUnits))
        let contentEnd = Int(segments[paragraphEnd].contentEnd)
        let endByte = Int(segments[paragraphEnd].end)
        /// The token goes after the prefix (logically: the layout mirrors it in a right-to-left
        /// paragraph).
        func truncation(prefix: Range<Int>, suffix: Range<Int>, prefixUnits: Int64 = 0) -> LineTruncation {
            LineTruncation(keptPrefix: prefix, keptSuffix: suffix, token: kind, tokenWidth: tokenWidth,
                           tokenX: Double(prefixUnits) * fitter.access.measurer.pointee.pointsPerUnit)
        }
        switch mode {
        case .truncateTail:
            let prefix = keptPrefix(from: line.start, through: paragraphEnd, within: available, indent: line.indent)
            return (prefix.units + tokenUnits,
                    truncation(prefix: line.startByte..<prefix.end, suffix: contentEnd..<contentEnd, prefixUnits: prefix.units), endByte)
        case .truncateHead:
            let whole = keptPrefix(from: line.start, through: paragraphEnd, within: line.limit, indent: line.indent)
            if whole.isWhole { return (whole.units, nil, endByte) }
            let suffix = keptSuffix(through: paragraphEnd, downTo: line.startByte, within: available)
            return (suffix.units + tokenUnits,
                    truncation(prefix: line.startByte..<line.startByte, suffix: suffix.start..<contentEnd), endByte)
        default:
            let whole = keptPrefix(from: line.start, through: paragraphEnd, within: line.limit, indent: line.indent)
            if whole.isWhole { return (whole.units, nil, endByte) }
            let half = LineFitter.limit(forMaxUnits: (line.maxUnits - Double(tokenUnits)) / 2)
            let prefix = keptPrefix(from: line.start, through: paragraphEnd, within: half, indent: line.indent)
            let suffix = keptSuffix(through: paragraphEnd, downTo: prefix.end, within: available - prefix.units)
            return (prefix.units + suffix.units + tokenUnits,
                    truncation(prefix: line.startByte..<prefix.end, suffix: suffix.start..<contentEnd, prefixUnits: prefix.units),
                    endByte)
        }
    }

    /// The longest run of whole graphemes from `start` whose width is at most `available`
    /// units, ending on content (whitespace before the ellipsis is dropped). Whole segments go
    /// on by the line fitter's rule (``LineWidth/place(_:within:)``) with their widths in
    /// context, and so does the rest of a word cut on the line before, measured from the cut
    /// as the fitter measures it; a piece of a cut segment counts as shaped alone, and is the
    /// longest that fits so (``LineWidth/cut(from:first:last:fits:)``). `isWhole`: every segment
    /// through `last` went on whole, as the line fitter would put them on one line.
    private func keptPrefix(from start: LineFitter.Position, through last: Int, within available: Int64, indent: Int64)
        -> (end: Int, units: Int64, isWhole: Bool) {
        let segments = fitter.segments
        let access = fitter.access
        var line = LineWidth()
        let startByte = fitter.byteOffset(of: start)
        var kept = (end: startByte, units: Int64(0))
        func fits(_ units: Int64) -> Bool { units <= available }
        for index in start.segment...last {
            let segment = segments[index]
            let first = index == start.segment ? start.grapheme : 0
            let pieceStart = first == 0 ? Int(segment.start) : startByte
            // A line starting inside a word goes on with the rest of it measured from the cut
            // (too long to re-measure: shaped below, once it is known to be all on the line).
            let rest = first > 0 && !segment.isCharacterRun ? access.cachedRemainder(of: index, from: startByte) : nil
            if first == 0 || rest != nil,
               line.place(rest ?? placed(segment, index: index, at: indent + line.units), within: available) {
                if segment.contentEnd > segment.start { kept = (Int(segment.contentEnd), line.content) }
                continue
            }
            let running = line.units
            let clusters = fitter.graphemes(index)
            var k = first
            var sum = running
            while k < clusters.contentCount, fits(sum + Int64(clusters.advances[k])) {
                sum += Int64(clusters.advances[k])
                k += 1
            }
            if segment.isCharacterRun {
                // Context-free characters: the piece alone is as wide as their advances, and
                // when all of them fit, the next segment may too.
                if k > first { kept = (Int(segment.start) + Int(clusters.ends[k - 1]), sum) }
                if k == clusters.contentCount {
                    line.units = sum
                    continue
                }
                return (kept.end, kept.units, false)
            }
            // The piece measured as shaped alone chooses the cut (the line fitter's rule); all
            // the rest of a cut word is measured from the cut, and then the line goes on.
            var found = kept
            var shapedRest: MeasuredSegment?
            let cut = LineWidth.cut(from: k, first: first, last: clusters.contentCount) { k in
                if first > 0, k == clusters.contentCount {
                    guard rest == nil else { return false }  // measured so above, and did not fit
                    let measured = shapedRest ?? access.shapedRemainder(of: index, from: startByte)
                    shapedRest = measured
                    return fits(running + measured.contentWidth + Int64(measured.lineEndCorrection))
                }
                let end = Int(segment.start) + Int(clusters.ends[k - 1])
                let exact = running + access.isolatedWidth(pieceStart..<end)
                guard fits(exact) else { return false }
                found = (end, exact)
                return true
            }
            if let shapedRest, cut == clusters.contentCount, line.place(shapedRest, within: available) {
                kept = (Int(segment.contentEnd), line.content)
                continue
            }
            if cut > first { kept = found }
            return (kept.end, kept.units, false)
        }
        return (kept.end, kept.units, true)
    }

    /// `segment` as it stands `x` layout units into the line: its tabs at their stops.
    private func placed(_ segment: MeasuredSegment, index: Int, at x: Int64) -> MeasuredSegment {
        guard let tabs = fitter.paragraph?.pointee.tabs else { return segment }
        return fitter.resolvingTabs(segment, index: index, at: x, tabs)
    }

    /// The longest run of whole graphemes ending at the paragraph's content end whose width
    /// is at most `available` units, starting no earlier than `floor`.
    private func keptSuffix(through last: Int, downTo floor: Int, within available: Int64) -> (start: Int, units: Int64) {
        let segments = fitter.segments
        var running: Int64 = 0
        var kept = (start: Int(segments[last].contentEnd), units: Int64(0))
        var index = last
        while index >= 0, Int(segments[index].end) > floor {
            let segment = segments[index]
            let width = index == last ? Int64(segment.contentWidth) : Int64(segment.width)
            if Int(segment.start) >= floor, running + width <= available {
                running += width
                kept = (Int(segment.start), running)
                index -= 1
                continue
            }
            let clusters = fitter.graphemes(index)
            let limitBytes = index == last ? segment.contentEnd - segment.start : segment.end - segment.start
            var k = clusters.ends.count - 1
            while k >= 0, clusters.ends[k] > limitBytes { k -= 1 }
            while k >= 0 {
                let clusterStart = k == 0 ? Int(segment.start) : Int(segment.start) + Int(clusters.ends[k - 1])
                guard clusterStart >= floor, running + Int64(clusters.advances[k]) <= available else { break }
                running += Int64(clusters.advances[k])
                kept = (clusterStart, running)
                k -= 1
            }
            break
        }
        return kept
    }
}

/// A truncation token's width in one layout's units.
struct TruncationUnits {
    let units: Int64

    /// `token`'s width at `pointsPerUnit`.
    init(_ token: TruncationToken, _ pointsPerUnit: Double) {
        units = Int64((token.width / pointsPerUnit).rounded(.up))
    }
}
