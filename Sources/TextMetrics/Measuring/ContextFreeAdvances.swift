import TextSegmentation

/// The characters of a face whose width never depends on their neighbours, with their
/// advances: a segment made only of them is measured by adding advances, with no shaping and
/// no cache lookup. This is what makes CJK text cheap, where every ideograph is a segment of
/// its own: in WenQuanYi Micro Hei all 20,932 CJK Unified Ideographs qualify.
///
/// A character qualifies in a face when
/// - no OpenType lookup that HarfBuzz applies to horizontal left-to-right text touches its
///   glyph (see ``appliedFeatures`` and ``HarfBuzzFont/contextFreeAdvances(of:features:where:)``),
///   so no substitution, ligature, kerning or mark attachment involves it, whatever surrounds
///   it — lookups of vertical forms (`vert`), say, which CJK fonts hold for their punctuation,
///   do not count; and
/// - HarfBuzz does nothing to it before the font's lookups run: it is a letter, digit,
///   punctuation or symbol (or U+0020 / U+3000 SPACE) of a script shaped by HarfBuzz's
///   default shaper — Han, Hiragana, Katakana, Bopomofo, Latin, Greek, Cyrillic or
///   Common — not a mark, control, format or default-ignorable character, and a grapheme
///   cluster of its own (Grapheme_Cluster_Break=Other: HarfBuzz merges extending characters
///   such as U+FF9E into the cluster before them). A pictograph (😂, ⭐) qualifies too: only a
///   ZWJ before it joins it to the cluster before (GB11), which changes HarfBuzz's clusters
///   but not its advances, and a ZWJ never qualifies, so no segment measured this way holds one.
///
/// And a segment is only measured this way when it is shaped left to right by the default
/// shaper: its run is LTR in one of those scripts (``ShapingProperties/allowsContextFreeAdvances``),
/// or, when HarfBuzz guesses the properties, the character after it is of one of those
/// scripts too — so no right-to-left mirroring and no complex shaper is at play.
/// `ContextFreeAdvancesTests` checks every qualifying character of every bundled font against
/// HarfBuzz shaping it between neighbours.
///
/// Immutable once built, so a class: shapers hold it with one reference count.
final class ContextFreeAdvances: Sendable {
    private static let pageShift: UInt32 = 8
    private static let pageSize = 1 << Int(pageShift)
    /// Marks a character that does not qualify.
    private static let none = Int32.min
    /// Page number → index of its advances in `advances`; 0 for a page with no qualifying
    /// character (page 0 of `advances` is all `none`).
    private let pages: [UInt16]
    private let advances: [Int32]

    /// The features whose lookups may touch a character in the runs the table serves: those
    /// HarfBuzz's default shaper turns on for horizontal left-to-right text, and the fraction
    /// features it turns on around U+2044 FRACTION SLASH.
    static let appliedFeatures = PairwiseLayout.defaultFeatures.union(["frac", "numr", "dnom"])

    /// A table where no character qualifies: what shapers hold when context-free advances
    /// do not apply, so they keep a plain reference rather than an optional one.
    static let empty = ContextFreeAdvances()

    private init() {
        pages = [UInt16](repeating: 0, count: 0x110000 >> Int(ContextFreeAdvances.pageShift))
        advances = [Int32](repeating: ContextFreeAdvances.none, count: ContextFreeAdvances.pageSize)
    }

    /// The table of `shaper`'s face, whose `cmap` maps the characters of `ranges`.
    convenience init(shaper: HarfBuzzFont, mappedRanges ranges: [ClosedRange<UInt32>]) {
        self.init(entries: shaper.contextFreeAdvances(of: ranges, features: ContextFreeAdvances.appliedFeatures,
                                                      where: ContextFreeAdvances.qualifies))
    }

    /// The table of the qualifying characters `entries`, in increasing order (as a face's
    /// analysis finds them).
    convenience init(entries: [(scalar: UInt32, advance: Int32)]) {
        var builder = Builder()
        for (scalar, advance) in entries { builder.set(scalar, advance) }
        self.init(builder)
    }

    /// The table of the qualifying characters given as runs of consecutive code points that
    /// share an advance, in increasing order (as ``FaceTables`` keeps them).
    convenience init(runs: [(start: UInt32, count: UInt32, advance: Int32)]) {
        var builder = Builder()
        for run in runs {
            for scalar in run.start..<(run.start + run.count) { builder.set(scalar, run.advance) }
        }
        self.init(builder)
    }

    private init(_ builder: Builder) {
        pages = builder.pages
        advances = builder.advances
    }

    /// Pages and advances filled character by character, pages in the order they are first
    /// needed (so characters in increasing order give pages in increasing order).
    private struct Builder {
        var pages = [UInt16](repeating: 0, count: 0x110000 >> Int(ContextFreeAdvances.pageShift))
        var advances = [Int32](repeating: ContextFreeAdvances.none, count: ContextFreeAdvances.pageSize)

        mutating func set(_ scalar: UInt32, _ advance: Int32) {
            guard scalar < 0x110000 else { return }
            let page = Int(scalar >> ContextFreeAdvances.pageShift)
            if pages[page] == 0 {
                guard advances.count / ContextFreeAdvances.pageSize <= Int(UInt16.max) else { return }
                pages[page] = UInt16(advances.count / ContextFreeAdvances.pageSize)
                advances += [Int32](repeating: ContextFreeAdvances.none, count: ContextFreeAdvances.pageSize)
            }
            advances[Int(pages[page]) * ContextFreeAdvances.pageSize + Int(scalar) & (ContextFreeAdvances.pageSize - 1)] = advance
        }
    }

