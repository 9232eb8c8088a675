import TextSegmentation

/// Cuts UTF-8 text into ``TextSegment``s at its UAX #14 break opportunities and finds each
/// segment's trailing whitespace and line separators; consecutive segments of one
/// three-byte character each become one character run, which measuring cuts back
/// (``cuttingCharacterRuns(_:atStartsOf:)``) where its font does not let it stay whole. Font-independent.
///
/// An opportunity inside a grapheme cluster is skipped (``isInsideCluster(_:in:)``): a line
/// never ends inside a cluster, as in CoreText, and a segment — a cache key, shaped with its
/// neighbours' clusters never reaching into it — always starts and ends on cluster boundaries.
struct SegmentSplitter {
    /// The text's UTF-8 bytes.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The break opportunities' tailoring (the text's language's, see ``LineBreakTailoring``).
    let tailoring: LineBreakTailoring
    /// How many characters of three or four bytes the text has (lead bytes 0xE0 and above),
    /// attachments' U+FFFC aside.
    private let wideCharacters: Int
    /// Whether the text is all ASCII.
    let isASCII: Bool

    /// The splitter of `bytes` at the break opportunities of `tailoring`. `attachmentCount` of
    /// the text's three-byte characters are attachments' U+FFFC, not counted as characters a
    /// character run could be made of: a text of ASCII and attachments is split without looking
    /// for runs (its lines are the same either way: measuring cuts a run back where a box starts).
    init(_ bytes: UnsafeBufferPointer<UInt8>, tailoring: LineBreakTailoring = .none, attachmentCount: Int = 0) {
        self.bytes = bytes
        self.tailoring = tailoring
        let (wide, isASCII) = SegmentSplitter.scan(bytes)
        assert(attachmentCount <= wide, "an attachment on a character other than U+FFFC")
        wideCharacters = wide - attachmentCount
        self.isASCII = isASCII
    }

    /// About how many segments the text has, to reserve room for them: about a segment per
    /// word of Latin text, and one per clause of CJK text, where character runs hold the
    /// ideographs (a lead byte 0xE0–0xF4 each).
    var estimatedCount: Int { (bytes.count - 3 * wideCharacters) / 5 + wideCharacters / 4 + 1 }

    /// The segments of `bytes` at the break opportunities of `tailoring`.
    static func segments(of bytes: UnsafeBufferPointer<UInt8>, tailoring: LineBreakTailoring = .none) -> [TextSegment] {
        SegmentSplitter(bytes, tailoring: tailoring).segments
    }

    /// The segments, in an array.
    var segments: [TextSegment] {
        var segments = Segments()
        segments.array.reserveCapacity(estimatedCount)
        split(into: &segments)
        return segments.array
    }

    /// Adds each segment to `sink`, in order: measuring takes them as they are found.
    func split<Sink: SegmentSink>(into sink: inout Sink) {
        let bytes = self.bytes
        var start = 0
        // A character run needs two characters of three bytes; most Latin text has none.
        guard wideCharacters >= 2 else {
            LineBreaking.forEachOpportunity(inUTF8: bytes, tailoring: tailoring) { opportunity in
                if !opportunity.isMandatory && SegmentSplitter.isInsideCluster(opportunity.offset, in: bytes) { return }
                sink.add(SegmentSplitter.segment(from: start, to: opportunity, in: bytes))
                start = opportunity.offset
            }
            return
        }
        // The last segment found, passed on when the next one starts: a character run may
        // still grow. Whether it is one three-byte character, or a run of them, that a line
        // may end after: the next such character joins it (see ``TextSegment``).
        var last: TextSegment?
        var runOpen = false
        LineBreaking.forEachOpportunityStride(inUTF8: bytes, tailoring: tailoring) { opportunity, count in
            let end = opportunity.offset
            // A stretch's opportunities are all before ideographs, and one inside a run of
            // class SA (`count` 0) before a letter, which all start clusters.
            if count == 1 && !opportunity.isMandatory && SegmentSplitter.isInsideCluster(end, in: bytes) { return }
            // A String's UTF-8 is well formed: a lead byte 0xE0–0xEF starts a 3-byte character,
            // and ends in no whitespace when its last two bytes say so.
            let isCharacter = end - start == 3 && bytes[start] >= 0xE0
                && !SegmentSplitter.mayEndInWhitespace(bytes, end: end, start: start)
            if isCharacter && runOpen {
                SegmentSplitter.extendRun(&last!, to: end, isMandatoryBreak: opportunity.isMandatory)
            } else {
                if let last { sink.add(last) }
                last = SegmentSplitter.segment(from: start, to: opportunity, in: bytes)
            }
            runOpen = isCharacter && !opportunity.isMandatory
            start = end
            guard count > 1 else { return }
            // `count - 1` more opportunities, 3 bytes apart: ideographs, each a segment of one
            // character, that join the run or start one.
            let stretchEnd = end + 3 * (count - 1)
            if runOpen {
                SegmentSplitter.extendRun(&last!, to: stretchEnd, isMandatoryBreak: false)
            } else {
                if let last { sink.add(last) }
                last = TextSegment(start: Int32(end), contentEnd: Int32(stretchEnd), shapedEnd: Int32(stretchEnd),
                                   end: Int32(stretchEnd), isMandatoryBreak: false, isCharacterRun: count > 2)
            }
            runOpen = true
            start = stretchEnd
        }
        if let last { sink.add(last) }
    }

