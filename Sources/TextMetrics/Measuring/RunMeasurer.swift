import TextSegmentation

/// Measures the segments of a text from its ``TextRun``s: each segment is cut at run
/// boundaries into pieces, each piece is measured in its run's face with its run's script,
/// direction and language (a ``SegmentMeasurer``; a ``CutMeasurer`` where a line breaks inside
/// a word), and the pieces' widths are added up in the text's units (`RunMeasurer+Units.swift`).
///
/// A text of one left-to-right run in the primary font, without a language, is shaped with
/// the properties HarfBuzz guesses from its text, in the primary font's units: exactly as that
/// font alone measures it. A font alone is a chain of one, and takes this same path.
///
/// Context for kerning never crosses a run boundary: HarfBuzz never shapes two runs together.
struct RunMeasurer {
    let fonts: FontChain
    let runs: [TextRun]
    /// The language, unretained: whoever makes the measurer keeps it alive while using it (a
    /// prepared text holds it), so a measurer is copied and dropped without counting a reference.
    private let unretainedLanguage: Unmanaged<ShapingLanguage>?
    /// The language runs are shaped with, or `nil`.
    var language: ShapingLanguage? { unretainedLanguage?.takeUnretainedValue() }
    /// Whether HarfBuzz guesses the properties of the text's one run (see above).
    let guessesProperties: Bool

    /// A measurer of `runs` of a text in `fonts`, shaped with `language`.
    init(fonts: FontChain, runs: [TextRun], language: ShapingLanguage?) {
        self.fonts = fonts
        self.runs = runs
        unretainedLanguage = language.map(Unmanaged.passUnretained)
        guessesProperties = RunMeasurer.guessesProperties(runs, language: language)
    }

    /// A measurer of `runs` whose ``guessesProperties`` is known (a prepared text keeps it).
    init(fonts: FontChain, runs: [TextRun], language: ShapingLanguage?, guessesProperties: Bool) {
        self.fonts = fonts
        self.runs = runs
        unretainedLanguage = language.map(Unmanaged.passUnretained)
        self.guessesProperties = guessesProperties
    }

    /// Whether `runs` are one left-to-right run in the primary font, of a script HarfBuzz
    /// would not guess right to left (a Hebrew mark with no letter keeps its level), with no
    /// language to shape with.
    static func guessesProperties(_ runs: [TextRun], language: ShapingLanguage?) -> Bool {
        guard language == nil, runs.count == 1 else { return false }
        let run = runs[0]
        return run.font == 0 && run.level == 0 && !HarfBuzzFont.guessesRightToLeft(run.script)
    }

    /// The properties run `index` is shaped with; `nil` when HarfBuzz guesses them.
    @inline(__always)
    func properties(_ index: Int) -> ShapingProperties? {
        guessesProperties ? nil : ShapingProperties(runs[index], language: unretainedLanguage)
    }

    /// The measurer of whole segments of run `index`.
    @inline(always)
    private func segmentMeasurer(_ index: Int) -> SegmentMeasurer {
        SegmentMeasurer(face: fonts.unretainedFace(Int(runs[index].font)), properties: properties(index),
                        runEnd: Int(runs[index].end))
    }

    /// The measurer of cuts in run `index`.
    private func cutMeasurer(_ index: Int) -> CutMeasurer {
        CutMeasurer(face: fonts.unretainedFace(Int(runs[index].font)), properties: properties(index),
                    runEnd: Int(runs[index].end))
    }

    // MARK: - Measuring

    /// The segments `splitter` finds, measured: widths, trailing whitespace, line-end
    /// corrections and fonts. A character run that crosses runs (kanji then kana) is cut where
    /// they start, and one that cannot be added up in its font is cut back into single
    /// characters (``SegmentSplitter/cuttingCharacterRuns(_:atStartsOf:)``).
    func measure(_ splitter: SegmentSplitter, in bytes: UnsafeBufferPointer<UInt8>) -> [MeasuredSegment] {
        var measured: [MeasuredSegment] = []
        measured.reserveCapacity(splitter.estimatedCount)
        splitter.split(into: &measured)
        if measureInPlace(&measured, in: bytes) { return measured }
        return measureCuttingCharacterRuns(measured.map(\.bounds), in: bytes)
    }

