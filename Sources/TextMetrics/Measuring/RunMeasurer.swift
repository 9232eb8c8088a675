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
///
/// The runs of an attributed text also carry a style (``RunStyles``): its shaping options, and
/// letter spacing added after each grapheme cluster once a piece's width is in the text's units
/// (so the faces' caches never hold it). An attachment's run is its box's width, never shaped.
struct RunMeasurer {
    let fonts: FontChain
    let runs: [TextRun]
    /// The language and features of plain text, unretained: whoever makes the measurer keeps
    /// them alive while using it (a prepared text holds them), so a measurer is copied and
    /// dropped without counting a reference.
    private let unretainedOptions: Unmanaged<ShapingOptions>?
    /// The options plain text's runs are shaped with, or `nil`.
    var options: ShapingOptions? { unretainedOptions?.takeUnretainedValue() }
    /// The styles and attachments of an attributed text's runs; `nil` for plain text.
    let styles: RunStyles?
    /// Whether HarfBuzz guesses the properties of the text's one run (see above).
    let guessesProperties: Bool

    /// A measurer of `runs` of a text in `fonts`, shaped with `options` — or, in an attributed
    /// text, with each run's style in `styles`.
    init(fonts: FontChain, runs: [TextRun], options: ShapingOptions?, styles: RunStyles? = nil) {
        self.fonts = fonts
        self.runs = runs
        unretainedOptions = options.map(Unmanaged.passUnretained)
        self.styles = styles
        guessesProperties = styles == nil && RunMeasurer.guessesProperties(runs, options: options)
    }

    /// A measurer of the runs of plain text whose ``guessesProperties`` is known (a prepared
    /// text keeps it).
    init(fonts: FontChain, runs: [TextRun], options: ShapingOptions?, guessesProperties: Bool) {
        self.fonts = fonts
        self.runs = runs
        unretainedOptions = options.map(Unmanaged.passUnretained)
        styles = nil
        self.guessesProperties = guessesProperties
    }

    /// Whether `runs` are one left-to-right run in the primary font, of a script HarfBuzz
    /// would not guess right to left (a Hebrew mark with no letter keeps its level), with no
    /// language or features to shape with.
    static func guessesProperties(_ runs: [TextRun], options: ShapingOptions?) -> Bool {
        guard options == nil, runs.count == 1 else { return false }
        let run = runs[0]
        return run.font == 0 && run.level == 0 && !HarfBuzzFont.guessesRightToLeft(run.script)
    }

    /// The properties run `index` is shaped with; `nil` when HarfBuzz guesses them.
    @inline(__always)
    func properties(_ index: Int) -> ShapingProperties? {
        if guessesProperties { return nil }
        guard let styles else { return ShapingProperties(runs[index], options: unretainedOptions) }
        let options = styles.styles[Int(runs[index].style)].options
        return ShapingProperties(runs[index], options: options.map(Unmanaged.passUnretained))
    }

    /// The letter spacing of run `index` in layout units (0 for plain text and attachments).
    @inline(__always)
    func kern(_ index: Int) -> Int64 {
        guard let styles, styles.hasKern, !runs[index].isAttachment else { return 0 }
        return styles.styles[Int(runs[index].style)].kern
    }

    /// The letter spacing of the run holding byte `offset`, in layout units.
    func kern(at offset: Int) -> Int64 {
        guard let styles, styles.hasKern else { return 0 }
        return kern(firstRun(containing: offset))
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
        // Found and measured in the thread's buffer, then kept in an array of their count.
        SegmentScratch.with { scratch in
            var sink = scratch
            splitter.split(into: &sink)
            let found = scratch.segments
            if measureInPlace(found, in: bytes, &scratch.pieceWork) { return Array(found) }
            return measureCuttingCharacterRuns(found.map(\.bounds), in: bytes, &scratch.pieceWork)
        }
    }

