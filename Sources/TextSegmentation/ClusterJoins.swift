/// Where UAX #14 allows a line break that UAX #29 puts inside a grapheme cluster: after a
/// space before a mark (LB10 and LB18; GB9), before an emoji modifier after an emoji that
/// takes none (LB30b; GB9 — 💋🏿 is one cluster), after a prepended character (GB9b). A
/// breaker that keeps clusters whole, as CoreText does, skips those opportunities.
///
/// Only the rules that look at the pair of characters alone need checking (GB3–GB5,
/// GB9–GB9b): the Hangul rules GB6–GB8 forbid exactly what LB26–LB27 forbid, and the stateful
/// ones, GB11–GB13, what LB8a and LB30a forbid. The lead bytes of the two characters rule out
/// almost every pair before anything is decoded: ASCII, ideographs, kana, Hangul syllables and
/// emoji never extend a cluster or prepend to one.
package enum ClusterJoins {
    /// Whether `bytes` (well-formed UTF-8) has no cluster boundary at `offset`, a character
    /// boundary where UAX #14 allows a break: the characters on either side join by GB3–GB9b.
    package static func joins(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard offset > 0, offset < bytes.count else { return false }
        guard mayExtend(at: offset, bytes) || mayBePrepended(endingAt: offset, bytes) else { return false }
        return pairJoins(at: offset, bytes)
    }

    /// Whether no cluster boundary can fall between `previous` and `next`, whatever precedes
    /// them (GB3–GB9b).
    package static func pairJoins(_ previous: UInt32, _ next: UInt32) -> Bool {
        let trie = GraphemeBreakClass.trie
        switch (GraphemeBreakClass(tableValue: trie.value(previous)), GraphemeBreakClass(tableValue: trie.value(next))) {
        case (.cr, .lf): return true                                                             // GB3
        case (.control, _), (.cr, _), (.lf, _), (_, .control), (_, .cr), (_, .lf): return false  // GB4, GB5
        case (.l, .l), (.l, .v), (.l, .lv), (.l, .lvt), (.lv, .v), (.lv, .t), (.v, .v), (.v, .t),
             (.lvt, .t), (.t, .t): return true                                                   // GB6–GB8
        case (_, .extend), (_, .zwj), (_, .spacingMark), (.prepend, _): return true              // GB9–GB9b
        default: return false
        }
    }

    /// The characters around `offset` decoded and looked up: the rare case.
    @inline(never)
    private static func pairJoins(at offset: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var start = offset - 1
        while start > 0, offset - start < 4, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        let previous = UTF8Decoding.decode(base, at: start, end: offset).scalar
        let next = UTF8Decoding.decode(base, at: offset, end: bytes.count).scalar
        return pairJoins(previous, next)
    }

    /// Whether the character at `offset` may be an extending character, a ZWJ or a spacing
    /// mark, from its first bytes. Their lead bytes are 0xCC–0xCD, 0xD2, 0xD6–0xE3, 0xEA, 0xEF,
    /// 0xF0 and 0xF3; under 0xE3, 0xEF and 0xF0 0x9F only a few second (third) bytes lead to
    /// one (`ClusterJoinsTests` checks every scalar).
    @inline(__always)
    private static func mayExtend(at offset: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let lead = bytes[offset]
        guard lead >= 0xCC, leadsMask & (1 << UInt64(lead &- 0xC0)) != 0 else { return false }
        guard offset + 1 < bytes.count else { return true }
        let second = bytes[offset + 1]
        switch lead {
        case 0xE3: return second == 0x80 || second == 0x82    // U+302A–302F, U+3099–309A
        case 0xEF: return second == 0xAC || second == 0xB8 || second == 0xBE  // U+FB1E, U+FE00–FE2F, U+FF9E–FF9F
        case 0xF0 where second == 0x9F:                        // emoji: only the modifiers U+1F3FB–1F3FF
            return offset + 2 >= bytes.count || bytes[offset + 2] == 0x8F
        default: return true
        }
    }

    /// Bit `lead - 0xC0` is set for the lead bytes of extending characters, ZWJ and spacing
    /// marks: 0xCC, 0xCD, 0xD2, 0xD6–0xD9, 0xDB–0xE3, 0xEA, 0xEF, 0xF0, 0xF3 (a constant, so
    /// no lazy initialisation is checked on the way).
    private static var leadsMask: UInt64 { 0x0009_840F_FBC4_3000 }

    /// Whether the character ending at `offset` may be a prepended character, from its lead
    /// byte: 0xD8, 0xDB, 0xDC or 0xE0, or 0xF0 0x91.
    @inline(__always)
    private static func mayBePrepended(endingAt offset: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes[offset - 1] >= 0x80 else { return false }
        var start = offset - 1
        while start > 0, offset - start < 4, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        switch bytes[start] {
        case 0xD8, 0xDB, 0xDC, 0xE0: return true
        case 0xF0: return start + 1 < offset && bytes[start + 1] == 0x91
        default: return false
        }
    }
}
