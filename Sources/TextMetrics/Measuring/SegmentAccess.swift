
/// What line fitting and truncation may ask about a prepared text's segments beyond their
/// widths: grapheme advances, exact widths of pieces of a word broken between clusters, and
/// the advances of a character run's characters.
///
/// Answers come from the face's segment cache (shaping on a miss). Segments too long to
/// cache keep their grapheme advances in the prepared text's own memo, so breaking a 2 MB
/// token into thousands of lines shapes it once.
struct SegmentAccess {
    /// The text's shaping: one face (its shaper made only when asked, as laying out rarely
    /// does), or runs of a font chain.
    enum Shaping {
        case single(FontFace)
        case runs(RunShaper)
    }

    let shaping: Shaping
    let segments: [TextSegment]
    let bytes: UnsafeBufferPointer<UInt8>
    let longSegments: LongSegmentMemo?

    /// The shaper of a text in one face.
    private func shaper(_ face: FontFace) -> SegmentShaper { SegmentShaper(face: face, runEnd: bytes.count) }

    func graphemes(_ i: Int) -> GraphemeAdvances {
        if segments[i].isCharacterRun { return characterAdvances(of: segments[i]).graphemes(of: segments[i]) }
        if let longSegments, let known = longSegments.graphemes(i) { return known }
        let clusters: GraphemeAdvances
        switch shaping {
        case .single(let face): clusters = shaper(face).graphemes(of: i, segments, in: bytes)
        case .runs(let shaper): clusters = shaper.graphemes(of: segments[i], in: bytes)
        }
        longSegments?.store(clusters, for: i)
        return clusters
    }

    /// The advances of character run `segment`'s characters.
    @inline(__always)
    func characterAdvances(of segment: TextSegment) -> CharacterRunAdvances {
        switch shaping {
        case .single(let face):
            return CharacterRunAdvances(table: face.contextFreeAdvances, scale: 1, bytes: bytes)
        case .runs(let shaper):
            // A character run lies in one run, in one font.
            let font = segment.fontMask.trailingZeroBitCount
            return CharacterRunAdvances(table: shaper.fonts.face(font).contextFreeAdvances,
                                        scale: shaper.fonts.layoutScale(font: font), bytes: bytes)
        }
    }

    /// The width of `range` shaped alone (a piece ending where a word was cut).
    func isolatedWidth(_ range: Range<Int>) -> Int64 {
        switch shaping {
        case .single(let face): shaper(face).isolatedWidth(range, in: bytes)
        case .runs(let shaper): shaper.isolatedWidth(range, in: bytes)
        }
    }

    /// Segment `i` re-measured from byte `start`, or `nil` when too long to re-measure at
    /// every line.
    func remainder(of i: Int, from start: Int) -> TextSegment? {
        remainder(of: i, from: start, evenIfLong: false)
    }

    /// Segment `i` measured from byte `start` however long it is: a rest too long to cache is
    /// shaped, once, as it ends its word, and not cached.
    func shapedRemainder(of i: Int, from start: Int) -> TextSegment {
        remainder(of: i, from: start, evenIfLong: true)!  // shaped even if long: never nil
    }

    private func remainder(of i: Int, from start: Int, evenIfLong: Bool) -> TextSegment? {
        switch shaping {
        case .single(let face): shaper(face).remainder(of: i, from: start, segments, in: bytes, evenIfLong: evenIfLong)
        case .runs(let shaper): shaper.remainder(of: segments[i], from: start, in: bytes, evenIfLong: evenIfLong)
        }
    }
}

/// Grapheme advances of a prepared text's segments that are too long for the face cache.
final class LongSegmentMemo: Sendable {
    private let table = Lock<[Int: GraphemeAdvances]>([:])

    func graphemes(_ i: Int) -> GraphemeAdvances? { table.withLock { $0[i] } }
    func store(_ clusters: GraphemeAdvances, for i: Int) { table.withLock { $0[i] = clusters } }
}
