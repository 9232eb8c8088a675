/// Greedy line filling over measured segments, all in layout units: the arithmetic that lays
/// a prepared text out at a width, with no shaping.
///
/// A segment goes on the current line when its content (without trailing whitespace, which
/// hangs) fits (``LineWidth/place(_:within:)``, the rule every line walk shares); otherwise
/// the line ends before it. A segment too wide for an empty line is
/// broken between grapheme clusters (`charWrap` breaks every segment that way), with at
/// least one cluster per line so layout always advances. The piece left on a line is
/// measured as shaped alone, and the rest of the word as shaped from the cut, as a text
/// engine that reshapes at the break (Pango, CoreText) measures them; the line takes every
/// cluster that fits measured so (``LineWidth/cut(from:first:last:fits:)``). A character run (see
/// ``TextSegment/isCharacterRun``) that does not fit goes on with as many of its characters
/// as fit, each a segment of its own in all but storage.
struct LineFitter {
    /// A place in the text: a segment, and how many of its graphemes (of a character run:
    /// characters) are already laid out.
    struct Position: Equatable {
        var segment: Int
        var grapheme: Int
    }

    /// A fitted line, before truncation.
    struct Line {
        var start: Position
        var startByte: Int
        var endByte: Int
        /// The line's widths and fonts as it filled.
        var width = LineWidth()
        /// Whether the line starts a paragraph (the text, or after a mandatory break).
        var startsParagraph = true
        /// The line's room: its width in layout units and its widest line in whole ones.
        var maxUnits: Double = 0
        var limit: Int64 = 0
        /// Its head indent in layout units (0 without a paragraph style).
        var indent: Int64 = 0

        /// The line's width without hanging whitespace, in layout units.
        var contentUnits: Int64 {
            get { width.content }
            set { width.content = newValue }
        }
        /// The fonts of the chain the line shows (see ``MeasuredSegment/fontMask``).
        var fontMask: UInt32 { width.fontMask }
    }

    let access: SegmentAccess
    let maxUnits: Double
    let charWrap: Bool
    /// The widest line in whole layout units (see ``limit(forMaxUnits:)``).
    let limit: Int64
    /// The paragraph style's rooms, indents and tab stops, or `nil`: every line the
    /// container's width. Borrowed for the layout (``PreparedText``'s layout pass holds it):
    /// a fitter is copied into what it serves, and the geometry is large.
    let paragraph: UnsafePointer<ParagraphGeometry>?

    /// A fitter of the segments `access` reads into the lines of `container`, each as wide as
    /// `paragraph` lets it be when given.
    @inline(__always)
    init(access: SegmentAccess, container: UnsafePointer<TextContainer>, paragraph: UnsafePointer<ParagraphGeometry>? = nil) {
        self.access = access
        maxUnits = container.pointee.width / access.measurer.pointee.pointsPerUnit
        charWrap = container.pointee.lineBreakMode == .charWrap
        limit = LineFitter.limit(forMaxUnits: maxUnits)
        self.paragraph = paragraph
    }

    /// The widest line of `maxUnits` layout units in whole units: widths are integers, so a
    /// width fits when it is at most the floor of the line's width plus a rounding tolerance.
    static func limit(forMaxUnits maxUnits: Double) -> Int64 {
        let bound = (maxUnits + 1e-6 + maxUnits * 1e-12).rounded(.down)
        return bound >= 0x1p62 ? Int64.max : bound <= -0x1p62 ? Int64.min : Int64(bound)
    }

    var segments: UnsafeBufferPointer<MeasuredSegment> { access.segments }
    func graphemes(_ i: Int) -> GraphemeAdvances { access.graphemes(i) }


    /// Lays out at most `maxLines` lines, calling `body` with each; returns the first
    /// position not laid out, or `nil` when every segment was. A line `accept` rejects is
    /// not laid out and fitting stops before it.
    func fit(maxLines: Int, accept: (Line) -> Bool = { _ in true }, _ body: (Line) -> Void) -> Position? {
        var position = Position(segment: 0, grapheme: 0)
        var lineCount = 0
        let n = segments.count
        while position.segment < n, lineCount < maxLines {
            var line = Line(start: position, startByte: byteOffset(of: position), endByte: 0)
            line.endByte = line.startByte
            line.startsParagraph = startsParagraph(at: position)
            if let paragraph {
                let room = paragraph.pointee.room(isFirst: line.startsParagraph)
                (line.maxUnits, line.limit, line.indent) = (room.maxUnits, room.limit, room.indent)
            } else {
                (line.maxUnits, line.limit) = (maxUnits, limit)
            }
            let before = position
            fillLine(&line, from: &position)
            if !accept(line) { return before }
            body(line)
            lineCount += 1
        }
        return position.segment < n ? position : nil
    }

