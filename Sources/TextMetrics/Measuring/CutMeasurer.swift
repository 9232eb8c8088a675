import TextSegmentation

/// Measures what breaking a line inside a word asks of a run in one face, in font units: the
/// grapheme clusters of a piece with their advances, a piece shaped alone (where a line ends
/// inside a word), and the rest of a word shaped from the cut (where the next line starts).
/// Each is cached in the face's segment cache, keyed with the text around it.
struct CutMeasurer {
    let run: RunInFace

    /// A measurer of cuts in a run of `face` shaped with `properties` (`nil`: HarfBuzz guesses
    /// them); context may reach to `runEnd`.
    init(face: Unmanaged<FontFace>, properties: ShapingProperties?, runEnd: Int) {
        run = RunInFace(faceReference: face, properties: properties, runEnd: runEnd)
    }

    private var face: FontFace { run.face }

    /// The grapheme clusters of `piece` with their advances, for breaking inside it.
    ///
    /// Kept in the segment cache under the piece's key, beside its measure. A piece that a
    /// quick path measured (context-free or pair advances, which store nothing) is measured
    /// here by shaping, from the same glyphs, and its measure kept too, so its advances are
    /// shaped once and not at every layout that cuts it.
    func graphemes(of piece: SegmentPiece, in bytes: UnsafeBufferPointer<UInt8>) -> GraphemeAdvances {
        let key = run.key(of: piece, bytes)
        if let key, let cached = face.segments.graphemes(for: key) { return cached }
        let segment = piece.bounds
        let contextEnd = run.contextEnd(of: segment, bytes)
        var glyphs: [ShapedGlyph] = []
        if let key, face.segments.measure(for: key) == nil {
            var pieces = [piece]
            run.shapeWindow(0...0, &pieces, bytes, contextEnd: contextEnd, &glyphs)
            face.segments.store(pieces[0].measured.measure, for: key)
        } else {
            face.shaper.shape(bytes, range: Int(segment.start)..<contextEnd, properties: run.properties, into: &glyphs)
        }
        var ends: [Int32] = []
        let start = Int(segment.start)
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<Int(segment.shapedEnd)])
        GraphemeBreaking.forEachBoundary(inUTF8: slice) { ends.append(Int32($0)) }
        let advances = GraphemeAdvances.advances(of: glyphs, from: start, ends: ends)
        let result = GraphemeAdvances(ends: ends, advances: advances, contentBytes: segment.contentEnd - segment.start)
        if let key { face.segments.store(result, for: key) }
        return result
    }

    /// The width of `range` shaped on its own: a piece of a word broken between grapheme
    /// clusters, as it stands at the end of a line.
    func isolatedWidth(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Int64 {
        let key = run.key(inPlace: range, shapedEnd: range.upperBound, trailingLength: 0, bytes)
        if let key, let cached = face.segments.measure(for: key) { return Int64(cached.width) }
        var glyphs: [ShapedGlyph] = []
        face.shaper.shape(bytes, range: range, properties: run.properties, into: &glyphs)
        let width = glyphs.reduce(Int32(0)) { $0 + $1.advance }
        if let key {
            // Kept as a measure like any other: a text whose segment is this piece takes it,
            // missing glyphs and all.
            face.segments.store(SegmentMeasure(width: width, trailingWhitespace: 0, lineEndCorrection: 0,
                                               hasMissingGlyphs: run.hasMissingGlyph(glyphs, bytes)),
                                for: key)
        }
        return Int64(width)
    }

    /// `piece` measured from byte `start` (where an earlier line broke inside it) to its end,
    /// with the same context after it, from the cache or shaped and cached; `nil` when the
    /// rest is too long to cache — a line fitter asks at every line of a long word, and cuts
    /// it by grapheme advances instead.
    func cachedRemainder(of piece: SegmentPiece, from start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> MeasuredSegment? {
        let (rest, key) = remainderAndKey(of: piece, from: start, bytes)
        guard let key else { return nil }
        return measure(rest, key: key, bytes)
    }

    /// `piece` measured from byte `start` to its end however long it is: a rest too long to
    /// cache is shaped, once, as it ends its word, and not cached.
    func shapedRemainder(of piece: SegmentPiece, from start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> MeasuredSegment {
        let (rest, key) = remainderAndKey(of: piece, from: start, bytes)
        return measure(rest, key: key, bytes)
    }

    /// The rest of `piece` from `start`, not measured, and its cache key (`nil`: too long).
    private func remainderAndKey(of piece: SegmentPiece, from start: Int, _ bytes: UnsafeBufferPointer<UInt8>)
        -> (SegmentPiece, SegmentKey?) {
        var bounds = piece.bounds
        bounds.start = Int32(start)
        let rest = SegmentPiece(bounds)
        let trailing = Int(bounds.shapedEnd - max(bounds.contentEnd, bounds.start))
        let key = run.key(inPlace: start..<run.contextEnd(of: bounds, bytes), shapedEnd: Int(bounds.shapedEnd),
                          trailingLength: trailing, bytes)
        return (rest, key)
    }

    /// `rest` from the cache under `key`, or shaped (and cached when it has a key).
    private func measure(_ rest: SegmentPiece, key: SegmentKey?, _ bytes: UnsafeBufferPointer<UInt8>) -> MeasuredSegment {
        var pieces = [rest]
        if let key, let cached = face.segments.measure(for: key) {
            pieces[0].measured.apply(cached)
            return pieces[0].measured
        }
        var glyphs: [ShapedGlyph] = []
        run.shapeWindow(0...0, &pieces, bytes, contextEnd: run.contextEnd(of: rest.bounds, bytes), &glyphs)
        if let key { face.segments.store(pieces[0].measured.measure, for: key) }
        return pieces[0].measured
    }
}
