/// What a face's default OpenType features do to text made only of some candidate glyphs,
/// read from its `GSUB` and `GPOS` tables: which candidates no lookup touches except by
/// pair kerning, which pairs start a ligature, and the kerning of every pair.
///
/// On such text HarfBuzz's default shaper gives every glyph its `hmtx` advance plus the
/// `XAdvance` of the pair it starts — nothing else changes an advance — so a word's width is
/// a sum over its characters and their pairs (see ``PairAdvances``). The analysis is
/// conservative: a candidate is *excluded* whenever a lookup of the default features
/// (``defaultFeatures``: `ccmp`, `locl`, `rlig`, `calt`, `clig`, `liga`, `kern`, `mark`, …) may substitute it or position it other than
/// as the first glyph of a pair:
/// - GSUB single, multiple and alternate substitutions exclude the glyphs they cover; a
///   ligature whose components are all candidates marks its first two glyphs as a ligature
///   start (a one-glyph ligature excludes its glyph); a contextual rule that could match
///   candidates (every coverage of a format 3 rule holds one, or any glyph of a format 1 or
///   2 lookup) excludes its input glyphs;
/// - GPOS single and cursive adjustments exclude the glyphs they cover; pair adjustments are
///   kept when they move only the first glyph's advance (`ValueFormat2` is 0), else their
///   first glyphs are excluded; mark attachment needs a mark, which candidates are not;
///   contextual positioning is treated as in GSUB.
///
/// `GSUB` lookups are gathered from every language system (the union only excludes more);
/// `GPOS` ones must be the same in every language system, and the table must have a `DFLT`
/// or `latn` script HarfBuzz falls back to, else the analysis gives up (`nil`).
struct PairwiseLayout {
    /// Candidates some lookup may change other than by pair kerning.
    private(set) var excluded = Set<UInt32>()
    /// `first << 32 | second` of every pair that starts a ligature of candidates.
    private(set) var ligatureStarts = Set<UInt64>()
    /// The pair-adjustment subtables that move a first glyph's advance, per lookup, in
    /// lookup order then subtable order.
    private var pairLookups: [[Int]] = []
    private let gpos: OpenTypeReader

    /// Features HarfBuzz's default shaper turns on for horizontal left-to-right text. The
    /// fraction features (`frac`, `numr`, `dnom`) are left out: HarfBuzz turns them on only
    /// around U+2044 FRACTION SLASH, which no slot holds and which is never context-free.
    static let defaultFeatures: Set<String> = [
        "abvm", "blwm", "ccmp", "locl", "mark", "mkmk", "rlig", "calt", "clig", "curs", "dist", "kern", "liga",
        "rclt", "rvrn", "ltra", "ltrm", "rand", "trak",
    ]

    /// Analyses `shaper`'s face for text of `candidates`; `nil` when its layout cannot be
    /// read as pairs (see the type's documentation) or its tables are damaged.
    init?(shaper: HarfBuzzFont, candidates: Set<UInt32>) {
        guard !shaper.hasOtherLayoutTables else { return nil }
        gpos = OpenTypeReader(bytes: shaper.tableBytes("GPOS"))
        do {
            let gsub = OpenTypeReader(bytes: shaper.tableBytes("GSUB"))
            if !gsub.bytes.isEmpty {
                let lookups = shaper.lookupsPerLanguageSystem("GSUB", features: PairwiseLayout.defaultFeatures)
                for lookup in lookups.reduce(into: Set<Int>(), { $0.formUnion($1) }).sorted() {
                    try readSubstitution(LayoutLookup(gsub, index: lookup, extensionType: 7), index: lookup,
                                         gsub, shaper, candidates)
                }
            }
            if !gpos.bytes.isEmpty {
                let systems = shaper.lookupsPerLanguageSystem("GPOS", features: PairwiseLayout.defaultFeatures)
                guard let lookups = systems.first else { return }
                guard systems.allSatisfy({ $0 == lookups }),
                      lookups.isEmpty || !Set(shaper.scriptTags("GPOS")).isDisjoint(with: ["DFLT", "dflt", "latn"]) else {
                    return nil
                }
                for lookup in lookups.sorted() {
                    guard try readPositioning(LayoutLookup(gpos, index: lookup, extensionType: 9), index: lookup,
                                              shaper, candidates) else { return nil }
                }
            }
        } catch {
            return nil
        }
    }

    // MARK: - GSUB

    private mutating func readSubstitution(_ lookup: LayoutLookup, index: Int, _ gsub: OpenTypeReader,
                                           _ shaper: HarfBuzzFont, _ candidates: Set<UInt32>) throws {
        switch lookup.type {
        case 1, 2, 3:
            for subtable in lookup.subtables {
                try exclude(coveredBy: subtable + (try gsub.u16(subtable + 2)), gsub, candidates)
            }
        case 4:
            for subtable in lookup.subtables { try readLigatures(subtable, gsub, candidates) }
        default:
            try excludeInputs(of: lookup, index: index, contextual: [5, 6], "GSUB", gsub, shaper, candidates)
        }
    }