    /// `segments` measured (see ``measure(_:in:)-(SegmentSplitter,_)``), with the thread's
    /// piece lists as every measuring path.
    func measure(_ segments: [TextSegment], in bytes: UnsafeBufferPointer<UInt8>) -> [MeasuredSegment] {
        SegmentScratch.with { scratch in
            let (measured, isComplete) = measuredInPlace(segments, in: bytes, &scratch.pieceWork)
            return isComplete ? measured : measureCuttingCharacterRuns(segments, in: bytes, &scratch.pieceWork)
        }
    }

    /// `segments` measured with their character runs cut where runs start, or, where a run
    /// still cannot be added up in its font, into single characters.
    private func measureCuttingCharacterRuns(_ segments: [TextSegment], in bytes: UnsafeBufferPointer<UInt8>,
                                             _ work: inout PieceWork) -> [MeasuredSegment] {
        if runs.count > 1 {
            let (measured, isComplete) = measuredInPlace(SegmentSplitter.cuttingCharacterRuns(segments, atStartsOf: runs),
                                                         in: bytes, &work)
            if isComplete { return measured }
        }
        // No character runs are left: complete.
        return measuredInPlace(SegmentSplitter.cuttingCharacterRuns(segments, atStartsOf: nil), in: bytes, &work).segments
    }

    /// `segments` measured in an array of their own (``measureInPlace(_:in:_:)``), and whether
    /// that is complete.
    private func measuredInPlace(_ segments: [TextSegment], in bytes: UnsafeBufferPointer<UInt8>,
                                 _ work: inout PieceWork) -> (segments: [MeasuredSegment], isComplete: Bool) {
        var measured = segments.map(MeasuredSegment.init)
        let isComplete = measured.withUnsafeMutableBufferPointer { measureInPlace($0, in: bytes, &work) }
        return (measured, isComplete)
    }

    /// Gives every segment its measure. Returns `false`, with the segments half measured,
    /// when some character run cannot be added up or crosses runs: the runs must be cut back.
    @inline(always)
    private func measureInPlace(_ segments: UnsafeMutableBufferPointer<MeasuredSegment>,
                                in bytes: UnsafeBufferPointer<UInt8>, _ work: inout PieceWork) -> Bool {
        // Every piece is taken from its face's cache (or added up) where it can be; the pieces
        // no cache knows are collected and shaped afterwards, run by run.
        if !work.unknown.isEmpty { work.unknown.removeAll(keepingCapacity: true) }
        guard measureKnown(segments, in: bytes, &work) else { return false }
        // Shape the unknown pieces run by run (they are in text order, so each run's pieces
        // are together), so consecutive new segments share a HarfBuzz call.
        var k = 0
        while k < work.unknown.count {
            let run = work.unknown[k].run
            var end = k
            while end < work.unknown.count, work.unknown[end].run == run { end += 1 }
            work.pieces.removeAll(keepingCapacity: true)
            for index in k..<end { work.pieces.append(work.unknown[index].piece) }
            segmentMeasurer(run).shape(&work.pieces, in: bytes, glyphs: &work.glyphs)
            for index in k..<end {
                add(work.pieces[index - k].measured, run: run, to: &segments[work.unknown[index].owner], in: bytes)
            }
            k = end
        }
        return true
    }