    /// Every qualifying character and its advance, in increasing order.
    var entries: [(scalar: UInt32, advance: Int32)] {
        var found: [(scalar: UInt32, advance: Int32)] = []
        for (page, block) in pages.enumerated() where block != 0 {
            for offset in 0..<ContextFreeAdvances.pageSize {
                let advance = advances[Int(block) * ContextFreeAdvances.pageSize + offset]
                if advance != ContextFreeAdvances.none {
                    found.append((UInt32(page << Int(ContextFreeAdvances.pageShift) + offset), advance))
                }
            }
        }
        return found
    }

    /// The advance of `value` in font units, or `nil` when it does not qualify.
    @inline(__always)
    func advance(of value: UInt32) -> Int32? {
        ContextFreeAdvances.advance(of: value, pages: pages, advances: advances)
    }

    /// The advance of `value` in the tables `pages` and `advances` (arrays, or buffers over
    /// them for loops that read many), or `nil`.
    @inline(__always)
    private static func advance<Pages: RandomAccessCollection<UInt16>, Advances: RandomAccessCollection<Int32>>(
        of value: UInt32, pages: Pages, advances: Advances) -> Int32? where Pages.Index == Int, Advances.Index == Int {
        guard value < 0x110000 else { return nil }
        let page = Int(pages[Int(value >> pageShift)])
        guard page != 0 else { return nil }
        let advance = advances[page * pageSize + Int(value) & (pageSize - 1)]
        return advance == none ? nil : advance
    }

    /// The width of `segment` and of its trailing whitespace, in font units, when every
    /// character of it qualifies, else `nil`.
    @inline(__always)
    func widths(of segment: TextSegment, in bytes: UnsafeBufferPointer<UInt8>) -> (width: Int32, trailing: Int32)? {
        var offset = Int(segment.start)
        let shapedEnd = Int(segment.shapedEnd)
        let contentEnd = Int(segment.contentEnd)
        var width: Int32 = 0
        var trailing: Int32 = 0
        while offset < shapedEnd {
            // A String's UTF-8 is well formed and segments end on character boundaries.
            let (value, length) = UTF8Scan.codePoint(at: offset, in: bytes)
            guard let advance = advance(of: value) else { return nil }
            width &+= advance
            if offset >= contentEnd { trailing &+= advance }
            offset += length
        }
        return (width, trailing)
    }

    /// The width of character run `segment` (three-byte characters, no whitespace) in font
    /// units and the advance all its characters share (0 when they differ), when every
    /// character of it qualifies, else `nil`.
    func characterRunWidth(of segment: TextSegment, in bytes: UnsafeBufferPointer<UInt8>)
        -> (width: Int32, uniformAdvance: Int32)? {
        // Through the buffers, as `addAdvances`: no reference counting of the arrays per character.
        pages.withUnsafeBufferPointer { pages in
            advances.withUnsafeBufferPointer { advances -> (width: Int32, uniformAdvance: Int32)? in
                // A character run is characters of three bytes: decoded without asking the length.
                func advance(at offset: Int) -> Int32? {
                    ContextFreeAdvances.advance(of: UTF8Scan.threeByteCodePoint(at: offset, in: bytes), pages: pages,
                                                advances: advances)
                }
                let end = Int(segment.end)
                var offset = Int(segment.start)
                guard offset < end, let first = advance(at: offset) else { return nil }
                var width = first
                var isUniform = true
                offset += 3
                while offset < end {
                    guard let next = advance(at: offset) else { return nil }
                    width &+= next
                    isUniform = isUniform && next == first
                    offset += 3
                }
                return (width, isUniform ? first : 0)
            }
        }
    }

    /// Adds the advances of the characters from byte `offset` to `end`, times `scale`, to
    /// `width` one by one while the total stays at most `limit`, and returns where it
    /// stopped: `end`, or the first character that would pass `limit` or does not qualify.
    func addAdvances(from offset: Int, to end: Int, in bytes: UnsafeBufferPointer<UInt8>, scale: Int64,
                     to width: inout Int64, limit: Int64) -> Int {
        // Through the buffers: no reference counting of the arrays per character.
        pages.withUnsafeBufferPointer { pages in
            advances.withUnsafeBufferPointer { advances in
                var offset = offset
                while offset < end {
                    let (value, length) = UTF8Scan.codePoint(at: offset, in: bytes)
                    guard let advance = ContextFreeAdvances.advance(of: value, pages: pages, advances: advances) else { break }
                    let next = width + Int64(advance) * scale
                    guard next <= limit else { break }
                    width = next
                    offset += length
                }
                return offset
            }
        }
    }

    // MARK: - Character rules

    /// Whether HarfBuzz leaves `value` alone before the font's lookups run (see the type's
    /// documentation); the face decides the rest.
    static func qualifies(_ value: UInt32) -> Bool {
        if value == 0x20 || value == 0x3000 { return true }
        guard let scalar = Unicode.Scalar(value),
              GraphemeBreaking.isPlainBase(scalar) || GraphemeBreaking.isPictographicBase(scalar), !CharacterProperties.isSpaceOrControl(value),
              !CharacterProperties.isDefaultIgnorable(value), HarfBuzzFont.isDefaultShaped(UnicodeScript(scalar)) else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .control, .format, .surrogate, .privateUse, .unassigned,
             .lineSeparator, .paragraphSeparator, .spaceSeparator:
            return false
        default:
            return true
        }
    }

    /// Whether a character of `script` after a segment keeps HarfBuzz's guess of the
    /// segment's properties left to right and on the default shaper.
    static func allowsContext(_ scalar: Unicode.Scalar) -> Bool {
        let script = UnicodeScript(scalar)
        return script == .inherited || HarfBuzzFont.isDefaultShaped(script)
    }
}