    /// For a lookup that is neither read nor left aside: its input glyphs (HarfBuzz's
    /// `collect_glyphs`) are excluded — for a contextual one (types `contextual`, chained
    /// being the second), only when some subtable may match text of candidates.
    private mutating func excludeInputs(of lookup: LayoutLookup, index: Int, contextual: [Int], _ table: String,
                                        _ reader: OpenTypeReader, _ shaper: HarfBuzzFont,
                                        _ candidates: Set<UInt32>) throws {
        if contextual.contains(lookup.type) {
            var mayMatch = false
            for subtable in lookup.subtables where !mayMatch {
                mayMatch = try contextMayMatch(subtable, chained: lookup.type == contextual[1], reader, candidates)
            }
            guard mayMatch else { return }
        }
        excluded.formUnion(shaper.inputGlyphs(table, lookup: index).intersection(candidates))
    }

    /// LigatureSubstFormat1: coverage of first glyphs, then per first glyph its ligatures
    /// (ligature glyph, component count, the components after the first).
    private mutating func readLigatures(_ subtable: Int, _ gsub: OpenTypeReader, _ candidates: Set<UInt32>) throws {
        let coverage = subtable + (try gsub.u16(subtable + 2))
        for first in candidates {
            guard let index = try gsub.coverageIndex(coverage, of: first) else { continue }
            let set = subtable + (try gsub.u16(subtable + 6 + 2 * index))
            for k in 0..<(try gsub.u16(set)) {
                let ligature = set + (try gsub.u16(set + 2 + 2 * k))
                let components = try gsub.u16(ligature + 2)
                guard components > 1 else {
                    excluded.insert(first)
                    continue
                }
                var allCandidates = true
                for c in 1..<components where !candidates.contains(UInt32(try gsub.u16(ligature + 2 + 2 * c))) {
                    allCandidates = false
                }
                if allCandidates {
                    ligatureStarts.insert(UInt64(first) << 32 | UInt64(try gsub.u16(ligature + 4)))
                }
            }
        }
    }

    /// Whether a contextual subtable (GSUB 5/6, GPOS 7/8) could match text of candidates:
    /// for format 3, every coverage it requires holds a candidate; formats 1 and 2 are not
    /// read and may always match.
    private func contextMayMatch(_ subtable: Int, chained: Bool, _ reader: OpenTypeReader,
                                 _ candidates: Set<UInt32>) throws -> Bool {
        guard try reader.u16(subtable) == 3 else { return true }
        var coverages: [Int] = []
        if chained {
            // backtrackCount, offsets, inputCount, offsets, lookaheadCount, offsets.
            var at = subtable + 2
            for _ in 0..<3 {
                let count = try reader.u16(at)
                for k in 0..<count { coverages.append(try reader.u16(at + 2 + 2 * k)) }
                at += 2 + 2 * count
            }
        } else {
            // glyphCount, seqLookupCount, coverage offsets.
            for k in 0..<(try reader.u16(subtable + 2)) { coverages.append(try reader.u16(subtable + 6 + 2 * k)) }
        }
        for offset in coverages where !(try reader.coverage(subtable + offset, intersects: candidates)) {
            return false
        }
        return true
    }

    private mutating func exclude(coveredBy coverage: Int, _ reader: OpenTypeReader, _ candidates: Set<UInt32>) throws {
        for glyph in candidates where try reader.coverageIndex(coverage, of: glyph) != nil {
            excluded.insert(glyph)
        }
    }

    // MARK: - GPOS

    /// Reads one positioning lookup; `false` when pairs cannot model it.
    private mutating func readPositioning(_ lookup: LayoutLookup, index: Int, _ shaper: HarfBuzzFont,
                                          _ candidates: Set<UInt32>) throws -> Bool {
        switch lookup.type {
        case 1, 3:
            for subtable in lookup.subtables {
                try exclude(coveredBy: subtable + (try gpos.u16(subtable + 2)), gpos, candidates)
            }
            return true
        case 2:
            break
        case 4, 5, 6:
            // Mark attachment needs a mark, which no candidate is.
            return true
        default:
            try excludeInputs(of: lookup, index: index, contextual: [7, 8], "GPOS", gpos, shaper, candidates)
            return true
        }
        // Pair adjustment.
        var pairs: [Int] = []
        for subtable in lookup.subtables {
            let coverage = subtable + (try gpos.u16(subtable + 2))
            guard (1...2).contains(try gpos.u16(subtable)) else { throw OpenTypeReader.Damaged() }
            if lookup.flag & LayoutLookup.ignoreBaseGlyphs != 0 {
                // Pairs would skip over candidates: not pairwise any more.
                if try gpos.coverage(coverage, intersects: candidates) { return false }
            } else if try gpos.u16(subtable + 6) != 0 {
                try exclude(coveredBy: coverage, gpos, candidates)
            } else {
                pairs.append(subtable)
            }
        }
        if !pairs.isEmpty { pairLookups.append(pairs) }
        return true
    }

