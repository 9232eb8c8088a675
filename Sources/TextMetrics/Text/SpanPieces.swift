/// The rule by which an ``AttributedText``'s spans style it, in one place: the text is cut at
/// the ends of the spans taken into account into pieces, and a piece takes every span that
/// covers it, in the order the spans were added (a later span wins for each attribute it sets).
///
/// ``AttributedText/styleRuns()`` takes every span; ``ShapingStretches`` only those that change
/// shapes.
enum SpanPieces {
    /// The spans over a piece: bit i for the i-th span taken into account, when at most 64 are
    /// (else `nil`: the piece's spans are found again, ``forEachAttributes(over:covering:spans:taken:_:)``).
    typealias Covering = UInt64?

    /// Whether the spans over each piece are remembered (``Covering``) when `count` spans are
    /// taken into account: at most 64, a bit each.
    static func remembersCoverings(of count: Int) -> Bool { count <= 64 }

    /// Calls `body` with each piece, in order, of a text of `count` bytes cut at the ends of
    /// the spans of `spans` whose indices `taken` lists (in order), the spans over it, and
    /// whether they may differ from the piece before's (always for the first piece, and when
    /// the spans over a piece are not remembered): a piece under the same spans as the one
    /// before has its style. The spans are read in place: a span copied out of its list
    /// retains its attributes' references.
    static func forEach(count: Int, spans: UnsafeBufferPointer<AttributedText.Span>, taken: UnsafeBufferPointer<Int>,
                        _ body: (_ piece: Range<Int>, _ covering: Covering, _ isNewCovering: Bool) -> Void) {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 + 2 * taken.count) { ends in
            ends[0] = 0
            ends[1] = count
            for (position, index) in taken.enumerated() {
                let range = span(index, of: spans).pointee.range
                ends[2 + 2 * position] = range.lowerBound
                ends[3 + 2 * position] = range.upperBound
            }
            var sorted = ends
            sorted.sort()
            let remembers = remembersCoverings(of: taken.count)
            var start = 0
            var covered: Covering = nil
            for end in sorted where end > start {
                var covering: UInt64 = 0
                if remembers {
                    for (position, index) in taken.enumerated() {
                        let range = span(index, of: spans).pointee.range
                        if range.lowerBound <= start && end <= range.upperBound { covering |= 1 << UInt64(position) }
                    }
                }
                let now: Covering = remembers ? covering : nil
                body(start..<end, now, start == 0 || now == nil || now != covered)
                covered = now
                start = end
            }
        }
    }

    /// Calls `body` with the attributes of each span of `taken` over `piece` (`covering`, when
    /// known, says which), in the order the spans were added — where they lie in `spans`:
    /// attributes read out of a span to be passed on would be copied whole, with a retain and a
    /// release of every reference they hold.
    static func forEachAttributes(over piece: Range<Int>, covering: Covering, spans: UnsafeBufferPointer<AttributedText.Span>,
                                  taken: UnsafeBufferPointer<Int>, _ body: (UnsafePointer<TextAttributes>) -> Void) {
        if var bits = covering {
            while bits != 0 {
                body(span(taken[bits.trailingZeroBitCount], of: spans).pointer(to: \.attributes)!)
                bits &= bits - 1
            }
            return
        }
        for index in taken {
            let span = span(index, of: spans)
            let range = span.pointee.range
            if range.lowerBound <= piece.lowerBound && piece.upperBound <= range.upperBound {
                body(span.pointer(to: \.attributes)!)
            }
        }
    }

    /// Calls `body` with the indices of the spans of `spans` that are not empty and satisfy
    /// `isTaken`, in order (each span looked at once, in place), and returns what `body`
    /// returns.
    static func taking<R>(_ spans: UnsafeBufferPointer<AttributedText.Span>,
                          where isTaken: (UnsafePointer<AttributedText.Span>) -> Bool,
                          _ body: (UnsafeBufferPointer<Int>) -> R) -> R {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: spans.count) { taken in
            var count = 0
            for index in spans.indices where !span(index, of: spans).pointee.range.isEmpty && isTaken(span(index, of: spans)) {
                taken[count] = index
                count += 1
            }
            return body(UnsafeBufferPointer(rebasing: taken[0..<count]))
        }
    }

    /// Span `index` of `spans`, in place (a span copied out of its list retains its attributes'
    /// references).
    @inline(__always)
    private static func span(_ index: Int, of spans: UnsafeBufferPointer<AttributedText.Span>)
        -> UnsafePointer<AttributedText.Span> {
        spans.baseAddress.unsafelyUnwrapped + index
    }
}