    /// A sink that keeps the segments in an array.
    private struct Segments: SegmentSink {
        var array: [TextSegment] = []
        mutating func add(_ segment: TextSegment) { array.append(segment) }
    }

    /// Whether the break opportunity at `offset` falls inside a grapheme cluster: UAX #14
    /// allows some there — a modifier after an emoji that takes none (💋🏿), a mark after a
    /// space — which measuring skips, with those before a mark after a control such as ZERO
    /// WIDTH SPACE (see ``ClusterJoins``). Not for mandatory breaks, which are always taken.
    @inline(__always)
    static func isInsideCluster(_ offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // ASCII on both sides, the usual case, joins nothing: decided here, without a call.
        guard offset > 0, offset < bytes.count, bytes[offset] >= 0x80 || bytes[offset - 1] >= 0x80 else { return false }
        return ClusterJoins.joins(at: offset, in: bytes)
    }

    /// `offset`, or the end of the character there when it is in the cluster before it (a
    /// space after a prepended character): the rare case, kept out of line.
    @inline(never)
    private static func endOfPrependedCluster(from offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        isInsideCluster(offset, in: bytes) ? offset + UTF8Scan.codePoint(at: offset, in: bytes).length : offset
    }

    /// Makes `segment` — one character or a character run — a character run that ends at `end`.
    @inline(__always)
    private static func extendRun(_ segment: inout TextSegment, to end: Int, isMandatoryBreak: Bool) {
        segment = TextSegment(start: segment.start, contentEnd: Int32(end), shapedEnd: Int32(end), end: Int32(end),
                              isMandatoryBreak: isMandatoryBreak, isCharacterRun: true)
    }

    /// The segment from byte `start` to `opportunity`, with its trailing whitespace and
    /// line separators found. Transparent: `@inline(__always)` alone left it out of line in
    /// the closure over stretches of ideographs (a call per segment, 4% of a mixed text).
    @_transparent
    static func segment(from start: Int, to opportunity: LineBreakOpportunity,
                        in bytes: UnsafeBufferPointer<UInt8>) -> TextSegment {
        let end = opportunity.offset
        var shapedEnd = end
        var contentEnd = end
        // Separators and hanging spaces end in one of these bytes; most segments do not.
        if end > start, mayEndInWhitespace(bytes, end: end, start: start) {
            if opportunity.isMandatory {
                while shapedEnd > start, let (scalar, at) = UTF8Scan.scalar(endingAt: shapedEnd, in: bytes, notBefore: start),
                      CharacterProperties.isLineSeparator(scalar) {
                    shapedEnd = at
                }
            }
            contentEnd = shapedEnd
            while contentEnd > start {
                // ASCII spaces and tabs, the usual trailing whitespace, without decoding.
                let last = bytes[contentEnd - 1]
                if last == 0x20 || last == 0x09 {
                    contentEnd -= 1
                    continue
                }
                guard last >= 0x80, let (scalar, at) = UTF8Scan.scalar(endingAt: contentEnd, in: bytes, notBefore: start),
                      CharacterProperties.isHangingWhitespace(scalar) else { break }
                contentEnd = at
            }
            // Whitespace in the cluster of the character before it (after a prepended
            // character, GB9b) is content: the content ends on a cluster boundary.
            if contentEnd > start, contentEnd < shapedEnd, bytes[contentEnd - 1] >= 0x80 {
                contentEnd = endOfPrependedCluster(from: contentEnd, in: bytes)
            }
        }
        return TextSegment(start: Int32(start), contentEnd: Int32(contentEnd), shapedEnd: Int32(shapedEnd),
                           end: Int32(end), isMandatoryBreak: opportunity.isMandatory)
    }