    /// Whether a line starting at `position` starts a paragraph.
    func startsParagraph(at position: Position) -> Bool {
        position.grapheme == 0 && (position.segment == 0 || segments[position.segment - 1].isMandatoryBreak)
    }

    private func fillLine(_ line: inout Line, from position: inout Position) {
        fillLine(&line, from: &position, segments, limit: line.limit)
    }

    private func fillLine(_ line: inout Line, from position: inout Position,
                          _ segments: UnsafeBufferPointer<MeasuredSegment>, limit: Int64) {
        @inline(__always) func fits(_ units: Int64) -> Bool { units <= limit }
        var placedAny = false
        let hasTabs = paragraph?.pointee.tabs != nil
        while position.segment < segments.count {
            if position.grapheme == 0, !hasTabs {
                // Whole segments while they fit — most of every line — read in place, the
                // line's width in registers; what does not fit is handled below.
                var width = line.width
                var index = position.segment
                var ended = false
                while index < segments.count {
                    let next = segments.baseAddress! + index
                    guard !next.pointee.isCharacterRun, width.place(next.pointee, within: limit) else { break }
                    index += 1
                    if next.pointee.isMandatoryBreak { ended = true; break }
                }
                if index > position.segment {
                    placedAny = true
                    line.width = width
                    line.endByte = Int(segments[index - 1].end)
                    position = Position(segment: index, grapheme: 0)
                    if ended || index == segments.count { return }
                }
                // A whole segment that does not fit ends a line that has something on it (the
                // rule below, without reading the segment again).
                if placedAny, !charWrap, !segments[index].isCharacterRun { return }
            }
            if segments[position.segment].isCharacterRun {
                if placeCharacters(of: segments[position.segment], &line, &placedAny, &position, limit: limit) { return }
                continue
            }
            var segment = segments[position.segment]
            if let tabs = paragraph?.pointee.tabs {
                segment = resolvingTabs(segment, index: position.segment, at: line.indent + line.width.units, tabs)
            }
            var isRemainder = false
            if position.grapheme > 0, let rest = access.cachedRemainder(of: position.segment, from: line.startByte) {
                segment = rest  // the rest of a word cut on the previous line, measured from the cut
                isRemainder = true
            }
            if position.grapheme == 0 || isRemainder {
                if line.width.place(segment, within: limit) {
                    line.endByte = Int(segment.end)
                    placedAny = true
                    position = Position(segment: position.segment + 1, grapheme: 0)
                    if segment.isMandatoryBreak { return }
                    continue
                }
                if placedAny && !charWrap { return }
            }
            // Break inside the segment, between grapheme clusters.
            let original = segments[position.segment]
            let clusters = graphemes(position.segment)
            let contentCount = clusters.contentCount
            let first = position.grapheme
            let pieceStart = first == 0 ? Int(original.start) : Int(original.start) + Int(clusters.ends[first - 1])
            let units = line.width.units  // the line so far, trailing whitespace included
            let contentBefore = line.contentUnits
            // The cut the clusters' advances choose, a guess: whitespace inside the segment
            // goes on the line whether it fits or not (it hangs).
            var guess = first
            var width = units
            while guess < contentCount {
                let next = width + Int64(clusters.advances[guess])
                guard fits(next) || isHangingWhitespace(grapheme: guess, of: original, clusters) else { break }
                width = next
                guess += 1
            }
            // The line is measured as it will stand. Ending inside the segment, it ends in the
            // piece of graphemes `first..<k` shaped alone, without the whitespace it may end
            // in, which hangs as at the end of any line ("a !" cut after its space). Taking
            // all the segment's content, it ends in the rest of the segment as measured from
            // the cut, with what follows: `segment` itself (the whole, or its rest measured
            // above), which did not fit, or a rest too long to measure again at every line,
            // measured now, once, as it ends the word.
            let restDidNotFit = first == 0 || isRemainder
            var shapedRest: MeasuredSegment?
            func rest() -> MeasuredSegment {
                if restDidNotFit { return segment }
                if let shapedRest { return shapedRest }
                let measured = access.shapedRemainder(of: position.segment, from: pieceStart)
                shapedRest = measured
                return measured
            }
            func restEnding() -> Int64 { units + Int64(rest().contentWidth) + Int64(rest().lineEndCorrection) }
            /// The line's content with the piece `first..<k` on it, `k` < `contentCount`.
            func content(before k: Int) -> Int64 {
                var j = k  // where the piece's content ends
                while j > first, isHangingWhitespace(grapheme: j - 1, of: original, clusters) { j -= 1 }
                guard j > first else { return contentBefore }
                return units + access.isolatedWidth(pieceStart..<(Int(original.start) + Int(clusters.ends[j - 1])))
            }
            var fitting = (k: first, content: contentBefore)  // the last cut found to fit
            var k = LineWidth.cut(from: guess, first: first, last: contentCount) { k in
                if k == contentCount { return !restDidNotFit && fits(restEnding()) }
                let measured = content(before: k)
                guard fits(measured) else { return false }
                fitting = (k, measured)
                return true
            }
            if k == first {
                // Not one grapheme fits: the line ends before the segment, or, empty, takes one
                // cluster however wide (every line moves on) and the whitespace after it.
                guard !placedAny else { return }
                if k < contentCount { k += 1 }
                while k < contentCount, isHangingWhitespace(grapheme: k, of: original, clusters) { k += 1 }
                if k < contentCount { fitting = (k, content(before: k)) }
            }
            line.width.fontMask |= original.fontMask
            placedAny = true
            if k >= contentCount {
                // All the rest of the segment; its trailing whitespace hangs.
                line.contentUnits = restEnding()
                line.width.units += Int64(rest().width)
                line.endByte = Int(original.end)
                position = Position(segment: position.segment + 1, grapheme: 0)
                if original.isMandatoryBreak { return }
                continue
            }
            line.contentUnits = fitting.content
            line.endByte = Int(original.start) + Int(clusters.ends[k - 1])
            position = Position(segment: position.segment, grapheme: k)
            return
        }
    }

