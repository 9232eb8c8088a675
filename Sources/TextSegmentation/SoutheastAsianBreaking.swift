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
    /// break iterator breaks the run and a line may start: before a letter of class SA that
    /// starts a grapheme cluster — not before a mark or joiner (LB9), nor before THAI or LAO
    /// SARA AM (GB9a), nor after a ZWJ (LB8a) — which ICU's dictionaries do not promise on
    /// every input. (A run holds no prepended character, GB9b.) When ICU fails, nothing is
    /// reported: the run is one word, as LB1 resolves SA without a dictionary.
    ///
    /// - Parameters:
    ///   - scalarCount: the number of scalars of the run (bounds ICU's answer).
    ///   - trie: the line-break table the run was found with.
    /// - Complexity: O(end − start); a run of at most 512 bytes met before on this thread
    ///   costs a hash and a comparison.
    static func forEachBreak(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int, scalarCount: Int,
                             _ trie: PropertyTrie, _ body: (Int) -> Void) {
        let capacity = scalarCount - 1
        guard capacity > 0, end - start <= Int(Int32.max) else { return }
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: capacity) { breaks in
            let count = cicu_line_breaks(base + start, Int32(end - start), breaks.baseAddress!, Int32(capacity))
            guard count > 0 else { return }
            let graphemeTrie = GraphemeBreakClass.trie
            let southeastAsianLetter = LineBreakClass.southeastAsianLetter
            for index in 0..<Int(count) {
                let offset = start + Int(breaks[index])
                let next = UTF8Decoding.decode(base, at: offset, end: end).scalar
                guard trie.value(next) == southeastAsianLetter,
                      GraphemeBreakClass(tableValue: graphemeTrie.value(next)) != .spacingMark else { continue }
                // U+200D ZERO WIDTH JOINER is E2 80 8D.
                if offset - start >= 3, base[offset - 1] == 0x8D, base[offset - 2] == 0x80, base[offset - 3] == 0xE2 { continue }
                body(offset)
            }
        }
    }
}
