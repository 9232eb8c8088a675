/// Greedy line filling over measured segments, all in font units: the arithmetic that lays
/// a prepared text out at a width, with no shaping.
///
/// A segment goes on the current line when its content (without trailing whitespace, which
/// hangs) fits; otherwise the line ends before it. A segment too wide for an empty line is
/// broken between grapheme clusters (`charWrap` breaks every segment that way), with at
/// least one cluster per line so layout always advances.
struct LineFitter {
    /// A place in the text: a segment, and how many of its graphemes are already laid out.
    struct Position: Equatable {
        var segment: Int
        var grapheme: Int
    }

    /// A fitted line, before truncation.
    struct Line {
        var start: Position
        var startByte: Int
        var endByte: Int
        /// The line's width without hanging whitespace, in font units.
        var contentUnits: Int64
    }

    let segments: [TextSegment]
    let maxUnits: Double
    let charWrap: Bool
    let graphemes: (Int) -> GraphemeAdvances

    private func fits(_ units: Int64) -> Bool {
        Double(units) <= maxUnits + 1e-6 + maxUnits * 1e-12
    }

    /// Lays out at most `maxLines` lines, calling `body` with each; returns the first
    /// position not laid out, or `nil` when every segment was.
    func fit(maxLines: Int, _ body: (Line) -> Void) -> Position? {
        var position = Position(segment: 0, grapheme: 0)
        var lineCount = 0
        let n = segments.count
        while position.segment < n, lineCount < maxLines {
            var line = Line(start: position, startByte: byteOffset(of: position), endByte: 0, contentUnits: 0)
            line.endByte = line.startByte
            fillLine(&line, from: &position)
            body(line)
            lineCount += 1
        }
        return position.segment < n ? position : nil
    }

    private func fillLine(_ line: inout Line, from position: inout Position) {
        var units: Int64 = 0  // the line so far, trailing whitespace included
        var placedAny = false
        while position.segment < segments.count {
            let segment = segments[position.segment]
            if position.grapheme == 0 {
                let ending = units + Int64(segment.contentWidth) + Int64(segment.lineEndCorrection)
                let isBlank = segment.contentEnd == segment.start
                if isBlank || fits(ending) {
                    if !isBlank { line.contentUnits = ending }
                    units += Int64(segment.width)
                    line.endByte = Int(segment.end)
                    placedAny = true
                    position = Position(segment: position.segment + 1, grapheme: 0)
                    if segment.isMandatoryBreak { return }
                    continue
                }
                if placedAny && !charWrap { return }
            }
            // Break inside the segment, between grapheme clusters.
            let clusters = graphemes(position.segment)
            let contentBytes = segment.contentEnd - segment.start
            var contentCount = 0
            while contentCount < clusters.ends.count, clusters.ends[contentCount] <= contentBytes { contentCount += 1 }
            var k = position.grapheme
            var width = units
            while k < contentCount, fits(width + Int64(clusters.advances[k])) {
                width += Int64(clusters.advances[k])
                k += 1
            }
            if k == position.grapheme {
                guard !placedAny, k < contentCount else { return }
                width += Int64(clusters.advances[k])  // one cluster wider than the line
                k += 1
            }
            placedAny = true
            line.contentUnits = width
            if k >= contentCount {
                // The rest of the segment's content fits; its trailing whitespace hangs.
                units = width + Int64(segment.trailingWhitespace)
                line.endByte = Int(segment.end)
                position = Position(segment: position.segment + 1, grapheme: 0)
                if segment.isMandatoryBreak { return }
                continue
            }
            line.endByte = Int(segment.start) + Int(clusters.ends[k - 1])
            position = Position(segment: position.segment, grapheme: k)
            return
        }
    }

    func byteOffset(of position: Position) -> Int {
        let segment = segments[position.segment]
        guard position.grapheme > 0 else { return Int(segment.start) }
        return Int(segment.start) + Int(graphemes(position.segment).ends[position.grapheme - 1])
    }
}
