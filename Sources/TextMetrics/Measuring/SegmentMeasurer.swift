import TextSegmentation

/// Gives every segment of a text its width in one face: from the cache where it can, by
/// shaping the rest in context, a window of neighbouring segments per HarfBuzz call.
///
/// A segment's width is measured with the first character of the next segment after it,
/// because fonts kern across line-break opportunities; that character's own glyphs are
/// dropped. Where HarfBuzz flags the boundary unsafe to break and no whitespace would hang
/// there, the segment is also shaped alone, and the difference is kept as its line-end
/// correction, so a line ending there is as wide as the line shaped by itself.
///
/// A shaper holds its face and the face's tables unretained, so making one per run (seven for
/// a post of Chinese, English and emoji) costs no reference counting: whoever makes one keeps
/// the face alive — in a ``FontChain`` or a ``FontFace`` it holds — while using it, and no
/// shaper outlives the call that made it.
struct SegmentShaper {
    /// The face, unretained (see above).
    private let faceReference: Unmanaged<FontFace>
    /// Script, direction and language, or `nil` to let HarfBuzz guess them from the text.
    let properties: ShapingProperties?
    /// Context never reaches past this byte: the end of the text, or of the run being shaped.
    let runEnd: Int

    /// The face's Latin advances and kerning, when this shaping lets them be added up (see
    /// ``PairAdvances``); the empty table otherwise. It holds the face's context-free
    /// characters too. Unretained: the face keeps its tables as long as it lives.
    private let pairs: Unmanaged<PairAdvances>
    /// Whether HarfBuzz guesses the properties (``properties`` is `nil`).
    private let guessesProperties: Bool

    /// A shaper for segments of one face; context may reach to `runEnd`.
    ///
    /// - Parameter measuring: whether the shaper measures whole segments (``measure(_:in:)``,
    ///   ``knownMeasure(of:in:)``) and so takes context-free characters from the face's table;
    ///   laying out, which only breaks inside words, does not need it.
    init(face: Unmanaged<FontFace>, properties: ShapingProperties? = nil, runEnd: Int, measuring: Bool = false) {
        faceReference = face
        self.properties = properties
        self.runEnd = runEnd
        guessesProperties = properties == nil
        let allowed = measuring && properties.map { $0.allowsContextFreeAdvances } ?? true
        pairs = allowed ? face._withUnsafeGuaranteedRef { $0.unretainedPairAdvances } : PairAdvances.unretainedEmpty
    }

    /// A shaper of `face`, which the caller keeps alive while it uses the shaper.
    init(face: FontFace, properties: ShapingProperties? = nil, runEnd: Int, measuring: Bool = false) {
        self.init(face: Unmanaged.passUnretained(face), properties: properties, runEnd: runEnd, measuring: measuring)
    }

    /// The face (a strong reference, for the paths that shape or use the cache).
    var face: FontFace { faceReference.takeUnretainedValue() }

    private var salt: UInt32 { properties?.cacheSalt ?? 0 }

    /// The longest stretch of text shaped in one HarfBuzz call.
    static let maxWindowBytes = 2048

    /// Gives every segment its width, trailing whitespace and line-end correction. Returns
    /// `false`, with the segments half measured, when some character run cannot be added up
    /// in the face: the runs must be cut back (``SegmentSplitter/cuttingCharacterRuns(_:atStartsOf:)``).
    func measure(_ segments: inout [TextSegment], in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var missing: [Int] = []
        for i in segments.indices {
            if segments[i].isCharacterRun {
                guard let (width, uniformAdvance) = characterRunMeasure(of: segments[i], in: bytes) else { return false }
                segments[i].width = Int64(width)
                segments[i].characterAdvance = uniformAdvance
            } else if let (width, trailing, correction) = additiveMeasure(of: segments[i], in: bytes) {
                segments[i].width = Int64(width)
                segments[i].trailingWhitespace = Int64(trailing)
                segments[i].lineEndCorrection = correction
            } else if let measure = cachedMeasure(of: segments[i], in: bytes) {
                segments[i].apply(measure)
            } else {
                missing.append(i)
            }
        }
        shape(missing, of: &segments, in: bytes)
        return true
    }

    /// Shapes `segments` — in text order, not necessarily all of the text: ``RunShaper``
    /// passes the pieces of one run that no cache knows — and caches their measures.
    func shapeAll(_ segments: inout [TextSegment], in bytes: UnsafeBufferPointer<UInt8>) {
        shape(Array(segments.indices), of: &segments, in: bytes)
    }

