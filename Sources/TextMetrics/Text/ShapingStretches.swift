import TextSegmentation

/// An ``AttributedText`` cut into stretches of one *shaping* style each (``ShapingStyle``):
/// every span that changes shapes applied over the text's style in the order it was added;
/// spans that only carry something for drawing (color, link, underline, tag) never cut one.
/// Each stretch starts and ends on a grapheme cluster boundary (a cluster is shaped whole, in
/// the style of its first character), and two stretches side by side differ in style.
///
/// The styles are listed once each, by index: what preparing a text works out per style
/// (its fonts' places in the chain of drawn fonts, its letter spacing in layout units, its
/// shaping options) is worked out once per style, not per stretch.
struct ShapingStretches {
    /// One stretch: a range of UTF-8 offsets and its style's index in ``styles``.
    struct Stretch {
        var range: Range<Int>
        var style: Int
    }

    /// The distinct styles: the text's own first (index 0, whether a stretch has it or not),
    /// then the others in the order stretches first have them.
    private(set) var styles: [ShapingStyle]
    /// The stretches, in order, covering the text (none for an empty text).
    private(set) var stretches: [Stretch] = []

    /// The shaping stretches of `text`.
    /// - Complexity: O(spans × pieces), where the pieces are the text cut at every span's ends.
    init(_ text: AttributedText) {
        let count = text.string.utf8.count
        guard count > 0, !text.spans.isEmpty else {
            styles = [text.style.shaping]
            if count > 0 { stretches = [Stretch(range: 0..<count, style: 0)] }
            return
        }
        styles = []
        PreparedText.withUTF8(text.string) { bytes in
            text.spans.withUnsafeBufferPointer { spans in
                // The spans read in place, through a pointer: a span read out of the list
                // would be copied, its attributes' references retained and released.
                let spans = spans.baseAddress.unsafelyUnwrapped
                // The spans that change shapes, by index (each span's attributes looked at once).
                withUnsafeTemporaryAllocation(of: Int.self, capacity: text.spans.count) { shaping in
                    var shapingCount = 0
                    for index in shaping.indices
                    where !spans[index].range.isEmpty && (spans + index).pointee.attributes.changesShapes {
                        shaping[shapingCount] = index
                        shapingCount += 1
                    }
                    styles.reserveCapacity(shapingCount + 1)
                    styles.append(text.style.shaping)
                    guard shapingCount > 0 else {
                        stretches = [Stretch(range: 0..<count, style: 0)]
                        return
                    }
                    stretches.reserveCapacity(2 * shapingCount + 1)
                    let shaping = UnsafeBufferPointer(rebasing: shaping[0..<shapingCount])
                    // The pieces' ends: the text's and every shaping span's.
                    withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 + 2 * shapingCount) { ends in
                        ends[0] = 0
                        ends[1] = count
                        for (position, index) in shaping.enumerated() {
                            ends[2 + 2 * position] = spans[index].range.lowerBound
                            ends[3 + 2 * position] = spans[index].range.upperBound
                        }
                        var sorted = ends
                        sorted.sort()
                        cut(at: UnsafeBufferPointer(sorted), spans: spans, shaping: shaping, bytes)
                    }
                }
            }
        }
    }

    /// Cuts the text (`bytes`) at `ends`, sorted, its pieces styled by the spans of `spans`
    /// whose indices `shaping` lists (those that change shapes), set over the text's style.
    private mutating func cut(at ends: UnsafeBufferPointer<Int>, spans: UnsafePointer<AttributedText.Span>,
                              shaping: UnsafeBufferPointer<Int>, _ bytes: UnsafeBufferPointer<UInt8>) {
        // The shaping spans over the last piece (bit i: shaping span i), when there are few
        // enough to say so; a piece under the same spans has the same style.
        let remembers = shaping.count <= 64
        var covered: UInt64? = nil
        var style = 0
        var start = 0
        // The first cluster boundary at or after the offsets looked at so far.
        var boundary = 0
        for end in ends where end > start {
            defer { start = end }
            var covering: UInt64 = 0
            if remembers {
                for (position, index) in shaping.enumerated()
                where spans[index].range.lowerBound <= start && end <= spans[index].range.upperBound {
                    covering |= 1 << UInt64(position)
                }
            }
            // A piece's stretch starts at the first cluster boundary in it: a start inside a
            // cluster moves to the cluster's end (the cluster keeps the style it starts in).
            var first = start
            if !ShapingStretches.isQuicklyClusterBoundary(start, bytes) {
                while boundary < start { boundary = GraphemeBreaking.clusterEnd(startingAt: boundary, inUTF8: bytes) }
                first = boundary
            } else {
                boundary = start
            }
            guard first < end || stretches.isEmpty else { continue }
            if !remembers || covering != covered {
                style = remembers && covering == 0 ? 0 : styleOfPiece(start..<end, spans: spans, shaping: shaping)
                covered = covering
            }
            if let last = stretches.last {
                if last.style == style { continue }
                stretches[stretches.count - 1].range = last.range.lowerBound..<first
            }
            stretches.append(Stretch(range: first..<end, style: style))
        }
        stretches[stretches.count - 1].range = stretches[stretches.count - 1].range.lowerBound..<bytes.count
    }

    /// The index in ``styles`` of the shaping style of the piece `piece` (added when new):
    /// every span of `shaping` (indices in `spans`) over it set over the text's style, in order.
    private mutating func styleOfPiece(_ piece: Range<Int>, spans: UnsafePointer<AttributedText.Span>,
                                       shaping: UnsafeBufferPointer<Int>) -> Int {
        var style = styles[0]
        for index in shaping
        where spans[index].range.lowerBound <= piece.lowerBound && piece.upperBound <= spans[index].range.upperBound {
            // Every attribute was checked when the span was added: setting it cannot fail.
            try? style.set((spans + index).pointee.attributes)
        }
        if let known = styles.firstIndex(of: style) { return known }
        styles.append(consume style)
        return styles.count - 1
    }

    /// Whether `offset` is surely a grapheme cluster boundary of `bytes` at a glance: at the
    /// text's ends, or between two ASCII characters but CR LF.
    private static func isQuicklyClusterBoundary(_ offset: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if offset == 0 || offset == bytes.count { return true }
        let before = bytes[offset - 1]
        let after = bytes[offset]
        return before < 0x80 && after < 0x80 && !(before == 0x0D && after == 0x0A)
    }
}