    /// `segments` measured (see ``measure(_:in:)-(SegmentSplitter,_)``).
    func measure(_ segments: [TextSegment], in bytes: UnsafeBufferPointer<UInt8>) -> [MeasuredSegment] {
        var measured = segments.map(MeasuredSegment.init)
        if measureInPlace(&measured, in: bytes) { return measured }
        return measureCuttingCharacterRuns(segments, in: bytes)
    }

    /// `segments` measured with their character runs cut where runs start, or, where a run
    /// still cannot be added up in its font, into single characters.
    private func measureCuttingCharacterRuns(_ segments: [TextSegment],
                                             in bytes: UnsafeBufferPointer<UInt8>) -> [MeasuredSegment] {
        if runs.count > 1 {
            var measured = SegmentSplitter.cuttingCharacterRuns(segments, atStartsOf: runs).map(MeasuredSegment.init)
            if measureInPlace(&measured, in: bytes) { return measured }
        }
        var measured = SegmentSplitter.cuttingCharacterRuns(segments, atStartsOf: nil).map(MeasuredSegment.init)
        _ = measureInPlace(&measured, in: bytes)  // no character runs are left: complete
        return measured
    }

    /// Gives every segment its measure. Returns `false`, with the segments half measured,
    /// when some character run cannot be added up or crosses runs: the runs must be cut back.
    @inline(always)
    private func measureInPlace(_ segments: inout [MeasuredSegment], in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Every piece is taken from its face's cache (or added up) where it can be; the pieces
        // no cache knows are collected and shaped afterwards, run by run.
        var unknown: [UnknownPiece] = []
        // The segments through a buffer: one uniqueness check for the text, not per field written.
        guard segments.withUnsafeMutableBufferPointer({ measureKnown($0, in: bytes, unknown: &unknown) }) else { return false }
        // Shape the unknown pieces run by run (they are in text order, so each run's pieces
        // are together), so consecutive new segments share a HarfBuzz call.
        var k = 0
        while k < unknown.count {
            let run = unknown[k].run
            var end = k
            while end < unknown.count, unknown[end].run == run { end += 1 }
            var pieces = unknown[k..<end].map(\.piece)
            segmentMeasurer(run).shape(&pieces, in: bytes)
            let font = Int(runs[run].font)
            for (piece, unknownPiece) in zip(pieces, unknown[k..<end]) {
                add(piece.measured, font: font, to: &segments[unknownPiece.owner])
            }
            k = end
        }
        return true
    }

    /// Gives every segment the measure its face's tables or cache know, and collects the
    /// pieces they do not know in `unknown`. Returns `false` when some character run cannot
    /// be added up or crosses runs.
    @inline(always)
    private func measureKnown(_ segments: UnsafeMutableBufferPointer<MeasuredSegment>, in bytes: UnsafeBufferPointer<UInt8>,
                              unknown: inout [UnknownPiece]) -> Bool {
        var i = 0
        var r = 0
        while i < segments.count {
            while r + 1 < runs.count, runs[r].end <= segments[i].start { r += 1 }
            if segments[i].end <= runs[r].end {
                // The segments wholly in run r, the usual case: each its own piece, all
                // measured by one measurer, made once for the run.
                let font = Int(runs[r].font)
                var unknownIndices: [Int] = []
                guard let next = segmentMeasurer(r).measure(segments, from: i, conversion: conversion(font: font),
                                                            fontBit: 1 << UInt16(font), in: bytes,
                                                            unknown: &unknownIndices) else { return false }
                for index in unknownIndices {
                    unknown.append(UnknownPiece(run: r, owner: index, piece: SegmentPiece(segments[index].bounds)))
                }
                i = next
                continue
            }
            // A segment across runs: measured piece by piece (a character run is cut back).
            guard !segments[i].isCharacterRun else { return false }
            forEachPiece(of: segments[i].bounds, from: &r) { run, piece in
                if let measure = segmentMeasurer(run).knownMeasure(of: piece, in: bytes) {
                    var known = piece.measured
                    known.apply(measure)
                    add(known, font: Int(runs[run].font), to: &segments[i])
                } else {
                    unknown.append(UnknownPiece(run: run, owner: i, piece: piece))
                }
            }
            i += 1
        }
        return true
    }

