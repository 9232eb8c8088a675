import TextSegmentation

/// Cuts UTF-8 text into ``TextSegment``s at its UAX #14 break opportunities and finds each
/// segment's trailing whitespace and line separators. Font-independent.
enum SegmentSplitter {
    static func segments(of bytes: UnsafeBufferPointer<UInt8>) -> [TextSegment] {
        var segments: [TextSegment] = []
        // A segment per word of Latin text, per character of CJK text (3 bytes each); a long
        // text grows its array instead of reserving for the worst case.
        segments.reserveCapacity(bytes.count <= 4096 ? bytes.count / 3 + 1 : bytes.count / 5 + 1)
        var start = 0
        LineBreaking.forEachOpportunity(inUTF8: bytes) { opportunity in
            let end = opportunity.offset
            var shapedEnd = end
            var contentEnd = end
            // Separators and hanging spaces end in one of these bytes; most segments do not.
            if end > start, mayEndInWhitespace(bytes[end - 1]) {
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

    /// Whether a segment whose last UTF-8 byte is `byte` may end in a line separator or in
    /// hanging whitespace: the last bytes of those characters are 0x09–0x0D, 0x20, 0x80–0x8A
    /// (U+1680, U+2000–U+200A, U+3000), 0x85 (NEL), 0x9F (U+205F), 0xA8–0xA9 (LS, PS).
    @inline(__always)
    static func mayEndInWhitespace(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x09...0x0D, 0x20, 0x80...0x8A, 0x9F, 0xA8, 0xA9: return true
        default: return false
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
