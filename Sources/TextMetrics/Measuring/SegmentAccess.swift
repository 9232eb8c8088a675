/// What line fitting and truncation may ask about a prepared text's segments beyond their
/// widths: grapheme advances, exact widths of pieces of a word broken between clusters, and
/// the advances of a character run's characters.
///
/// Answers come from the faces' segment caches (shaping on a miss), or from the prepared
/// text's own memo (``CutMemo``) when it keeps one: then breaking a 2 MB token into thousands
/// of lines shapes it once, and a long word cut at a new width is not shaped again at the next
/// layout.
///
/// It borrows the prepared text's measurer, segments and bytes for one layout pass: whoever
/// makes it keeps them alive while it is used.
struct SegmentAccess {
    let measurer: UnsafePointer<RunMeasurer>
    let segments: UnsafeBufferPointer<MeasuredSegment>
    let bytes: UnsafeBufferPointer<UInt8>
    /// Unowned: the prepared text holds it (no reference count per layout).
    unowned(unsafe) let cuts: CutMemo?

    /// The grapheme clusters of segment `i` with their advances, in layout units.
    func graphemes(_ i: Int) -> GraphemeAdvances {
        if segments[i].isCharacterRun { return characterAdvances(of: segments[i]).graphemes(of: segments[i].bounds) }
        if let cuts, let known = cuts.graphemes(i) { return known }
        let clusters = measurer.pointee.graphemes(of: segments[i].bounds, in: bytes)
        cuts?.store(clusters, for: i)
        return clusters
    }

    /// The advances of character run `segment`'s characters.
    @inline(__always)
    func characterAdvances(of segment: MeasuredSegment) -> CharacterRunAdvances {
        // A character run lies in one run, in one font.
        let font = segment.fontMask.trailingZeroBitCount
        return CharacterRunAdvances(table: measurer.pointee.fonts.face(font).contextFreeAdvances,
                                    scale: measurer.pointee.conversion(font: font).scale, bytes: bytes,
                                    kern: measurer.pointee.kern(at: Int(segment.start)))
    }

    /// The width of `range` shaped alone (a piece ending where a word was cut).
    func isolatedWidth(_ range: Range<Int>) -> Int64 {
        guard let cuts else { return measurer.pointee.isolatedWidth(range, in: bytes) }
        return cuts.isolatedWidth(range) { measurer.pointee.isolatedWidth(range, in: bytes) }
    }

    /// Segment `i` re-measured from byte `start`, or `nil` when too long to re-measure at
    /// every line.
    func cachedRemainder(of i: Int, from start: Int) -> MeasuredSegment? {
        measurer.pointee.cachedRemainder(of: segments[i], from: start, in: bytes)
    }

    /// Segment `i` measured from byte `start` however long it is: a rest too long to cache is
    /// shaped, once, as it ends its word, and not cached.
    func shapedRemainder(of i: Int, from start: Int) -> MeasuredSegment {
        guard let cuts else { return measurer.pointee.shapedRemainder(of: segments[i], from: start, in: bytes) }
        return cuts.rest(from: start) { measurer.pointee.shapedRemainder(of: segments[i], from: start, in: bytes) }
    }
}
