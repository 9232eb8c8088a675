/// Measures the segments of a text that has several ``TextRun``s (fonts, scripts or
/// directions): each segment is cut at run boundaries into pieces, each piece is measured in
/// its run's face with its run's script, direction and language (through that face's
/// ``SegmentShaper`` and segment cache), and the pieces' widths are added up in the chain's
/// layout units.
///
/// Context for kerning never crosses a run boundary: HarfBuzz never shapes two runs together.
struct RunShaper {
    let fonts: FontChain
    let runs: [TextRun]
    let language: ShapingLanguage?

    /// The shaper of run `index`.
    private func shaper(_ index: Int, measuring: Bool = false) -> SegmentShaper {
        let run = runs[index]
        return SegmentShaper(face: fonts.unretainedFace(Int(run.font)),
                             properties: run.shapingProperties(language: language), runEnd: Int(run.end),
                             measuring: measuring)
    }

    /// Gives every segment its width, trailing whitespace, line-end correction and fonts.
    /// Returns `false`, with the segments half measured, when some character run cannot be
    /// added up or crosses runs: the runs must be cut back
    /// (``SegmentSplitter/cuttingCharacterRuns(_:atStartsOf:)``).
    func measure(_ segments: inout [TextSegment], in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Every piece is taken from its face's cache (or added up) where it can be; the pieces
        // no cache knows are collected and shaped afterwards, run by run.
        var unknown: [UnknownPiece] = []
        var keepsCharacterRuns = true
        // The segments through a buffer: one uniqueness check for the text, not per field written.
        segments.withUnsafeMutableBufferPointer { segments in
            var i = 0
            var r = 0
            while i < segments.count {
                while r + 1 < runs.count, runs[r].end <= segments[i].start { r += 1 }
                if segments[i].end <= runs[r].end {
                    // The segments wholly in run r, the usual case: each its own piece, all
                    // measured by one shaper, made once for the run.
                    let shaper = shaper(r, measuring: true)
                    let font = Int(runs[r].font)
                    let runEnd = runs[r].end
                    // A character run's characters are fitted one by one in layout units, so
                    // its width must be their sum there: exact when the font's units scale.
                    let addsExactly = fonts.layoutScale(font: font) != 0
                    repeat {
                        let segment = segments[i]
                        if segment.isCharacterRun {
                            guard addsExactly, let (width, uniform) = shaper.characterRunMeasure(of: segment, in: bytes) else {
                                keepsCharacterRuns = false
                                return
                            }
                            set(width: width, trailing: 0, correction: 0, missing: false, font: font, on: &segments[i])
                            let advance = fonts.layoutUnits(Int64(uniform), font: font)
                            segments[i].characterAdvance = advance <= Int64(Int32.max) ? Int32(advance) : 0
                        } else if let (width, trailing, correction) = shaper.additiveMeasure(of: segment, in: bytes) {
                            set(width: width, trailing: trailing, correction: correction, missing: false, font: font,
                                on: &segments[i])
                        } else if let measure = shaper.cachedMeasure(of: segment, in: bytes) {
                            set(width: measure.width, trailing: measure.trailingWhitespace,
                                correction: measure.lineEndCorrection, missing: measure.hasMissingGlyphs, font: font,
                                on: &segments[i])
                        } else {
                            unknown.append(UnknownPiece(run: r, owner: i, piece: RunShaper.piece(of: segment, in: runs[r])))
                        }
                        i += 1
                    } while i < segments.count && segments[i].end <= runEnd
                    continue
                }
                // A segment across runs: measured piece by piece (a character run is cut back).
                guard !segments[i].isCharacterRun else {
                    keepsCharacterRuns = false
                    return
                }
                forEachPiece(of: segments[i], from: &r) { run, piece in
                    if let measure = shaper(run, measuring: true).knownMeasure(of: piece, in: bytes) {
                        var known = piece
                        known.apply(measure)
                        add(known, font: Int(runs[run].font), to: &segments[i])
                    } else {
                        unknown.append(UnknownPiece(run: run, owner: i, piece: piece))
                    }
                }
                i += 1
            }
        }
        guard keepsCharacterRuns else { return false }
        // Shape the unknown pieces run by run (they are in text order, so each run's pieces
        // are together), so consecutive new segments share a HarfBuzz call.
        var k = 0
        while k < unknown.count {
            let run = unknown[k].run
            var end = k
            while end < unknown.count, unknown[end].run == run { end += 1 }
            var pieces = unknown[k..<end].map(\.piece)
            shaper(run).shapeAll(&pieces, in: bytes)
            let font = Int(runs[run].font)
            for (piece, unknownPiece) in zip(pieces, unknown[k..<end]) {
                add(piece, font: font, to: &segments[unknownPiece.owner])
            }
            k = end
        }
        return true
    }

    /// A piece of a segment that no cache knows yet: shaped after the others.
    private struct UnknownPiece {
        let run: Int
        /// The index of the segment it belongs to.
        let owner: Int
        let piece: TextSegment
    }

