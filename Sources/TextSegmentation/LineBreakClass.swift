/// A UAX #14 Line_Break class, already resolved by rule LB1.
///
/// AI, SG and XX appear as ``AL``; SA as ``CM`` (General_Category Mn or Mc)
/// or ``AL``; CJ as ``NS`` (flagged, for tailorings). The raw values MUST match the order in
/// `scripts/generate-unicode-tables.py`.
enum LineBreakClass: UInt8 {
    case BK, CR, LF, NL, CM, ZWJ, WJ, ZW, GL, SP
    case B2, BA, BB, HY, CB, CL, CP, EX, IN, NS
    case OP, QU, IS, NU, PO, PR, SY, AK, AL, AP
    case AS, EB, EM, H2, H3, HL, ID, JL, JV, JT
    case RI, VF, VI

    /// Bit of a table value with a class-dependent meaning: for ``OP`` and
    /// ``CP`` East_Asian_Width F, W or H; for ``ID`` an unassigned
    /// Extended_Pictographic code point; for ``NS`` a character of class CJ
    /// (see ``LineBreakTailoring``).
    static let flag: UInt8 = 0x40

    /// The table, decoded on first use.
    static let trie: PropertyTrie = {
        let trie = PropertyTrie(
            shift: LineBreakTables.shift,
            stage1Count: LineBreakTables.stage1Count,
            stage2Count: LineBreakTables.stage2Count,
            stage1: LineBreakTables.stage1,
            stage2: LineBreakTables.stage2)
        precondition(trie.allValues { $0 & 0x3F <= LineBreakClass.VI.rawValue }, "corrupt line-break table")
        return trie
    }()

    /// The table under `tailoring`: ``trie`` itself, or a copy with the tailored classes,
    /// made on first use (three variants at most).
    @inline(__always)
    static func trie(for tailoring: LineBreakTailoring) -> PropertyTrie {
        switch (tailoring.breaksBeforeConditionalJapaneseStarters, tailoring.keepsHangulWords) {
        case (false, false): trie
        case (true, false): conditionalJapaneseStartersTrie
        case (false, true): hangulWordsTrie
        case (true, true): bothTailoringsTrie
        }
    }

    private static let conditionalJapaneseStartersTrie =
        trie.mapped(LineBreakTailoring(breaksBeforeConditionalJapaneseStarters: true).resolve)
    private static let hangulWordsTrie = trie.mapped(LineBreakTailoring(keepsHangulWords: true).resolve)
    private static let bothTailoringsTrie =
        trie.mapped(LineBreakTailoring(breaksBeforeConditionalJapaneseStarters: true, keepsHangulWords: true).resolve)

    /// The class of a table value (the value without ``flag``).
    @inline(__always)
    init(tableValue: UInt8) {
        self = unsafeBitCast(tableValue & 0x3F, to: LineBreakClass.self)
    }

    /// The resolved class of a scalar.
    init(_ scalar: Unicode.Scalar) {
        self.init(tableValue: LineBreakClass.trie.value(scalar.value))
    }
}