    /// Gives every segment the measure its face's tables or cache know, and collects the
    /// pieces they do not know in `work.unknown`. Returns `false` when some character run
    /// cannot be added up or crosses runs.
    @inline(always)
    private func measureKnown(_ segments: UnsafeMutableBufferPointer<MeasuredSegment>, in bytes: UnsafeBufferPointer<UInt8>,
                              _ work: inout PieceWork) -> Bool {
        var i = 0
        var r = 0
        while i < segments.count {
            while r + 1 < runs.count, runs[r].end <= segments[i].start { r += 1 }
            if segments[i].end <= runs[r].end, runs[r].isAttachment {
                // An attachment's U+FFFC alone: its box.
                segments[i].width = attachmentPiece(r, SegmentPiece(segments[i].bounds)).width
                segments[i].fontMask = FontChain.attachmentBit
                i += 1
                continue
            }
            if segments[i].end <= runs[r].end {
                // The segments wholly in run r, the usual case: each its own piece, all
                // measured by one measurer, made once for the run.
                let font = Int(runs[r].font)
                if !work.unknownIndices.isEmpty { work.unknownIndices.removeAll(keepingCapacity: true) }
                guard let next = segmentMeasurer(r).measure(segments, from: i, conversion: conversion(font: font),
                                                            fontBit: 1 << UInt32(font), in: bytes,
                                                            unknown: &work.unknownIndices) else { return false }
                for index in work.unknownIndices {
                    work.unknown.append(PieceWork.UnknownPiece(run: r, owner: index, piece: SegmentPiece(segments[index].bounds)))
                }
                let kern = kern(r)
                if kern != 0 {
                    // The unknown ones get their spacing when they are shaped (`add`).
                    var u = 0
                    for j in i..<next {
                        if u < work.unknownIndices.count, work.unknownIndices[u] == j { u += 1; continue }
                        addKern(kern, over: segments[j].bounds, to: &segments[j], in: bytes)
                        if segments[j].isCharacterRun {
                            let spaced = Int64(segments[j].characterAdvance) + kern
                            segments[j].characterAdvance = segments[j].characterAdvance != 0 && spaced > 0
                                ? Int32(clamping: spaced) : 0
                        }
                    }
                }
                i = next
                continue
            }
            // A segment across runs: measured piece by piece (a character run is cut back).
            guard !segments[i].isCharacterRun else { return false }
            forEachPiece(of: segments[i].bounds, from: &r) { run, piece in
                if runs[run].isAttachment {
                    add(attachmentPiece(run, piece), run: run, to: &segments[i], in: bytes)
                } else if let measure = segmentMeasurer(run).knownMeasure(of: piece, in: bytes) {
                    var known = piece.measured
                    known.apply(measure)
                    add(known, run: run, to: &segments[i], in: bytes)
                } else {
                    work.unknown.append(PieceWork.UnknownPiece(run: run, owner: i, piece: piece))
                }
            }
            i += 1
        }
        return true
    }

    // MARK: - Cuts

    /// The grapheme clusters of `segment` with their advances in layout units.
    func graphemes(of segment: TextSegment, in bytes: UnsafeBufferPointer<UInt8>) -> GraphemeAdvances {
        var r = firstRun(containing: Int(segment.start))
        // A segment in one run, in a font whose units are the text's, with no spacing: the
        // face's own answer.
        if runs[r].end >= segment.end, !runs[r].isAttachment, kern(r) == 0,
           conversion(font: Int(runs[r].font)).scale == 1 {
            return cutMeasurer(r).graphemes(of: SegmentPiece(of: segment, in: runs[r]), in: bytes)
        }
        var ends: [Int32] = []
        var advances: [Int32] = []
        forEachPiece(of: segment, from: &r) { run, piece in
            let offset = piece.measured.start - segment.start
            if runs[run].isAttachment {
                ends.append(piece.measured.end - segment.start)
                advances.append(Int32(clamping: attachmentPiece(run, piece).width))
                return
            }
            let clusters = cutMeasurer(run).graphemes(of: piece, in: bytes)
            let font = Int(runs[run].font)
            let kern = kern(run)
            ends += clusters.ends.map { $0 + offset }
            advances += clusters.advances.map { Int32(clamping: convert(Int64($0), font: font) + kern) }
        }
        return GraphemeAdvances(ends: ends, advances: advances, contentBytes: segment.contentEnd - segment.start)
    }