    /// Whether grapheme `g` of `segment` is one whitespace character that hangs at the end of
    /// a line (a space or a tab inside a segment, before what UAX #14 does not break before).
    private func isHangingWhitespace(grapheme g: Int, of segment: MeasuredSegment, _ clusters: GraphemeAdvances) -> Bool {
        let start = Int(segment.start) + (g == 0 ? 0 : Int(clusters.ends[g - 1]))
        let end = Int(segment.start) + Int(clusters.ends[g])
        guard let (scalar, length) = UTF8Scan.scalar(startingAt: start, in: access.bytes), start + length == end else {
            return false
        }
        return CharacterProperties.isHangingWhitespace(scalar)
    }

    /// Places what fits of character run `segment` from its character `position.grapheme`
    /// on — all of it when it fits, as any segment; else a line may end after any of its
    /// characters — and returns whether the line ends in it or before it.
    @inline(never)  // kept out of the loop that places other segments
    private func placeCharacters(of segment: MeasuredSegment, _ line: inout Line, _ placedAny: inout Bool,
                                 _ position: inout Position, limit: Int64) -> Bool {
        @inline(__always) func fits(_ units: Int64) -> Bool { units <= limit }
        let count = segment.characterCount
        let first = position.grapheme
        let units = line.width.units
        if first == 0, fits(units + segment.width) {
            place(segment, through: count, width: units + segment.width, &line, &placedAny, &position)
            return segment.isMandatoryBreak
        }
        let from = Int(segment.start) + 3 * first
        let uniform = Int64(segment.characterAdvance)
        var width = units
        var k: Int
        if uniform > 0 {
            // All one advance: as many characters as the room left holds, by one division.
            let room = limit >= units ? (limit - units) / uniform : 0
            k = first + Int(min(room, Int64(count - first)))
            width += Int64(k - first) * uniform
        } else {
            let advances = access.characterAdvances(of: segment)
            k = (advances.add(from: from, to: Int(segment.end), to: &width, limit: limit) - Int(segment.start)) / 3
        }
        if k == first {
            guard !placedAny else { return true }
            // One character wider than the line goes on it alone.
            width += uniform > 0 ? uniform : access.characterAdvances(of: segment).advance(at: from)
            k += 1
        }
        place(segment, through: k, width: width, &line, &placedAny, &position)
        return k < count || segment.isMandatoryBreak
    }

