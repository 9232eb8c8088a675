/// The characters a face maps to glyphs (its `cmap`), as a two-level bitset: the answer to
/// "does this font have this character" in two loads, with no call into the font.
///
/// Built once when the face loads, so font fallback pays for a font's coverage on its first
/// use only; later lookups are table lookups.
struct FaceCoverage: Sendable {
    /// Code points per page: 4,096 (64 words).
    private static let pageShift: UInt32 = 12
    private static let wordsPerPage = 64
    /// Page number → index of its words in `words`, or 0 for an empty page (page 0 of `words`
    /// is all zeros).
    private let pages: [UInt16]
    private let words: [UInt64]

    /// Coverage from the inclusive ranges of mapped code points, in increasing order.
    init(ranges: [ClosedRange<UInt32>]) {
        var pages = [UInt16](repeating: 0, count: 0x110000 >> Int(FaceCoverage.pageShift))
        var words = [UInt64](repeating: 0, count: FaceCoverage.wordsPerPage)
        for range in ranges where range.lowerBound < 0x110000 {
            for value in range.lowerBound...min(range.upperBound, 0x10FFFF) {
                let page = Int(value >> FaceCoverage.pageShift)
                if pages[page] == 0 {
                    pages[page] = UInt16(words.count / FaceCoverage.wordsPerPage)
                    words += [UInt64](repeating: 0, count: FaceCoverage.wordsPerPage)
                }
                let bit = Int(value & 0xFFF)
                words[Int(pages[page]) * FaceCoverage.wordsPerPage + bit >> 6] |= 1 << UInt64(bit & 63)
            }
        }
        self.pages = pages
        self.words = words
    }

    /// Whether the face maps `scalar` to a glyph.
    @inline(__always)
    func contains(_ scalar: Unicode.Scalar) -> Bool { contains(value: scalar.value) }

    /// Whether the face maps some code point of `range` to a glyph: a word of the bitset at a
    /// time (the range's first and last words masked to it), empty pages skipped whole.
    func containsAny(of range: ClosedRange<UInt32>) -> Bool {
        let last = min(range.upperBound, 0x10FFFF)
        var value = range.lowerBound
        while value <= last {
            let page = Int(pages[Int(value >> FaceCoverage.pageShift)])
            let wordStart = value & ~63
            if page != 0 {
                var word = words[page * FaceCoverage.wordsPerPage + Int(value & 0xFFF) >> 6]
                word &= ~0 << UInt64(value - wordStart)
                if last - wordStart < 63 { word &= ~0 >> UInt64(63 - (last - wordStart)) }
                if word != 0 { return true }
                value = wordStart + 64
            } else {
                value = (value | 0xFFF) + 1
            }
        }
        return false
    }

    /// Calls `body` with the bitset read through buffers, for loops that test many
    /// characters: no array checks or reference counting per test.
    @inline(__always)
    func withLookup<R>(_ body: (Lookup) -> R) -> R {
        pages.withUnsafeBufferPointer { pages in
            words.withUnsafeBufferPointer { words in body(Lookup(pages: pages, words: words)) }
        }
    }

    /// The bitset read through buffers (see ``withLookup(_:)``); valid only inside its call.
    struct Lookup {
        fileprivate let pages: UnsafeBufferPointer<UInt16>
        fileprivate let words: UnsafeBufferPointer<UInt64>

        /// Whether the face maps the code point `value` (at most U+10FFFF) to a glyph.
        @inline(__always)
        func contains(value: UInt32) -> Bool { FaceCoverage.contains(value, pages: pages, words: words) }
    }

    /// Whether the face maps the code point `value` (at most U+10FFFF) to a glyph.
    func contains(value: UInt32) -> Bool { FaceCoverage.contains(value, pages: pages, words: words) }

    /// Whether the bitset `pages` and `words` (arrays, or buffers over them) holds `value`.
    @inline(__always)
    private static func contains<Pages: RandomAccessCollection<UInt16>, Words: RandomAccessCollection<UInt64>>(
        _ value: UInt32, pages: Pages, words: Words) -> Bool where Pages.Index == Int, Words.Index == Int {
        let page = Int(pages[Int(value >> pageShift)])
        guard page != 0 else { return false }
        let bit = Int(value & 0xFFF)
        return words[page * wordsPerPage + bit >> 6] & (1 << UInt64(bit & 63)) != 0
    }
}
