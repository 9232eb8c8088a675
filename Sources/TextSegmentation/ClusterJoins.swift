/// Where UAX #14 allows a line break that UAX #29 puts inside a grapheme cluster: after a
/// space before a mark (LB10 and LB18; GB9), before an emoji modifier after an emoji that
/// takes none (LB30b; GB9 — 💋🏿 is one cluster), after a prepended character (GB9b). A
/// breaker that keeps clusters whole, as CoreText does, skips those opportunities. It also
/// skips one before an extending character after a control, ZERO WIDTH SPACE say (LB8), where
/// GB4 ends the cluster but HarfBuzz does not: it merges the extending character into the
/// control's cluster, so a line starting there would lose that glyph's advance to the line
/// before. (After a mandatory break the extending character starts its line: the caller keeps
/// those opportunities, and shaping never reads across them.) And between regional
/// indicators a line may start only after a pair that is an RGI flag as a font ligates the
/// run, left to right: after any other pair a font may ligate across it (HarfBuzz shapes 🇽🇨🇫,
/// whose first pair is no flag, as 🇽 and the flag 🇨🇫), so the run is kept whole from there,
/// like a word.
///
/// Besides the rules that look at the pair of characters alone (GB3–GB5, GB9–GB9b), the
/// Hangul rules GB6–GB8 forbid exactly what LB26–LB27 forbid, and GB11 what LB8a forbids. The
/// lead bytes of the two characters rule out almost every pair before anything is decoded:
/// ASCII, ideographs, kana, Hangul syllables and emoji never extend a cluster or prepend to one.
package enum ClusterJoins {
    /// Whether a line may not start at `offset` in `bytes` (well-formed UTF-8), a character
    /// boundary where UAX #14 allows a break: the characters on either side join by GB3 and
    /// GB6–GB9b, or the second extends (GB9, GB9a) a control, or both are regional indicators
    /// and no flag ends at `offset`.
    package static func joins(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard offset > 0, offset < bytes.count else { return false }
        if isRegionalIndicator(at: offset, bytes), isRegionalIndicator(at: offset - 4, bytes) {
            return !followsFlag(offset, bytes)
        }
        guard mayExtend(at: offset, bytes) || mayBePrepended(endingAt: offset, bytes) else { return false }
        return pairJoins(at: offset, bytes)
    }

    /// Whether a regional indicator (U+1F1E6–1F1FF: F0 9F 87 A6–BF) starts at `offset`.
    @inline(__always)
    private static func isRegionalIndicator(at offset: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        offset >= 0 && offset + 3 < bytes.count && bytes[offset] == 0xF0 && bytes[offset + 1] == 0x9F
            && bytes[offset + 2] == 0x87 && bytes[offset + 3] >= 0xA6
    }

    /// Whether the regional indicators up to `offset` end in a flag that a line may end after:
    /// an even number of them run up to it (GB12, GB13), and a font ligating the run from its
    /// start, left to right — each two letters that make an RGI emoji flag
    /// (``EmojiFlagTables``) one glyph, any other letter a glyph alone, as HarfBuzz applies a
    /// ligature lookup — makes the last two of them a flag. After 🇲🇳🇱🇯 a font makes 🇱 alone
    /// and 🇯🇲 a flag, so no line starts after 🇲🇸 in 🇲🇳🇱🇯🇲🇸, though that pair is a flag by
    /// itself. (A later lookup may pair the letters left alone — Noto Color Emoji draws 🇽🇨 as
    /// one unknown flag — but none reaches across a flag's glyph.)
    ///
    /// At most ``flagWindow`` letters are read back, so a run of any length costs the same at
    /// each opportunity. In a longer run the pairing from its start has a glyph boundary at the
    /// window's first letter or its second (no glyph is longer than two): it is paired from
    /// both, and where the two pairings meet, both — and so the run's own — go on alike. (There
    /// the parity is UAX #14's: LB30a allows a break between indicators only after an even
    /// number of them.) Only where they never meet within the window, as in 🇦🇬🇦🇬🇦🇬… whose
    /// every pair is a flag both ways (Antigua, Gabon), no line starts: the run is kept whole
    /// from there, like a word.
    private static func followsFlag(_ offset: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var count = 1
        while count < flagWindow, isRegionalIndicator(at: offset - 4 * (count + 1), bytes) { count += 1 }
        let first = offset - 4 * count
        /// Whether the letters `k` and `k + 1` from `first` make a flag.
        func isFlag(_ k: Int) -> Bool {
            let pair = 26 * Int(bytes[first + 4 * k + 3] &- 0xA6) + Int(bytes[first + 4 * k + 7] &- 0xA6)
            return EmojiFlagTables.pairs[pair >> 6] & 1 << UInt64(pair & 63) != 0
        }
        var k = 0
        if count < flagWindow || !isRegionalIndicator(at: first - 4, bytes) {
            guard count % 2 == 0 else { return false }
        } else {
            // The pairings from the window's first letter and from its second, to where they meet.
            var other = 1
            while k != other, min(k, other) < count - 2 {
                if k < other { k += isFlag(k) ? 2 : 1 } else { other += isFlag(other) ? 2 : 1 }
            }
            guard k == other else { return false }
        }
        while k < count - 2 { k += isFlag(k) ? 2 : 1 }
        return k == count - 2 && isFlag(k)
    }

    /// How many regional indicators ``followsFlag(_:_:)`` reads back at most.
    static let flagWindow = 64

    /// Whether a line may not start between `previous` and `next`, whatever precedes them:
    /// GB3 and GB6–GB9b join them, or `next` extends a control (see the type's documentation).
    private static func pairJoins(_ previous: UInt32, _ next: UInt32) -> Bool {
        let trie = GraphemeBreakClass.trie
        switch (GraphemeBreakClass(tableValue: trie.value(previous)), GraphemeBreakClass(tableValue: trie.value(next))) {
        case (.cr, .lf): return true                                                             // GB3
        case (_, .extend), (_, .zwj), (_, .spacingMark): return true                 // GB9, GB9a; after a control too
        case (.control, _), (.cr, _), (.lf, _), (_, .control), (_, .cr), (_, .lf): return false  // GB4, GB5
        case (.l, .l), (.l, .v), (.l, .lv), (.l, .lvt), (.lv, .v), (.lv, .t), (.v, .v), (.v, .t),
             (.lvt, .t), (.t, .t): return true                                                   // GB6–GB8
        case (.prepend, _): return true                                                          // GB9b
        default: return false
        }
    }

    /// The characters around `offset` decoded and looked up: the rare case.
    @inline(never)
    private static func pairJoins(at offset: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let previous = UTF8Decoding.decode(base, at: startOfCharacter(endingAt: offset, bytes), end: offset).scalar
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
        let start = startOfCharacter(endingAt: offset, bytes)
        switch bytes[start] {
        case 0xD8, 0xDB, 0xDC, 0xE0: return true
        case 0xF0: return start + 1 < offset && bytes[start + 1] == 0x91
        default: return false
        }
    }

    /// Where the character that ends at `offset` starts: back over at most three continuation bytes.
    @inline(__always)
    private static func startOfCharacter(endingAt offset: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var start = offset - 1
        while start > 0, offset - start < 4, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return start
    }
}
