/// A UAX #29 Grapheme_Cluster_Break property value.
///
/// The raw values MUST match the order in `scripts/generate-unicode-tables.py`.
enum GraphemeBreakClass: UInt8 {
    case other, cr, lf, control, extend, zwj, regionalIndicator
    case prepend, spacingMark, l, v, t, lv, lvt

    /// Bit of a table value set for Extended_Pictographic code points.
    static let extendedPictographic: UInt8 = 0x10

    /// The table, decoded on first use.
    static let trie: PropertyTrie = {
        let trie = PropertyTrie(
            shift: GraphemeBreakTables.shift,
            stage1Count: GraphemeBreakTables.stage1Count,
            stage2Count: GraphemeBreakTables.stage2Count,
            stage1: GraphemeBreakTables.stage1,
            stage2: GraphemeBreakTables.stage2)
        precondition(trie.allValues { $0 & 0x0F <= GraphemeBreakClass.lvt.rawValue && $0 < 0x20 }, "corrupt grapheme table")
        return trie
    }()

    /// The class of a table value (the value without ``extendedPictographic``).
    @inline(__always)
    init(tableValue: UInt8) {
        self = unsafeBitCast(tableValue & 0x0F, to: GraphemeBreakClass.self)
    }

    /// The class of a scalar.
    init(_ scalar: Unicode.Scalar) {
        self.init(tableValue: GraphemeBreakClass.trie.value(scalar.value))
    }
}
