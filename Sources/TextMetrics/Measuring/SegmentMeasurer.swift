import TextSegmentation

/// Measures whole segments of a run in one face, in font units: added up without shaping
/// where the face's tables allow it (context-free advances, pair kerning), taken from the
/// face's segment cache where it knows them, and otherwise shaped in context, a window of
/// neighbouring pieces per HarfBuzz call, and cached.
///
/// It holds the face's tables unretained (the face keeps them as long as it lives), as
/// ``RunInFace`` holds the face.
struct SegmentMeasurer {
    let run: RunInFace
    /// The face's Latin advances and kerning, when this run's shaping lets them be added up
    /// (see ``PairAdvances``); the empty table otherwise. It holds the face's context-free
    /// characters too. Unretained: the face keeps its tables as long as it lives.
    private let pairs: Unmanaged<PairAdvances>

    /// A measurer of the segments of a run of `face` shaped with `properties` (`nil`: HarfBuzz
    /// guesses them); context may reach to `runEnd`.
    init(face: Unmanaged<FontFace>, properties: ShapingProperties?, runEnd: Int) {
        run = RunInFace(faceReference: face, properties: properties, runEnd: runEnd)
        let allowed = properties.map { $0.allowsContextFreeAdvances } ?? true
        pairs = allowed ? face._withUnsafeGuaranteedRef { $0.unretainedPairAdvances } : PairAdvances.unretainedEmpty
    }

    /// Whether HarfBuzz guesses the properties.
    private var guessesProperties: Bool { run.properties == nil }

    /// The measure of `segment` in font units added up without shaping — from context-free
    /// advances, or from Latin advances and pair kerning — as width, trailing whitespace and
    /// line-end correction; `nil` when it must be shaped or taken from the cache. Not for a
    /// character run, which ``characterRunMeasure(of:in:)`` adds up as line fitting does.
    @inline(always)
    func additiveMeasure(of segment: TextSegment, in bytes: UnsafeBufferPointer<UInt8>)
        -> (width: Int32, trailing: Int32, lineEndCorrection: Int32)? {
        assert(!segment.isCharacterRun, "character runs are measured by characterRunMeasure")
        let next = run.contextStart(after: segment)
        let guesses = guessesProperties
        return pairs._withUnsafeGuaranteedRef { pairs in
            if let (width, trailing) = pairs.contextFree.widths(of: segment, in: bytes) {
                guard !guesses || contextAllowsGuessing(after: segment, bytes) else { return nil }
                return (width, trailing, 0)
            }
            // The next character is in the table or context-free: it keeps any guess.
            return pairs.measure(segment, in: bytes, next: next)
        }
    }

    /// The width of character run `segment` in font units, added up from context-free
    /// advances as line fitting adds them, and the advance all its characters share (see
    /// ``MeasuredSegment/characterAdvance``; 0 when they differ); `nil` when it cannot be added
    /// up in the face, and must be cut back.
    @inline(never)  // kept out of the loops that measure every segment
    func characterRunMeasure(of segment: TextSegment, in bytes: UnsafeBufferPointer<UInt8>)
        -> (width: Int32, uniformAdvance: Int32)? {
        let sum = pairs._withUnsafeGuaranteedRef { $0.contextFree.characterRunWidth(of: segment, in: bytes) }
        guard let measure = sum, !guessesProperties || contextAllowsGuessing(after: segment, bytes) else { return nil }
        return measure
    }

    /// The measure of `segment` from the face's segment cache, or `nil`.
    @inline(never)  // kept out of the loop that adds up measures, so that adding stays inlined there
    func cachedMeasure(of segment: TextSegment, in bytes: UnsafeBufferPointer<UInt8>) -> SegmentMeasure? {
        guard let key = run.key(of: segment, bytes) else { return nil }
        return run.faceReference._withUnsafeGuaranteedRef { $0.segments.measure(for: key) }
    }

