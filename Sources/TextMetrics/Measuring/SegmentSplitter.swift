import TextSegmentation

/// Cuts UTF-8 text into ``TextSegment``s at its UAX #14 break opportunities and finds each
/// segment's trailing whitespace and line separators. Font-independent.
enum SegmentSplitter {
    static func segments(of bytes: UnsafeBufferPointer<UInt8>) -> [TextSegment] {
        var segments: [TextSegment] = []
        // About a segment per word of Latin text and one per character of CJK text (a lead
        // byte 0xE0–0xF4 each): reserved close to that, since a prepared text keeps its array.
        let wideCharacters = countWideLeadBytes(bytes)
        segments.reserveCapacity((bytes.count - 3 * wideCharacters) / 5 + wideCharacters + 1)
        var start = 0
        LineBreaking.forEachOpportunity(inUTF8: bytes) { opportunity in
            let end = opportunity.offset
            var shapedEnd = end
            var contentEnd = end
            // Separators and hanging spaces end in one of these bytes; most segments do not.
            if end > start, mayEndInWhitespace(bytes, end: end, start: start) {
                if opportunity.isMandatory {
                    while shapedEnd > start, let (scalar, at) = UTF8Scan.scalar(endingAt: shapedEnd, in: bytes, notBefore: start),
                          isLineSeparator(scalar) {
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
                          isHangingWhitespace(scalar) else { break }
                    contentEnd = at
                }
            }
            segments.append(TextSegment(start: Int32(start), contentEnd: Int32(contentEnd), shapedEnd: Int32(shapedEnd),
                                        end: Int32(end), isMandatoryBreak: opportunity.isMandatory))
            start = end
        }
        return segments
    }

    /// The number of bytes 0xE0 and above (leads of 3- and 4-byte characters), eight at a
    /// time: a byte counts when its three high bits are set; per-byte counts add up in one
    /// word and are summed every 31 words (8 × 31 < 256, so no byte overflows).
    static func countWideLeadBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        let sumBytes: (UInt64) -> Int = { Int(($0 &* 0x0101_0101_0101_0101) >> 56) }
        var count = 0
        var i = 0
        while i + 8 <= bytes.count {
            let blockEnd = min(i + 8 * 31, bytes.count & ~7)
            var perByte: UInt64 = 0
            while i < blockEnd {
                let x = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                perByte &+= (x & (x << 1) & (x << 2) & 0x8080_8080_8080_8080) >> 7
                i &+= 8
            }
            count &+= sumBytes(perByte)
        }
        while i < bytes.count {
            if bytes[i] >= 0xE0 { count &+= 1 }
            i += 1
        }
        return count
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

    /// Characters that end a line and take no space: LF, VT, FF, CR, NEL, LS, PS.
    static func isLineSeparator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// Breaking spaces, which hang past the end of a line: space, tab, ogham space, the
    /// en/em spaces (not the figure space), medium mathematical space, ideographic space.
    static func isHangingWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x09, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000: return true
        default: return false
        }
    }
}
