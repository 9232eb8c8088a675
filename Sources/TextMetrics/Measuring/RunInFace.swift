import TextSegmentation

/// A run of text in one face as measuring shapes it: the face, the shaping properties, and
/// where context ends. It keys the run's segments and pieces in the face's segment cache and
/// shapes windows of them; ``SegmentMeasurer`` and ``CutMeasurer`` build on it.
///
/// A segment is shaped with the first character of the next segment after it, because fonts
/// kern across line-break opportunities; that character's own glyphs are dropped. Where
/// HarfBuzz flags the boundary unsafe to break and no whitespace would hang there, the segment
/// is also shaped alone, and the difference is kept as its line-end correction, so a line
/// ending there is as wide as the line shaped by itself.
///
/// It holds its face unretained, so making one per run (seven for a post of Chinese, English
/// and emoji) costs no reference counting: whoever makes one keeps the face alive — in a
/// ``FontChain`` it holds — while using it, and none outlives the call that made it.
struct RunInFace {
    /// The face, unretained (see above).
    let faceReference: Unmanaged<FontFace>
    /// Script, direction and language, or `nil` to let HarfBuzz guess them from the text.
    let properties: ShapingProperties?
    /// Context never reaches past this byte: the end of the text, or of the run being shaped.
    let runEnd: Int

    /// The face (a strong reference, for the paths that shape or use the cache).
    var face: FontFace { faceReference.takeUnretainedValue() }

    private var salt: UInt32 { properties?.cacheSalt ?? 0 }

    /// The longest stretch of text shaped in one HarfBuzz call.
    static let maxWindowBytes = 2048

    // MARK: - Context and keys

    /// Where shaping `segment` stops: after the first character of the next segment, unless
    /// a line must end after it or the run ends there.
    func contextEnd(of segment: TextSegment, _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let next = contextStart(after: segment) else { return Int(segment.shapedEnd) }
        return next + UTF8Scan.codePoint(at: next, in: bytes).length
    }

    /// Where the character shaped after `segment` as context starts, or `nil` when a line
    /// must end after it or its run ends there.
    @inline(__always)
    func contextStart(after segment: TextSegment) -> Int? {
        segment.isMandatoryBreak || Int(segment.end) >= runEnd ? nil : Int(segment.end)
    }

    /// The cache key of a whole segment (or a piece that starts where its segment does): its
    /// bytes and the context character after them; `nil` when too long to cache, or shaped
    /// with options that are not cached (``ShapingProperties/uncachedSalt``).
    func key(of segment: TextSegment, _ bytes: UnsafeBufferPointer<UInt8>) -> SegmentKey? {
        guard salt != ShapingProperties.uncachedSalt else { return nil }
        let start = Int(segment.start)
        let end = contextEnd(of: segment, bytes)
        return SegmentKey(UnsafeBufferPointer(rebasing: bytes[start..<end]), contextLength: end - Int(segment.shapedEnd),
                          trailingLength: Int(segment.shapedEnd - max(segment.contentEnd, segment.start)), salt: salt)
    }

    /// The cache key of a piece: a piece that another run's part of its word comes before or
    /// after carries the text around it (``key(inPlace:shapedEnd:trailingLength:_:)``).
    func key(of piece: SegmentPiece, _ bytes: UnsafeBufferPointer<UInt8>) -> SegmentKey? {
        let segment = piece.bounds
        guard piece.readsWordAround else { return key(of: segment, bytes) }
        return key(inPlace: Int(segment.start)..<contextEnd(of: segment, bytes), shapedEnd: Int(segment.shapedEnd),
                   trailingLength: Int(segment.shapedEnd - max(segment.contentEnd, segment.start)), bytes)
    }