    /// Measures the segments from `start` on that lie wholly in the run, in place: their
    /// widths converted to the text's units by `conversion`, their font `fontBit`. The index
    /// of each one no table or cache knows is added to `unknown`, for ``shape(_:in:glyphs:)``.
    /// Returns the index after the last segment of the run, or `nil` when a character run
    /// cannot be added up in the face (it must be cut back).
    @inline(never)  // a loop of its own, into which the additive measure is inlined
    func measure(_ segments: UnsafeMutableBufferPointer<MeasuredSegment>, from start: Int, conversion: UnitConversion,
                 fontBit: UInt32, in bytes: UnsafeBufferPointer<UInt8>, unknown: inout [Int]) -> Int? {
        let runEnd = Int32(clamping: run.runEnd)
        var i = start
        repeat {
            let segment = segments[i].bounds
            let width, trailing, correction: Int32
            var missing = false
            if segment.isCharacterRun {
                // Its characters are fitted one by one in the text's units: its width must be
                // their sum there, which an exact conversion keeps.
                guard conversion.isExact, let (sum, uniform) = characterRunMeasure(of: segment, in: bytes) else { return nil }
                let advance = Int64(uniform) * conversion.scale
                segments[i].characterAdvance = advance <= Int64(Int32.max) ? Int32(advance) : 0
                (width, trailing, correction) = (sum, 0, 0)
            } else if let added = additiveMeasure(of: segment, in: bytes) {
                (width, trailing, correction) = added
            } else if let cached = cachedMeasure(of: segment, in: bytes) {
                (width, trailing, correction) = (cached.width, cached.trailingWhitespace, cached.lineEndCorrection)
                missing = cached.hasMissingGlyphs
            } else {
                unknown.append(i)
                i += 1
                continue
            }
            if conversion.scale == 1 {
                segments[i].width = Int64(width)
                segments[i].trailingWhitespace = Int64(trailing)
                segments[i].lineEndCorrection = correction
            } else {
                segments[i].width = conversion(Int64(width))
                segments[i].trailingWhitespace = conversion(Int64(trailing))
                segments[i].lineEndCorrection = Int32(clamping: conversion(Int64(correction)))
            }
            segments[i].hasMissingGlyphs = missing
            if segment.shapedEnd > segment.start { segments[i].fontMask = fontBit }
            i += 1
        } while i < segments.count && segments[i].end <= runEnd
        return i
    }

    /// The measure of `piece` without shaping: added up (see ``additiveMeasure(of:in:)``), or
    /// from the face's segment cache; `nil` when it must be shaped.
    func knownMeasure(of piece: SegmentPiece, in bytes: UnsafeBufferPointer<UInt8>) -> SegmentMeasure? {
        if let (width, trailing, correction) = additiveMeasure(of: piece.bounds, in: bytes) {
            return SegmentMeasure(width: width, trailingWhitespace: trailing, lineEndCorrection: correction,
                                  hasMissingGlyphs: false)
        }
        guard let key = run.key(of: piece, bytes) else { return nil }
        return run.faceReference._withUnsafeGuaranteedRef { $0.segments.measure(for: key) }
    }

    /// Shapes `pieces` — in text order, the pieces of this run that no cache knows — those
    /// next to each other in the text together, a window per HarfBuzz call, and caches their
    /// measures. `glyphs` is the list each window is shaped into (its contents replaced; its
    /// room kept from call to call).
    func shape(_ pieces: inout [SegmentPiece], in bytes: UnsafeBufferPointer<UInt8>, glyphs: inout [ShapedGlyph]) {
        guard !pieces.isEmpty else { return }
        var k = 0
        while k < pieces.count {
            // A window: pieces next to each other in the text, of one paragraph, up to maxWindowBytes.
            let first = k
            var last = first
            while last + 1 < pieces.count, !pieces[last].measured.isMandatoryBreak,
                  pieces[last + 1].measured.start == pieces[last].measured.end,
                  Int(pieces[last + 1].measured.shapedEnd - pieces[first].measured.start) <= RunInFace.maxWindowBytes {
                last += 1
            }
            k = last + 1
            if !run.shapeWindow(first...last, &pieces, bytes, contextEnd: run.contextEnd(of: pieces[last].bounds, bytes),
                                &glyphs) {
                // A glyph's cluster reaches over a piece's start: the font ligates across a
                // break opportunity, reading more of the next segment than the first character
                // a key holds (Noto Color Emoji makes one glyph of 💋‍👨🏾👩🏽‍❤️‍). Split by clusters,
                // the window's widths could not be found again piece by piece, as a text whose
                // neighbouring segments are cached measures them: each is shaped alone.
                for i in first...last {
                    run.shapeWindow(i...i, &pieces, bytes, contextEnd: run.contextEnd(of: pieces[i].bounds, bytes), &glyphs)
                }
            }
            let face = run.face
            for i in first...last {
                if let key = run.key(of: pieces[i], bytes) { face.segments.store(pieces[i].measured.measure, for: key) }
            }
        }
    }

    /// When HarfBuzz guesses the properties, whether the character shaped after `segment`
    /// keeps the guess left to right on the default shaper.
    private func contextAllowsGuessing(after segment: TextSegment, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // No context after a mandatory break or at the end of the run.
        guard let next = run.contextStart(after: segment) else { return true }
        // ASCII is Latin or Common, which keep the guess.
        guard bytes[next] >= 0x80, let (scalar, _) = UTF8Scan.scalar(startingAt: next, in: bytes) else { return true }
        return ContextFreeAdvances.allowsContext(scalar)
    }
}
