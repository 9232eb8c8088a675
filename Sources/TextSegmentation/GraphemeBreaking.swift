/// Extended grapheme cluster segmentation (UAX #29, Unicode 15.0) over UTF-8 text.
///
/// Implements GB1–GB13 and GB999 as of Unicode 15.0 (which has no GB9c), from
/// this module's own tables, so the result does not depend on the Unicode
/// version of the Swift runtime's `Character`.
///
/// Malformed UTF-8 is tolerated: each byte that is not part of a well-formed
/// sequence is treated as U+FFFD (a cluster of its own, unless marks follow).
public enum GraphemeBreaking {
    /// Calls `body` with the UTF-8 offset of every grapheme cluster boundary after 0, ending with the end of text.
    ///
    /// Nothing is reported for empty text.
    ///
    /// - Complexity: O(n) in the number of bytes; no allocation.
    public static func forEachBoundary(inUTF8 bytes: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Void) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        scan(base, from: 0, bytes.count) { body($0); return true }
    }

    /// The end of the grapheme cluster that starts at `start`: the first boundary after it.
    ///
    /// `start` must be a boundary — 0, or an offset this function or
    /// ``forEachBoundary(inUTF8:_:)`` returned — since no rule looks back past one: walking
    /// a text cluster by cluster this way finds the same boundaries as
    /// ``forEachBoundary(inUTF8:_:)``.
    ///
    /// - Complexity: O(length of the cluster); no allocation.
    @inline(__always)
    public static func clusterEnd(startingAt start: Int, inUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let count = bytes.count
        precondition(start >= 0 && start < count, "cluster start out of range")
        let base = bytes.baseAddress!
        // A plain base that nothing extends (printable ASCII before ASCII is the commonest case).
        if let end = plainBaseEnd(base, from: start, count) { return end }
        return clusterEnd(base, from: start, count)
    }

    /// The end of the cluster at `start` when it is one plain base — printable ASCII, or a
    /// character of three bytes that is Grapheme_Cluster_Break=Other and not
    /// Extended_Pictographic (an ideograph, kana, fullwidth punctuation…) — and the character
    /// after it extends nothing (GB9, GB9a): then nothing joins them (GB999). `nil` otherwise.
    @inline(__always)
    private static func plainBaseEnd(_ base: UnsafePointer<UInt8>, from start: Int, _ end: Int) -> Int? {
        let lead = base[start]
        let next: Int
        if lead >= 0x20 && lead < 0x7F {
            next = start + 1
        } else if lead & 0xF0 == 0xE0 {
            guard let value = UTF8Decoding.decodeThreeByte(base, at: start, end: end),
                  let scalar = Unicode.Scalar(value), isPlainBase(scalar) else { return nil }
            next = start + 3
        } else {
            return nil
        }
        guard next < end, base[next] >= 0x80 else { return next }  // ASCII extends nothing
        // A malformed sequence decodes to U+FFFD, which extends nothing, as the full rules read it.
        let value = UTF8Decoding.decodeMultibyte(base, at: next, end: end, lead: base[next]).scalar
        guard let scalar = Unicode.Scalar(value), !role(of: scalar).isExtending else { return nil }
        return next
    }

    private static func clusterEnd(_ base: UnsafePointer<UInt8>, from start: Int, _ end: Int) -> Int {
        var result = end
        scan(base, from: start, end) { boundary in
            result = boundary
            return false
        }
        return result
    }

    /// Whether `scalar` is a cluster by itself whatever surrounds it, save for extending
    /// characters that follow it: Grapheme_Cluster_Break=Other and not Extended_Pictographic
    /// (so not a mark, joiner, prepended character, regional indicator, Hangul jamo or
    /// syllable, control or emoji).
    public static func isPlainBase(_ scalar: Unicode.Scalar) -> Bool {
        CJKIdeographs.contains(scalar.value) || GraphemeBreakClass.trie.value(scalar.value) == GraphemeBreakClass.other.rawValue
    }

    /// Whether `scalar` is a pictograph (Extended_Pictographic, Grapheme_Cluster_Break=Other:
    /// 😂, ⭐, ©) — a cluster by itself but for extending characters after it and a ZWJ
    /// before it (GB11), which only emoji ZWJ sequences put there.
    public static func isPictographicBase(_ scalar: Unicode.Scalar) -> Bool {
        GraphemeBreakClass.trie.value(scalar.value) == GraphemeBreakClass.other.rawValue | GraphemeBreakClass.extendedPictographic
    }

    /// What a character does to the cluster boundaries around it, from one table lookup:
    /// `isPlainBase` as ``isPlainBase(_:)``; `isExtending` when it joins the cluster before it
    /// whatever that is (GB9, GB9a: an extending character, ZWJ or a spacing mark) — after a
    /// plain base, a cluster ends exactly before the first character that does not.
    public static func role(of scalar: Unicode.Scalar) -> (isPlainBase: Bool, isExtending: Bool) {
        if CJKIdeographs.contains(scalar.value) { return (true, false) }
        let value = GraphemeBreakClass.trie.value(scalar.value)
        switch GraphemeBreakClass(tableValue: value) {
        case .extend, .zwj, .spacingMark: return (false, true)
        case .other: return (value == GraphemeBreakClass.other.rawValue, false)
        default: return (false, false)
        }
    }

    /// Returns the UTF-8 offsets of the grapheme cluster boundaries of `text` after 0, ending with its length.
    ///
    /// - Complexity: O(n) in the UTF-8 length of `text`.
    public static func boundaries(in text: String) -> [Int] {
        var text = text
        var result: [Int] = []
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress, bytes.count > 0 else { return }
            scan(base, from: 0, bytes.count) { result.append($0); return true }
        }
        return result
    }

    /// Runs the rules from `start` (a boundary), reporting every boundary after it until
    /// `report` returns false.
    @inline(__always)
    private static func scan(_ base: UnsafePointer<UInt8>, from start: Int, _ end: Int, _ report: (Int) -> Bool) {
        let trie = GraphemeBreakClass.trie
        let (first, firstLength) = UTF8Decoding.decode(base, at: start, end: end)
        var value = trie.value(first)
        var prev = GraphemeBreakClass(tableValue: value)
        // GB11 progress: 1 after `ExtPict Extend*`, 2 after `ExtPict Extend* ZWJ`.
        var emoji: UInt8 = value & GraphemeBreakClass.extendedPictographic != 0 ? 1 : 0
        // GB12/GB13: whether the run of RIs ending at `prev` has odd length.
        var oddRegionalIndicators = prev == .regionalIndicator

        var index = start &+ firstLength
        while index < end {
            let byte = base[index]
            let length: Int
            if byte < 0x80 {
                // ASCII is Other/CR/LF/Control and not Extended_Pictographic.
                value = trie.asciiValue(byte)
                length = 1
            } else {
                let decoded = UTF8Decoding.decodeMultibyte(base, at: index, end: end, lead: byte)
                value = trie.value(decoded.scalar)
                length = decoded.length
            }
            let cur = GraphemeBreakClass(tableValue: value)
            let curIsPictographic = value & GraphemeBreakClass.extendedPictographic != 0

            let isBoundary: Bool
            if prev == .other && cur == .other {
                isBoundary = true  // no rule before GB999 pairs two Others (the commonest pair)
            } else {
                switch (prev, cur) {
                case (.cr, .lf): isBoundary = false                                    // GB3
                case (.control, _), (.cr, _), (.lf, _): isBoundary = true              // GB4
                case (_, .control), (_, .cr), (_, .lf): isBoundary = true              // GB5
                case (.l, .l), (.l, .v), (.l, .lv), (.l, .lvt): isBoundary = false     // GB6
                case (.lv, .v), (.lv, .t), (.v, .v), (.v, .t): isBoundary = false      // GB7
                case (.lvt, .t), (.t, .t): isBoundary = false                          // GB8
                case (_, .extend), (_, .zwj): isBoundary = false                       // GB9
                case (_, .spacingMark): isBoundary = false                             // GB9a
                case (.prepend, _): isBoundary = false                                 // GB9b
                case (.zwj, _) where emoji == 2 && curIsPictographic: isBoundary = false  // GB11
                case (.regionalIndicator, .regionalIndicator): isBoundary = !oddRegionalIndicators  // GB12, GB13
                default: isBoundary = true                                             // GB999
                }
            }
            if isBoundary, !report(index) { return }

            if curIsPictographic {
                emoji = 1
            } else if cur == .extend {
                emoji = emoji == 1 ? 1 : 0
            } else if cur == .zwj {
                emoji = emoji == 1 ? 2 : 0
            } else {
                emoji = 0
            }
            oddRegionalIndicators = cur == .regionalIndicator ? !oddRegionalIndicators : false
            prev = cur
            index &+= length
        }
        _ = report(end)
    }
}