    /// Shapes the segments at `missing` (increasing indices), those next to each other in
    /// the text together, a window per HarfBuzz call, and caches their measures.
    private func shape(_ missing: [Int], of segments: inout [TextSegment], in bytes: UnsafeBufferPointer<UInt8>) {
        guard !missing.isEmpty else { return }
        var glyphs: [ShapedGlyph] = []
        var k = 0
        while k < missing.count {
            // A window: missing segments next to each other in the text, of one paragraph, up to maxWindowBytes.
            let first = missing[k]
            var last = first
            while k + 1 < missing.count, missing[k + 1] == last + 1, !segments[last].isMandatoryBreak,
                  segments[last + 1].start == segments[last].end,
                  Int(segments[last + 1].shapedEnd - segments[first].start) <= SegmentShaper.maxWindowBytes {
                k += 1
                last = missing[k]
            }
            k += 1
            if !shapeWindow(first...last, &segments, bytes, contextEnd: contextEnd(of: segments[last], bytes), &glyphs) {
                // A glyph's cluster reaches over a segment's start: the font ligates across a
                // break opportunity, reading more of the next segment than the first character
                // a key holds (Noto Color Emoji makes one glyph of 💋‍👨🏾👩🏽‍❤️‍). Split by clusters,
                // the window's widths could not be found again segment by segment, as a text
                // whose neighbouring segments are cached measures them: each is shaped alone.
                for i in first...last {
                    shapeWindow(i...i, &segments, bytes, contextEnd: contextEnd(of: segments[i], bytes), &glyphs)
                }
            }
            for i in first...last {
                if let key = key(of: segments[i], bytes) { face.segments.store(segments[i].measure, for: key) }
            }
        }
    }