    /// A piece of a segment that no cache knows yet: shaped after the others.
    private struct UnknownPiece {
        let run: Int
        /// The index of the segment it belongs to.
        let owner: Int
        let piece: SegmentPiece
    }

    // MARK: - Cuts

    /// The grapheme clusters of `segment` with their advances in layout units.
    func graphemes(of segment: TextSegment, in bytes: UnsafeBufferPointer<UInt8>) -> GraphemeAdvances {
        var r = firstRun(containing: Int(segment.start))
        // A segment in one run, in a font whose units are the text's: the face's own answer.
        if runs[r].end >= segment.end, conversion(font: Int(runs[r].font)).scale == 1 {
            return cutMeasurer(r).graphemes(of: SegmentPiece(of: segment, in: runs[r]), in: bytes)
        }
        var ends: [Int32] = []
        var advances: [Int32] = []
        forEachPiece(of: segment, from: &r) { run, piece in
            let clusters = cutMeasurer(run).graphemes(of: piece, in: bytes)
            let offset = piece.measured.start - segment.start
            let font = Int(runs[run].font)
            ends += clusters.ends.map { $0 + offset }
            advances += clusters.advances.map { Int32(clamping: convert(Int64($0), font: font)) }
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
                total += convert(cutMeasurer(r).isolatedWidth(part, in: bytes), font: Int(runs[r].font))
            }
            r += 1
        }
        return total
    }

    /// `segment` measured from byte `start` to its end; `nil` when some piece is too long to
    /// re-measure at every line (see ``CutMeasurer/cachedRemainder(of:from:in:)``).
    func cachedRemainder(of segment: MeasuredSegment, from start: Int, in bytes: UnsafeBufferPointer<UInt8>)
        -> MeasuredSegment? {
        remainder(of: segment, from: start, in: bytes) { $0.cachedRemainder(of: $1, from: Int($1.measured.start), in: bytes) }
    }

    /// `segment` measured from byte `start` to its end however long it is (see
    /// ``CutMeasurer/shapedRemainder(of:from:in:)``).
    func shapedRemainder(of segment: MeasuredSegment, from start: Int, in bytes: UnsafeBufferPointer<UInt8>)
        -> MeasuredSegment {
        remainder(of: segment, from: start, in: bytes) { $0.shapedRemainder(of: $1, from: Int($1.measured.start), in: bytes) }!
    }

    /// The rest of `segment` from `start`, its pieces measured by `measure`; `nil` when one is not.
    private func remainder(of segment: MeasuredSegment, from start: Int, in bytes: UnsafeBufferPointer<UInt8>,
                           _ measure: (CutMeasurer, SegmentPiece) -> MeasuredSegment?) -> MeasuredSegment? {
        var bounds = segment.bounds
        bounds.start = Int32(start)
        var rest = MeasuredSegment(bounds)
        rest.characterAdvance = segment.characterAdvance
        var complete = true
        var r = firstRun(containing: start)
        forEachPiece(of: bounds, from: &r) { run, piece in
            guard complete, let measured = measure(cutMeasurer(run), piece) else {
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
    private func forEachPiece(of segment: TextSegment, from run: inout Int, _ body: (Int, SegmentPiece) -> Void) {
        while run + 1 < runs.count, Int(runs[run].end) <= Int(segment.start) { run += 1 }
        while true {
            body(run, SegmentPiece(of: segment, in: runs[run]))
            guard runs[run].end < segment.end, run + 1 < runs.count else { return }
            run += 1
        }
    }

    /// Adds a measured piece (in the units of font `font`) to the segment it belongs to.
    private func add(_ piece: MeasuredSegment, font: Int, to segment: inout MeasuredSegment) {
        segment.width += convert(piece.width, font: font)
        segment.trailingWhitespace += convert(piece.trailingWhitespace, font: font)
        if piece.end == segment.end {
            segment.lineEndCorrection = Int32(clamping: convert(Int64(piece.lineEndCorrection), font: font))
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