    /// `segments` with every character run cut: at the starts of `runs` (a
    /// text's runs of fonts and scripts) inside it, or, when `runs` is `nil`, back into the
    /// segments of one character it stands for — for a run that crosses runs, or some
    /// character of which is not context-free in its font.
    static func cuttingCharacterRuns(_ segments: [TextSegment], atStartsOf runs: [TextRun]?) -> [TextSegment] {
        var result: [TextSegment] = []
        result.reserveCapacity(segments.count)
        var r = 0
        for segment in segments {
            guard segment.isCharacterRun else {
                result.append(segment)
                continue
            }
            var start = segment.start
            while start < segment.end {
                var end = start + 3
                if let runs {
                    while r < runs.count, runs[r].end <= start { r += 1 }
                    end = r < runs.count ? min(runs[r].end, segment.end) : segment.end
                    // Runs start between characters; anything else stays whole, for measuring to refuse.
                    if (end - start) % 3 != 0 { end = segment.end }
                }
                result.append(TextSegment(start: start, contentEnd: end, shapedEnd: end, end: end,
                                          isMandatoryBreak: segment.isMandatoryBreak && end == segment.end,
                                          isCharacterRun: end - start > 3))
                start = end
            }
        }
        return result
    }

    /// The number of bytes 0xE0 and above (leads of 3- and 4-byte characters), eight at a
    /// time: a byte counts when its three high bits are set; per-byte counts add up in one
    /// word and are summed every 31 words (8 × 31 < 256, so no byte overflows).
    static func countWideLeadBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        scan(bytes).wideCharacters
    }

    /// The number of bytes 0xE0 and above (see ``countWideLeadBytes(_:)``) and whether every
    /// byte is ASCII, in one pass eight bytes at a time.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> (wideCharacters: Int, isASCII: Bool) {
        guard let base = bytes.baseAddress else { return (0, true) }
        let raw = UnsafeRawPointer(base)
        let sumBytes: (UInt64) -> Int = { Int(($0 &* 0x0101_0101_0101_0101) >> 56) }
        var count = 0
        var any: UInt64 = 0
        var i = 0
        while i + 8 <= bytes.count {
            let blockEnd = min(i + 8 * 31, bytes.count & ~7)
            var perByte: UInt64 = 0
            while i < blockEnd {
                let x = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                any |= x
                perByte &+= (x & (x << 1) & (x << 2) & 0x8080_8080_8080_8080) >> 7
                i &+= 8
            }
            count &+= sumBytes(perByte)
        }
        while i < bytes.count {
            any |= UInt64(bytes[i])
            if bytes[i] >= 0xE0 { count &+= 1 }
            i += 1
        }
        return (count, any & 0x8080_8080_8080_8080 == 0)
    }

    /// Whether a segment ending at byte `end` (after `start`) may end in a line separator or
    /// in hanging whitespace, from its last two bytes: those characters end in 0x09–0x0D or
    /// 0x20 (ASCII), or in 0x80–0x8A, 0x9F, 0xA8–0xA9 after 0x80 or 0x81 (U+2000–U+200A,
    /// U+205F, LS, PS, U+3000), after 0x9A (U+1680) or after 0xC2 (NEL, 0x85) — which the last
    /// byte of most CJK characters is not.
    @inline(__always)
    static func mayEndInWhitespace(_ bytes: UnsafeBufferPointer<UInt8>, end: Int, start: Int) -> Bool {
        switch bytes[end - 1] {
        case 0x09...0x0D, 0x20:
            return true
        case 0x80...0x8A, 0x9F, 0xA8, 0xA9:
            guard end - start >= 2 else { return false }
            switch bytes[end - 2] {
            case 0x80, 0x81, 0x9A, 0xC2: return true
            default: return false
            }
        default:
            return false
        }
    }
}

/// Where a ``SegmentSplitter`` puts the segments it finds, in order.
protocol SegmentSink {
    /// Takes the next segment of the text.
    mutating func add(_ segment: TextSegment)
}
