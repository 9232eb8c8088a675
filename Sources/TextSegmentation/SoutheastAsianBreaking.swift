import CICU

/// The break opportunities inside a run of class SA — Thai, Lao, Khmer, Myanmar and the other
/// scripts written without spaces between words — as ICU's dictionary break iterator finds
/// them (ICU 72, through the `CICU` target): the only ICU this module uses.
///
/// ``LineBreaking`` hands over each run whole: its letters of class SA and every mark and
/// joiner attached to them (LB9), nothing around it. UAX #14 with SA resolved to AL already
/// decides the run's edges as ICU's rules do (they too treat SA as AL), and ICU's dictionary
/// engines look only at the run of their script, so more context would change no break and
/// would cost a pass of ICU over text that needs none.
///
/// Thread-safe: ICU's iterators are kept per thread (see `CICU.h`).
enum SoutheastAsianBreaking {
    /// Calls `body` with every offset inside `base[start..<end]`, in order, where ICU's line
    /// break iterator breaks the run and a line may start: not before a mark or joiner (LB9,
    /// GB9, GB9a), nor after a ZWJ (LB8a) or a prepended character (GB9b), so every break is
    /// at the start of a grapheme cluster, which ICU's dictionaries do not promise on every
    /// input. When ICU fails, nothing is reported: the run is one word, as LB1 resolves SA
    /// without a dictionary.
    ///
    /// - Parameter scalarCount: the number of scalars of the run (bounds ICU's answer).
    /// - Complexity: O(end − start); a run of at most 512 bytes met before on this thread
    ///   costs a hash and a comparison.
    static func forEachBreak(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int, scalarCount: Int,
                             _ body: (Int) -> Void) {
        let capacity = scalarCount - 1
        guard capacity > 0, end - start <= Int(Int32.max) else { return }
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: capacity) { breaks in
            let count = cicu_line_breaks(base + start, Int32(end - start), breaks.baseAddress!, Int32(capacity))
            guard count > 0 else { return }
            for index in 0..<Int(count) {
                let offset = start + Int(breaks[index])
                if startsCluster(base, at: offset, end: end) { body(offset) }
            }
        }
    }

    /// Whether a line may start at `offset`, between two scalars of a run (well-formed UTF-8
    /// up to `end`).
    private static func startsCluster(_ base: UnsafePointer<UInt8>, at offset: Int, end: Int) -> Bool {
        let next = UTF8Decoding.decode(base, at: offset, end: end).scalar
        switch LineBreakClass(tableValue: LineBreakClass.trie.value(next)) {
        case .CM, .ZWJ: return false
        default: break
        }
        var previousStart = offset - 1
        while base[previousStart] & 0xC0 == 0x80 { previousStart -= 1 }
        let previous = UTF8Decoding.decode(base, at: previousStart, end: offset).scalar
        switch (GraphemeBreakClass(tableValue: GraphemeBreakClass.trie.value(previous)),
                GraphemeBreakClass(tableValue: GraphemeBreakClass.trie.value(next))) {
        case (_, .extend), (_, .zwj), (_, .spacingMark), (.zwj, _), (.prepend, _): return false
        default: return true
        }
    }
}