    /// The kerning of every pair of `glyphs` in font units, row-major (`first * columns +
    /// second`), where `columns` is `glyphs.count + 1`: the last column is the kerning before
    /// a glyph no lookup lists. `nil` marks a pair whose value depends on how HarfBuzz treats a
    /// class pair of value zero (a later subtable of the lookup covers it too).
    func kerning(_ glyphs: [UInt32]) throws -> [Int32?] {
        // A glyph id no table lists: class 0 in every ClassDef, in no PairSet.
        let seconds = glyphs + [UInt32(UInt16.max)]
        var matrix = [Int32?](repeating: 0, count: glyphs.count * seconds.count)
        for lookup in pairLookups {
            let tables = try lookup.map { try PairSubtable(gpos, at: $0, firsts: glyphs, seconds: seconds) }
            for a in glyphs.indices {
                for b in seconds.indices {
                    let cell = a * seconds.count + b
                    guard let sum = matrix[cell] else { continue }
                    var value: Int32?
                    var zeroClassPair = false
                    var ambiguous = false
                    for table in tables {
                        guard let (found, isClassPair) = try table.adjustment(first: a, second: b) else { continue }
                        if value == nil {
                            value = found
                            zeroClassPair = isClassPair && found == 0
                            if !zeroClassPair { break }
                        } else if found != 0 {
                            ambiguous = true
                            break
                        }
                    }
                    matrix[cell] = ambiguous ? nil : sum + (value ?? 0)
                }
            }
        }
        return matrix
    }
}

/// One PairPos subtable (format 1 or 2, `ValueFormat2` 0) read for given first and second
/// glyphs: the coverage of each first glyph, and per format its pair values or classes.
private struct PairSubtable {
    private let reader: OpenTypeReader
    private let subtable: Int
    private let format: Int
    /// Offset of `XAdvance` in the first value record; `nil` when the record has none.
    private let advanceOffset: Int?
    private let recordSize: Int
    private let coverage: [Int?]
    /// Format 1: per first glyph, second glyph index → `XAdvance`.
    private var pairs: [[Int: Int32]] = []
    /// Format 2: classes of first and second glyphs, and the class counts.
    private var firstClasses: [Int] = []
    private var secondClasses: [Int] = []
    private var class1Count = 0
    private var class2Count = 0

    init(_ reader: OpenTypeReader, at subtable: Int, firsts: [UInt32], seconds: [UInt32]) throws {
        self.reader = reader
        self.subtable = subtable
        format = try reader.u16(subtable)
        let valueFormat = try reader.u16(subtable + 4)
        advanceOffset = valueFormat & 0x4 == 0 ? nil : 2 * (valueFormat & 0x3).nonzeroBitCount
        recordSize = 2 * (valueFormat & 0xFF).nonzeroBitCount
        let coverageTable = subtable + (try reader.u16(subtable + 2))
        coverage = try firsts.map { try reader.coverageIndex(coverageTable, of: $0) }
        if format == 1 {
            let indexOfSecond = Dictionary(seconds.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            pairs = try coverage.map { index in
                guard let index else { return [:] }
                let set = subtable + (try reader.u16(subtable + 10 + 2 * index))
                var values: [Int: Int32] = [:]
                let size = 2 + recordSize
                for k in 0..<(try reader.u16(set)) {
                    let record = set + 2 + k * size
                    guard let second = indexOfSecond[UInt32(try reader.u16(record))], values[second] == nil else { continue }
                    values[second] = try advanceOffset.map { Int32(try reader.i16(record + 2 + $0)) } ?? 0
                }
                return values
            }
        } else {
            let classDef1 = subtable + (try reader.u16(subtable + 8))
            let classDef2 = subtable + (try reader.u16(subtable + 10))
            class1Count = try reader.u16(subtable + 12)
            class2Count = try reader.u16(subtable + 14)
            firstClasses = try firsts.map { try reader.glyphClass(classDef1, of: $0) }
            secondClasses = try seconds.map { try reader.glyphClass(classDef2, of: $0) }
        }
    }

    /// The `XAdvance` this subtable gives first glyph `a` before second glyph `b` (indices),
    /// and whether it came from a class pair; `nil` when the subtable does not apply.
    func adjustment(first a: Int, second b: Int) throws -> (Int32, Bool)? {
        guard coverage[a] != nil else { return nil }
        if format == 1 {
            guard let value = pairs[a][b] else { return nil }
            return (value, false)
        }
        let c1 = firstClasses[a]
        let c2 = secondClasses[b]
        guard c1 < class1Count, c2 < class2Count else { return nil }
        guard let advanceOffset else { return (0, true) }
        let record = subtable + 16 + (c1 * class2Count + c2) * recordSize
        return (Int32(try reader.i16(record + advanceOffset)), true)
    }
}