    /// The measure of `segment` in font units added up without shaping — from context-free
    /// advances, or from Latin advances and pair kerning — as width, trailing whitespace and
    /// line-end correction; `nil` when it must be shaped or taken from the cache. Not for a
    /// character run, which ``characterRunMeasure(of:in:)`` adds up as line fitting does.
    @inline(__always)
    func additiveMeasure(of segment: TextSegment, in bytes: UnsafeBufferPointer<UInt8>)
        -> (width: Int32, trailing: Int32, lineEndCorrection: Int32)? {
        assert(!segment.isCharacterRun, "character runs are measured by characterRunMeasure")
        let next = contextStart(after: segment)
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
    /// ``TextSegment/characterAdvance``; 0 when they differ); `nil` when it cannot be added
    /// up in the face, and must be cut back.
    @inline(never)  // kept out of the loops that measure every segment
    func characterRunMeasure(of segment: TextSegment, in bytes: UnsafeBufferPointer<UInt8>)
        -> (width: Int32, uniformAdvance: Int32)? {
        let sum = pairs._withUnsafeGuaranteedRef { $0.contextFree.characterRunWidth(of: segment, in: bytes) }
        guard let measure = sum, !guessesProperties || contextAllowsGuessing(after: segment, bytes) else { return nil }
        return measure
    }

    /// The measure of `segment` without shaping: added up (see ``additiveMeasure(of:in:)``),
    /// or from the face's segment cache; `nil` when it must be shaped.
    func knownMeasure(of segment: TextSegment, in bytes: UnsafeBufferPointer<UInt8>) -> SegmentMeasure? {
        if let (width, trailing, correction) = additiveMeasure(of: segment, in: bytes) {
            return SegmentMeasure(width: width, trailingWhitespace: trailing, lineEndCorrection: correction,
                                  hasMissingGlyphs: false, graphemes: nil)
        }
        return cachedMeasure(of: segment, in: bytes)
    }

    /// The measure of `segment` from the face's segment cache, or `nil`.
    func cachedMeasure(of segment: TextSegment, in bytes: UnsafeBufferPointer<UInt8>) -> SegmentMeasure? {
        guard let key = key(of: segment, bytes) else { return nil }
        return faceReference._withUnsafeGuaranteedRef { $0.segments.measure(for: key) }
    }

    /// The grapheme clusters of segment `i` with their advances, for breaking inside it.
    func graphemes(of i: Int, _ segments: [TextSegment], in bytes: UnsafeBufferPointer<UInt8>) -> GraphemeAdvances {
        let key = key(of: segments[i], bytes)
        if let key, let cached = face.segments.measure(for: key)?.graphemes { return cached }
        let segment = segments[i]
        var glyphs: [ShapedGlyph] = []
        face.shaper.shape(bytes, range: Int(segment.start)..<contextEnd(of: segment, bytes), properties: properties,
                          into: &glyphs)
        var ends: [Int32] = []
        let start = Int(segment.start)
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<Int(segment.shapedEnd)])
        GraphemeBreaking.forEachBoundary(inUTF8: slice) { ends.append(Int32($0)) }
        let advances = GraphemeAdvances.advances(of: glyphs, from: start, ends: ends)
        let result = GraphemeAdvances(ends: ends, advances: advances, contentBytes: segment.contentEnd - segment.start)
        // Attach the advances to the segment's cached measure; the segment passed in may be a
        // piece not measured yet (see RunShaper), so its own widths are not stored.
        if let key, var measure = face.segments.measure(for: key) {
            measure.graphemes = result
            face.segments.store(measure, for: key)
        }
        return result
    }

    /// The width of `range` shaped on its own, in font units: a piece of a word broken
    /// between grapheme clusters, as it stands at the end of a line.
    func isolatedWidth(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Int64 {
        let key = keyInPlace(range, shapedEnd: range.upperBound, trailingLength: 0, bytes)
        if let key, let cached = face.segments.measure(for: key) { return Int64(cached.width) }
        var glyphs: [ShapedGlyph] = []
        face.shaper.shape(bytes, range: range, properties: properties, into: &glyphs)
        let width = glyphs.reduce(Int32(0)) { $0 + $1.advance }
        if let key {
            face.segments.store(SegmentMeasure(width: width, trailingWhitespace: 0, lineEndCorrection: 0,
                                               hasMissingGlyphs: false, graphemes: nil), for: key)
        }
        return Int64(width)
    }

    /// Segment `i` measured from byte `start` (where an earlier line broke inside it) to its
    /// end, with the same context after it; `nil` when the rest is too long to cache (a line
    /// fitter asks at every line of a long word, and then cuts it by grapheme advances), unless
    /// `evenIfLong`: then a rest too long to cache is shaped, once, and not cached.
    func remainder(of i: Int, from start: Int, _ segments: [TextSegment], in bytes: UnsafeBufferPointer<UInt8>,
                   evenIfLong: Bool) -> TextSegment? {
        let end = contextEnd(of: segments[i], bytes)
        var rest = [segments[i]]
        rest[0].start = Int32(start)
        let trailing = Int(rest[0].shapedEnd - max(rest[0].contentEnd, rest[0].start))
        let key = keyInPlace(start..<end, shapedEnd: Int(rest[0].shapedEnd), trailingLength: trailing, bytes)
        guard key != nil || evenIfLong else { return nil }
        if let key, let cached = face.segments.measure(for: key) {
            rest[0].apply(cached)
            return rest[0]
        }
        var glyphs: [ShapedGlyph] = []
        shapeWindow(0...0, &rest, bytes, contextEnd: end, &glyphs)
        if let key { face.segments.store(rest[0].measure, for: key) }
        return rest[0]
    }

    // MARK: - Windows

    /// Shapes the segments of `window` in one HarfBuzz call, to `contextEnd`, and gives each the
    /// advances of the glyphs whose clusters start in it. Returns `false` when some segment but
    /// the first starts inside a cluster (no glyph starts where it does): the widths then belong
    /// to the window, not to its segments (a window of one segment always keeps them apart).
    @discardableResult
    private func shapeWindow(_ window: ClosedRange<Int>, _ segments: inout [TextSegment],
                             _ bytes: UnsafeBufferPointer<UInt8>, contextEnd: Int, _ glyphs: inout [ShapedGlyph]) -> Bool {
        glyphs.removeAll(keepingCapacity: true)
        let range = Int(segments[window.lowerBound].start)..<contextEnd
        face.shaper.shape(bytes, range: range, properties: properties, into: &glyphs)
        for i in window {
            segments[i].width = 0
            segments[i].trailingWhitespace = 0
            segments[i].hasMissingGlyphs = false
            segments[i].lineEndCorrection = 0
        }
        var i = window.lowerBound
        var atSegmentStart = true
        // How many segments after the first a glyph starts exactly where they start.
        var segmentsStartingGlyphs = 0
        for glyph in glyphs {
            let cluster = glyph.cluster
            while i <= window.upperBound, cluster >= segments[i].shapedEnd {
                i += 1
                atSegmentStart = true
            }
            if atSegmentStart, i > window.lowerBound, i <= window.upperBound, cluster == segments[i].start {
                segmentsStartingGlyphs += 1
            }
            if atSegmentStart, i > window.lowerBound, glyph.isUnsafeToBreak {
                noteUnsafeBoundary(before: i, &segments, bytes)
            }
            atSegmentStart = false
            guard i <= window.upperBound else { break }  // the context character
            segments[i].width += Int64(glyph.advance)
            if cluster >= segments[i].contentEnd { segments[i].trailingWhitespace += Int64(glyph.advance) }
            if glyph.isMissing, !isInvisible(at: Int(cluster), bytes) { segments[i].hasMissingGlyphs = true }
        }
        // Every later segment with something to shape must start a glyph of its own.
        let shapedSegments = segments[window].dropFirst().count { $0.shapedEnd > $0.start }
        return segmentsStartingGlyphs == shapedSegments
    }

    /// The segment before `next` kerns or joins with it: if nothing hangs between them,
    /// measure the segment's content alone for when a line ends there.
    private func noteUnsafeBoundary(before next: Int, _ segments: inout [TextSegment], _ bytes: UnsafeBufferPointer<UInt8>) {
        let previous = next - 1
        let segment = segments[previous]
        guard segment.contentEnd == segment.shapedEnd, segment.contentEnd > segment.start else { return }
        var alone: [ShapedGlyph] = []
        face.shaper.shape(bytes, range: Int(segment.start)..<Int(segment.contentEnd), properties: properties, into: &alone)
        let isolated = alone.reduce(Int32(0)) { $0 + $1.advance }
        segments[previous].lineEndCorrection = Int32(clamping: Int64(isolated) - segment.contentWidth)
    }

    // MARK: - Keys and context

    /// Where shaping segment `i` stops: after the first character of the next segment,
    /// unless a line must end after `i` or the run ends there.
    private func contextEnd(of segment: TextSegment, _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let next = contextStart(after: segment) else { return Int(segment.shapedEnd) }
        return next + UTF8Scan.codePoint(at: next, in: bytes).length
    }

    /// Where the character shaped after `segment` as context starts, or `nil` when a line
    /// must end after it or its run ends there.
    @inline(__always)
    private func contextStart(after segment: TextSegment) -> Int? {
        segment.isMandatoryBreak || Int(segment.end) >= runEnd ? nil : Int(segment.end)
    }

    private func key(of segment: TextSegment, _ bytes: UnsafeBufferPointer<UInt8>) -> SegmentKey? {
        let start = Int(segment.start)
        let end = contextEnd(of: segment, bytes)
        if segment.startsInsideSegment {
            // A piece after another run's part of its segment: the text around it is context.
            return keyInPlace(start..<end, shapedEnd: Int(segment.shapedEnd),
                              trailingLength: Int(segment.shapedEnd - max(segment.contentEnd, segment.start)), bytes)
        }
        return SegmentKey(UnsafeBufferPointer(rebasing: bytes[start..<end]), contextLength: end - Int(segment.shapedEnd),
                          trailingLength: Int(segment.shapedEnd - max(segment.contentEnd, segment.start)), salt: salt)
    }

    /// The key of `bytes[range]` (shaped bytes up to `shapedEnd`, context after) that starts
    /// inside a segment, as HarfBuzz shapes it there: reading up to five characters on each
    /// side as context (``HarfBuzzFont/contextLength``), which Arabic joining and other
    /// complex shaping depend on. Those characters are part of the key unless all of them and
    /// the range are ASCII, which no shaping reads context for.
    private func keyInPlace(_ range: Range<Int>, shapedEnd: Int, trailingLength: Int,
                            _ bytes: UnsafeBufferPointer<UInt8>) -> SegmentKey? {
        guard range.count <= SegmentKey.maxCachedLength else { return nil }
        var lower = range.lowerBound
        var upper = range.upperBound
        var characters = 0
        while lower > 0, characters < HarfBuzzFont.contextLength {
            lower -= 1
            if bytes[lower] & 0xC0 != 0x80 { characters += 1 }
        }
        characters = 0
        while upper < bytes.count, characters < HarfBuzzFont.contextLength {
            upper += UTF8Scan.codePoint(at: upper, in: bytes).length
            characters += 1
        }
        if !UnsafeBufferPointer(rebasing: bytes[lower..<upper]).contains(where: { $0 >= 0x80 }) {
            (lower, upper) = (range.lowerBound, range.upperBound)
        }
        return SegmentKey(UnsafeBufferPointer(rebasing: bytes[lower..<upper]), contextLength: upper - shapedEnd,
                          trailingLength: trailingLength, preContextLength: range.lowerBound - lower, salt: salt)
    }

    /// When HarfBuzz guesses the properties, whether the character shaped after `segment`
    /// keeps the guess left to right on the default shaper.
    private func contextAllowsGuessing(after segment: TextSegment, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // No context after a mandatory break or at the end of the run.
        guard let next = contextStart(after: segment) else { return true }
        // ASCII is Latin or Common, which keep the guess.
        guard bytes[next] >= 0x80, let (scalar, _) = UTF8Scan.scalar(startingAt: next, in: bytes) else { return true }
        return ContextFreeAdvances.allowsContext(scalar)
    }

    /// Default-ignorable and control characters have no glyph in most fonts and show
    /// nothing, so they are not reported missing.
    private func isInvisible(at offset: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let (scalar, _) = UTF8Scan.scalar(startingAt: offset, in: bytes) else { return true }
        return scalar.properties.isDefaultIgnorableCodePoint || scalar.properties.generalCategory == .control
            || SegmentSplitter.isHangingWhitespace(scalar)
    }
}