    /// The key of `bytes[range]` (shaped bytes up to `shapedEnd`, context after) that starts
    /// inside a segment, as HarfBuzz shapes it there: reading up to five characters on each
    /// side as context (``HarfBuzzFont/contextLength``), which Arabic joining and other
    /// complex shaping depend on. Those characters are part of the key unless all of them and
    /// the range are ASCII, which no shaping reads context for.
    func key(inPlace range: Range<Int>, shapedEnd: Int, trailingLength: Int,
             _ bytes: UnsafeBufferPointer<UInt8>) -> SegmentKey? {
        guard range.count <= SegmentKey.maxCachedLength, salt != ShapingProperties.uncachedSalt else { return nil }
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

    // MARK: - Windows

    /// Shapes the pieces of `window` in one HarfBuzz call, to `contextEnd`, and gives each the
    /// advances of the glyphs whose clusters start in it, in font units. Returns `false` when
    /// some piece but the first starts inside a cluster (no glyph starts where it does): the
    /// widths then belong to the window, not to its pieces (a window of one piece always keeps
    /// them apart).
    @discardableResult
    func shapeWindow(_ window: ClosedRange<Int>, _ pieces: inout [SegmentPiece], _ bytes: UnsafeBufferPointer<UInt8>,
                     contextEnd: Int, _ glyphs: inout [ShapedGlyph]) -> Bool {
        glyphs.removeAll(keepingCapacity: true)
        let range = Int(pieces[window.lowerBound].measured.start)..<contextEnd
        face.shaper.shape(bytes, range: range, properties: properties, into: &glyphs)
        for i in window {
            pieces[i].measured.width = 0
            pieces[i].measured.trailingWhitespace = 0
            pieces[i].measured.hasMissingGlyphs = false
            pieces[i].measured.lineEndCorrection = 0
        }
        var i = window.lowerBound
        var atPieceStart = true
        // How many pieces after the first a glyph starts exactly where they start.
        var piecesStartingGlyphs = 0
        for glyph in glyphs {
            let cluster = glyph.cluster
            while i <= window.upperBound, cluster >= pieces[i].measured.shapedEnd {
                i += 1
                atPieceStart = true
            }
            if atPieceStart, i > window.lowerBound, i <= window.upperBound, cluster == pieces[i].measured.start {
                piecesStartingGlyphs += 1
            }
            if atPieceStart, i > window.lowerBound, glyph.isUnsafeToBreak {
                noteUnsafeBoundary(before: i, &pieces, bytes)
            }
            atPieceStart = false
            guard i <= window.upperBound else { break }  // the context character
            pieces[i].measured.width += Int64(glyph.advance)
            if cluster >= pieces[i].measured.contentEnd { pieces[i].measured.trailingWhitespace += Int64(glyph.advance) }
            if glyph.isMissing, !isInvisible(at: Int(cluster), bytes) { pieces[i].measured.hasMissingGlyphs = true }
        }
        // Every later piece with something to shape must start a glyph of its own.
        let shapedPieces = pieces[window].dropFirst().count { $0.measured.shapedEnd > $0.measured.start }
        return piecesStartingGlyphs == shapedPieces
    }

    /// The piece before `next` kerns or joins with it: if nothing hangs between them, measure
    /// the piece's content alone for when a line ends there.
    private func noteUnsafeBoundary(before next: Int, _ pieces: inout [SegmentPiece], _ bytes: UnsafeBufferPointer<UInt8>) {
        let previous = next - 1
        let piece = pieces[previous].measured
        guard piece.contentEnd == piece.shapedEnd, piece.contentEnd > piece.start else { return }
        var alone: [ShapedGlyph] = []
        face.shaper.shape(bytes, range: Int(piece.start)..<Int(piece.contentEnd), properties: properties, into: &alone)
        let isolated = alone.reduce(Int32(0)) { $0 + $1.advance }
        pieces[previous].measured.lineEndCorrection = Int32(clamping: Int64(isolated) - piece.contentWidth)
    }

    /// Whether `glyphs` (shaped from `bytes`) draw a visible character with `.notdef`.
    func hasMissingGlyph(_ glyphs: [ShapedGlyph], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        glyphs.contains { $0.isMissing && !isInvisible(at: Int($0.cluster), bytes) }
    }

    /// Whether the character at `offset` shows nothing, so its `.notdef` is no missing glyph.
    private func isInvisible(at offset: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let (scalar, _) = UTF8Scan.scalar(startingAt: offset, in: bytes) else { return true }
        return CharacterProperties.isInvisible(scalar)
    }
}