    /// Puts character run `segment` on the line from `position` through its character `k`,
    /// the line now `width` wide.
    @inline(__always)
    private func place(_ segment: MeasuredSegment, through k: Int, width: Int64, _ line: inout Line,
                       _ placedAny: inout Bool, _ position: inout Position) {
        placedAny = true
        line.width.fontMask |= segment.fontMask
        line.width.content = width
        line.width.units = width
        if k < segment.characterCount {
            line.endByte = Int(segment.start) + 3 * k
            position.grapheme = k
        } else {
            line.endByte = Int(segment.end)
            position = Position(segment: position.segment + 1, grapheme: 0)
        }
    }

    /// Lines of whole segments, greedily filled by ``LineWidth/place(_:within:)`` to `limit`
    /// units: how many of them (at most `maxLines`), the widest any line's content reaches as
    /// it fills (the least limit at which these lines stay the same), and the first
    /// segments of the last line and of the line before it (0 when there is none). This is the
    /// fitter's own answer while no segment has to be broken: `nil` when one does not fit on a
    /// line of its own, or a character run does not fit whole (the fitter then ends the line
    /// among its characters) — or, with `showing` not 0, when a line shows none of the fonts
    /// it names. With `limit` `Int64.max`, one line per paragraph.
    /// - Complexity: O(segments laid out), no allocation.
    @inline(__always)  // a caller that needs no widest line drops its bookkeeping
    static func wholeSegmentLines(_ segments: UnsafeBufferPointer<MeasuredSegment>, limit: Int64, maxLines: Int,
                                  showing fonts: UInt32 = 0)
        -> (lines: Int, widest: Int64, starts: (beforeLast: Int, last: Int))? {
        var lines = 0
        var widest: Int64 = 0
        var index = 0
        var starts = (beforeLast: 0, last: 0)
        let count = segments.count
        while index < count, lines < maxLines {
            var line = LineWidth()
            var placedAny = false
            starts = (starts.last, index)
            while index < count {
                let segment = segments[index]
                if line.place(segment, within: limit) {
                    placedAny = true
                    index += 1
                    // The widest the line's content reaches as it fills: more than where it
                    // ends when a later segment is narrower than nothing (letter spacing
                    // tightened past a glyph's advance), and a line narrower than that reach
                    // breaks before it.
                    widest = max(widest, line.content)
                    if segment.isMandatoryBreak { break }
                    continue
                }
                if placedAny && !segment.isCharacterRun { break }
                return nil
            }
            if fonts != 0 && line.fontMask & fonts == 0 { return nil }
            lines += 1
        }
        return (lines, widest, starts)
    }

    /// `segment` (segment `index`) with the tabs in its trailing whitespace taken to their
    /// stops, its content starting at `x` layout units from the line's leading edge (see
    /// ``TabStops``); itself when it has no tab.
    func resolvingTabs(_ segment: MeasuredSegment, index: Int, at x: Int64, _ tabs: TabStops) -> MeasuredSegment {
        let bytes = access.bytes
        guard segment.shapedEnd > segment.contentEnd,
              UnsafeBufferPointer(rebasing: bytes[Int(segment.contentEnd)..<Int(segment.shapedEnd)]).contains(0x09)
        else { return segment }
        let clusters = graphemes(index)
        var pen = x + segment.contentWidth
        var trailing: Int64 = 0
        for k in clusters.contentCount..<clusters.ends.count {
            let start = Int(segment.start) + (k == 0 ? 0 : Int(clusters.ends[k - 1]))
            let advance = bytes[start] == 0x09 ? tabs.advance(at: pen) ?? Int64(clusters.advances[k])
                                               : Int64(clusters.advances[k])
            trailing += advance
            pen += advance
        }
        var resolved = segment
        resolved.width = segment.contentWidth + trailing
        resolved.trailingWhitespace = trailing
        return resolved
    }

    func byteOffset(of position: Position) -> Int {
        let segment = segments[position.segment]
        guard position.grapheme > 0 else { return Int(segment.start) }
        if segment.isCharacterRun { return Int(segment.start) + 3 * position.grapheme }
        return Int(segment.start) + Int(graphemes(position.segment).ends[position.grapheme - 1])
    }
}
