/// A UAX #14 Line_Break class, already resolved by rule LB1.
///
/// AI, SG and XX appear as ``AL``; SA as ``CM`` (General_Category Mn or Mc)
/// or ``AL`` (flagged, for dictionary breaking); CJ as ``NS`` (flagged, for tailorings). The
/// raw values MUST match the order in `scripts/generate-unicode-tables.py`.
enum LineBreakClass: UInt8 {
    case BK, CR, LF, NL, CM, ZWJ, WJ, ZW, GL, SP
    case B2, BA, BB, HY, CB, CL, CP, EX, IN, NS
    case OP, QU, IS, NU, PO, PR, SY, AK, AL, AP
    case AS, EB, EM, H2, H3, HL, ID, JL, JV, JT
    case RI, VF, VI

    /// Bit of a table value with a class-dependent meaning: for ``OP`` and
    /// ``CP`` East_Asian_Width F, W or H; for ``ID`` an unassigned
    /// Extended_Pictographic code point; for ``NS`` a character of class CJ
    /// (see ``LineBreakTailoring``); for ``AL`` and ``CM`` a character of class SA.
    static let flag: UInt8 = 0x40

    /// The table value of a character of class SA resolved to ``AL``: a letter of a script
    /// written without spaces between words (Thai, Lao, Khmer, Myanmar…), which starts a run
    /// that ``SoutheastAsianBreaking`` breaks by dictionary.
    static var southeastAsianLetter: UInt8 { AL.rawValue | flag }
    /// The table value of a character of class SA resolved to ``CM`` (a vowel sign or tone mark).
    static var southeastAsianMark: UInt8 { CM.rawValue | flag }

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
    /// made on first use (seven copies at most).
    @inline(__always)
    static func trie(for tailoring: LineBreakTailoring) -> PropertyTrie {
        switch (tailoring.breaksBeforeConditionalJapaneseStarters, tailoring.keepsHangulWords,
                tailoring.breaksSoutheastAsianWords) {
        case (false, false, true): trie
        case (true, false, true): conditionalJapaneseStartersTrie
        case (false, true, true): hangulWordsTrie
        case (true, true, true): bothTailoringsTrie
        case (let japanese, let korean, false): withoutDictionary[(japanese ? 1 : 0) + (korean ? 2 : 0)]
        }
    }

    private static let conditionalJapaneseStartersTrie =
        trie.mapped(LineBreakTailoring(breaksBeforeConditionalJapaneseStarters: true).resolve)
    private static let hangulWordsTrie = trie.mapped(LineBreakTailoring(keepsHangulWords: true).resolve)
    private static let bothTailoringsTrie =
        trie.mapped(LineBreakTailoring(breaksBeforeConditionalJapaneseStarters: true, keepsHangulWords: true).resolve)
    /// The four language tailorings (none, Japanese starters 1, Hangul words 2, both 3) with
    /// SA resolved to AL or CM unflagged, so no run is broken by dictionary.
    private static let withoutDictionary: [PropertyTrie] = (0..<4).map { index in
        trie.mapped(LineBreakTailoring(breaksBeforeConditionalJapaneseStarters: index & 1 != 0,
                                       keepsHangulWords: index & 2 != 0, breaksSoutheastAsianWords: false).resolve)
    }

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
