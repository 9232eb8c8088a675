/// Rewrites the last line shown when text is hidden after it: keeps what fits around an
/// ellipsis (U+2026, shaped in the font), at the head, the middle or the tail.
///
/// The truncated text is the rest of the last line's paragraph (up to its line separator),
/// as CoreText truncates the last line of a frame. Widths come from whole segments where a
/// segment fits and from grapheme advances inside the one that does not.
struct Truncator {
    let fitter: LineFitter
    let ellipsisUnits: Int64
    let mode: LineBreakMode

    /// The truncated form of `line`: its width, what it keeps, and the end of the text it
    /// now stands for (its paragraph's end); `nil` when the mode does not truncate.
    func truncate(_ line: LineFitter.Line) -> (units: Int64, truncation: LineTruncation?, endByte: Int)? {
        guard mode.truncates else { return nil }
        let segments = fitter.segments
        var paragraphEnd = line.start.segment
        while paragraphEnd < segments.count - 1, !segments[paragraphEnd].isMandatoryBreak { paragraphEnd += 1 }
        let available = LineFitter.limit(forMaxUnits: fitter.maxUnits - Double(ellipsisUnits))
        let contentEnd = Int(segments[paragraphEnd].contentEnd)
        let endByte = Int(segments[paragraphEnd].end)
        switch mode {
        case .truncateTail:
            let prefix = keptPrefix(from: line.start, through: paragraphEnd, within: available)
            return (prefix.units + ellipsisUnits,
                    LineTruncation(keptPrefix: line.startByte..<prefix.end, keptSuffix: contentEnd..<contentEnd), endByte)
        case .truncateHead:
            let whole = keptPrefix(from: line.start, through: paragraphEnd, within: .max)
            if whole.units <= fitter.limit { return (whole.units, nil, endByte) }
            let suffix = keptSuffix(through: paragraphEnd, downTo: line.startByte, within: available)
            return (suffix.units + ellipsisUnits,
                    LineTruncation(keptPrefix: line.startByte..<line.startByte, keptSuffix: suffix.start..<contentEnd), endByte)
        default:
            let whole = keptPrefix(from: line.start, through: paragraphEnd, within: .max)
            if whole.units <= fitter.limit { return (whole.units, nil, endByte) }
            let half = LineFitter.limit(forMaxUnits: (fitter.maxUnits - Double(ellipsisUnits)) / 2)
            let prefix = keptPrefix(from: line.start, through: paragraphEnd, within: half)
            let suffix = keptSuffix(through: paragraphEnd, downTo: prefix.end, within: available - prefix.units)
            return (prefix.units + suffix.units + ellipsisUnits,
                    LineTruncation(keptPrefix: line.startByte..<prefix.end, keptSuffix: suffix.start..<contentEnd), endByte)
        }
    }

    /// The longest run of whole graphemes from `start` whose width is at most `available`
    /// units, ending on content (whitespace before the ellipsis is dropped). Whole segments go
    /// on by the line fitter's rule (``LineWidth/place(_:within:)``) with their widths in
    /// context; a piece of a cut segment counts as shaped alone, and is the longest that fits
    /// so (``LineWidth/cut(from:first:last:fits:)``).
    private func keptPrefix(from start: LineFitter.Position, through last: Int, within available: Int64)
        -> (end: Int, units: Int64) {
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
            if first == 0, line.place(segment, within: available) {
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
                break
            }
            // The piece measured as shaped alone chooses the cut (the line fitter's rule).
            var found = kept
            let cut = LineWidth.cut(from: k, first: first, last: clusters.contentCount) { k in
                let end = Int(segment.start) + Int(clusters.ends[k - 1])
                let exact = running + access.isolatedWidth(pieceStart..<end)
                guard fits(exact) else { return false }
                found = (end, exact)
                return true
            }
            if cut > first { kept = found }
            break
        }
        return kept
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