    /// The grapheme clusters of `segment` with their advances in layout units.
    func graphemes(of segment: TextSegment, in bytes: UnsafeBufferPointer<UInt8>) -> GraphemeAdvances {
        var ends: [Int32] = []
        var advances: [Int32] = []
        var r = firstRun(containing: Int(segment.start))
        forEachPiece(of: segment, from: &r) { run, piece in
            let clusters = shaper(run).graphemes(of: 0, [piece], in: bytes)
            let offset = piece.start - segment.start
            let scale = Int(runs[run].font)
            ends += clusters.ends.map { $0 + offset }
            advances += clusters.advances.map { Int32(clamping: fonts.layoutUnits(Int64($0), font: scale)) }
        }
        return GraphemeAdvances(ends: ends, advances: advances, contentBytes: segment.contentEnd - segment.start)
    }

    /// The width of `range` with each run's part shaped alone, in layout units.
    func isolatedWidth(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Int64 {
        var total: Int64 = 0
        var r = firstRun(containing: range.lowerBound)
        while r < runs.count, Int(runs[r].start) < range.upperBound {
            let part = max(range.lowerBound, Int(runs[r].start))..<min(range.upperBound, Int(runs[r].end))
            if !part.isEmpty {
                total += fonts.layoutUnits(shaper(r).isolatedWidth(part, in: bytes), font: Int(runs[r].font))
            }
            r += 1
        }
        return total
    }

    /// `segment` measured from byte `start` to its end; `nil` when some piece is too long to
    /// re-measure at every line, unless `evenIfLong` (see
    /// ``SegmentShaper/remainder(of:from:_:in:evenIfLong:)``).
    func remainder(of segment: TextSegment, from start: Int, in bytes: UnsafeBufferPointer<UInt8>,
                   evenIfLong: Bool) -> TextSegment? {
        var rest = segment
        rest.start = Int32(start)
        rest.width = 0
        rest.trailingWhitespace = 0
        rest.lineEndCorrection = 0
        rest.hasMissingGlyphs = false
        rest.fontMask = 0
        var complete = true
        var r = firstRun(containing: start)
        forEachPiece(of: rest, from: &r) { run, piece in
            guard complete, let measured = shaper(run).remainder(of: 0, from: Int(piece.start), [piece], in: bytes,
                                                                  evenIfLong: evenIfLong) else {
                complete = false
                return
            }
            add(measured, font: Int(runs[run].font), to: &rest)
        }
        return complete ? rest : nil
    }

    // MARK: - Pieces

    /// Calls `body` with each piece of `segment` — its part in one run — in order. `run`
    /// must not be past the segment's first run; it is left at the segment's last run.
    private func forEachPiece(of segment: TextSegment, from run: inout Int, _ body: (Int, TextSegment) -> Void) {
        while run + 1 < runs.count, Int(runs[run].end) <= Int(segment.start) { run += 1 }
        while true {
            body(run, RunShaper.piece(of: segment, in: runs[run]))
            guard runs[run].end < segment.end, run + 1 < runs.count else { return }
            run += 1
        }
    }

    /// The part of `segment` inside `run`, not measured yet.
    private static func piece(of segment: TextSegment, in run: TextRun) -> TextSegment {
        var piece = segment
        piece.start = max(segment.start, run.start)
        piece.end = min(segment.end, run.end)
        piece.shapedEnd = min(max(segment.shapedEnd, piece.start), piece.end)
        piece.contentEnd = min(max(segment.contentEnd, piece.start), piece.shapedEnd)
        piece.isMandatoryBreak = segment.isMandatoryBreak && piece.end == segment.end
        piece.startsInsideSegment = piece.start > segment.start
        piece.width = 0
        piece.trailingWhitespace = 0
        piece.lineEndCorrection = 0
        piece.hasMissingGlyphs = false
        return piece
    }

    /// Gives a segment that lies in one run its measure in that run's font `font` (font units).
    @inline(__always)
    private func set(width: Int32, trailing: Int32, correction: Int32, missing: Bool, font: Int,
                     on segment: inout TextSegment) {
        segment.width = fonts.layoutUnits(Int64(width), font: font)
        segment.trailingWhitespace = trailing == 0 ? 0 : fonts.layoutUnits(Int64(trailing), font: font)
        segment.lineEndCorrection = correction == 0 ? 0 : Int32(clamping: fonts.layoutUnits(Int64(correction), font: font))
        segment.hasMissingGlyphs = missing
        if segment.shapedEnd > segment.start { segment.fontMask = 1 << UInt16(font) }
    }

    /// Adds a measured piece (in the units of font `font`) to the segment it belongs to.
    private func add(_ piece: TextSegment, font: Int, to segment: inout TextSegment) {
        segment.width += fonts.layoutUnits(piece.width, font: font)
        segment.trailingWhitespace += fonts.layoutUnits(piece.trailingWhitespace, font: font)
        if piece.end == segment.end {
            segment.lineEndCorrection = Int32(clamping: fonts.layoutUnits(Int64(piece.lineEndCorrection), font: font))
        }
        segment.hasMissingGlyphs = segment.hasMissingGlyphs || piece.hasMissingGlyphs
        if piece.shapedEnd > piece.start { segment.fontMask |= 1 << UInt16(font) }
    }

    /// The index of the run holding byte `offset` (binary search).
    private func firstRun(containing offset: Int) -> Int {
        var low = 0
        var high = runs.count - 1
        while low < high {
            let mid = (low + high) / 2
            if Int(runs[mid].end) <= offset { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