    /// The width of `range` with each run's part shaped alone, in layout units.
    func isolatedWidth(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Int64 {
        var total: Int64 = 0
        var r = firstRun(containing: range.lowerBound)
        while r < runs.count, Int(runs[r].start) < range.upperBound {
            let part = max(range.lowerBound, Int(runs[r].start))..<min(range.upperBound, Int(runs[r].end))
            if !part.isEmpty, runs[r].isAttachment {
                total += attachmentPiece(r, SegmentPiece(TextSegment(start: Int32(part.lowerBound),
                    contentEnd: Int32(part.upperBound), shapedEnd: Int32(part.upperBound), end: Int32(part.upperBound),
                    isMandatoryBreak: false))).width
            } else if !part.isEmpty {
                total += convert(cutMeasurer(r).isolatedWidth(part, in: bytes), font: Int(runs[r].font))
                    + kern(r) * Int64(RunMeasurer.graphemeCount(part, in: bytes))
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
            if runs[run].isAttachment {
                add(attachmentPiece(run, piece), run: run, to: &rest, in: bytes)
                return
            }
            guard complete, let measured = measure(cutMeasurer(run), piece) else {
                complete = false
                return
            }
            add(measured, run: run, to: &rest, in: bytes)
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

    /// Adds a piece measured in run `r` (in the units of its font; an attachment's in the
    /// text's) to the segment it belongs to, with the run's letter spacing.
    private func add(_ piece: MeasuredSegment, run r: Int, to segment: inout MeasuredSegment,
                     in bytes: UnsafeBufferPointer<UInt8>) {
        if runs[r].isAttachment {
            segment.width += piece.width
            segment.fontMask |= FontChain.attachmentBit
            return
        }
        let font = Int(runs[r].font)
        let inTextUnits = conversion(font: font)  // looked up once for the piece's three widths
        segment.width += inTextUnits(piece.width)
        segment.trailingWhitespace += inTextUnits(piece.trailingWhitespace)
        if piece.end == segment.end {
            segment.lineEndCorrection = Int32(clamping: inTextUnits(Int64(piece.lineEndCorrection)))
        }
        segment.hasMissingGlyphs = segment.hasMissingGlyphs || piece.hasMissingGlyphs
        if piece.shapedEnd > piece.start { segment.fontMask |= 1 << UInt32(font) }
        let kern = kern(r)
        if kern != 0 { addKern(kern, over: piece.bounds, to: &segment, in: bytes) }
    }

    /// An attachment's piece (`piece` in attachment run `r`): its box's width, in layout
    /// units, when the piece holds its U+FFFC.
    private func attachmentPiece(_ r: Int, _ piece: SegmentPiece) -> MeasuredSegment {
        var measured = piece.measured
        if let styles, piece.measured.start <= runs[r].start {
            measured.width = styles.boxes[Int(runs[r].style)].width
        }
        return measured
    }

    /// Adds `kern` layout units after each grapheme cluster of `piece` — content and trailing
    /// whitespace — to `segment`'s widths.
    private func addKern(_ kern: Int64, over piece: TextSegment, to segment: inout MeasuredSegment,
                         in bytes: UnsafeBufferPointer<UInt8>) {
        let content = segment.isCharacterRun ? piece.characterCount
            : RunMeasurer.graphemeCount(Int(piece.start)..<Int(piece.contentEnd), in: bytes)
        let trailing = RunMeasurer.graphemeCount(Int(piece.contentEnd)..<Int(piece.shapedEnd), in: bytes)
        segment.width += kern * Int64(content + trailing)
        segment.trailingWhitespace += kern * Int64(trailing)
    }

    /// The number of grapheme clusters in `range` of `bytes`.
    static func graphemeCount(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard !range.isEmpty else { return 0 }
        var count = 0
        GraphemeBreaking.forEachBoundary(inUTF8: UnsafeBufferPointer(rebasing: bytes[range])) { _ in count += 1 }
        return count
    }

    /// The index of the run holding byte `offset` (binary search).
    func firstRun(containing offset: Int) -> Int {
        var low = 0
        var high = runs.count - 1
        while low < high {
            let mid = (low + high) / 2
            if Int(runs[mid].end) <= offset { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
