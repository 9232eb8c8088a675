import TextSegmentation

/// Latin words measured by adding numbers: the advances of a face's Latin characters
/// (U+0020–U+017F and the General Punctuation quotes, dashes and ellipsis) and the kerning
/// of every pair of them, read from the font's `hmtx` and `GPOS` tables.
///
/// A word of such characters that no lookup touches but for pair kerning, and that holds no
/// ligature start such as "fi", is shaped by HarfBuzz's default shaper into one glyph per
/// character whose advance is its `hmtx` advance plus the kerning before the next character
/// (see ``PairwiseLayout``). So its width is that sum — exactly HarfBuzz's, which
/// `PairAdvancesTests` checks on every pair of printable ASCII and on random words of every
/// bundled font — and measuring a new Latin word costs no shaping and no cache entry.
///
/// A character qualifies on the terms of ``ContextFreeAdvances`` (default-shaped script, a
/// base character of its own cluster, not default-ignorable) and is not a pictograph (©, ®
/// and ‼ stay outside the table, measured as context-free characters where no lookup
/// touches them), has a glyph that `GDEF` does
/// not class as a mark, ligature or component, and is not excluded by the analysis. The
/// table is used under the same conditions as context-free advances (left-to-right runs of
/// default-shaped scripts).
///
/// Immutable once built: 320 KB of kerning per face that measures Latin text, built on first use.
final class PairAdvances: Sendable {
    /// Characters with a slot: U+0020–U+017F, then U+2010–U+203F.
    static let slotCount = 0x180 - 0x20 + 0x30
    /// Columns of the kerning matrix: one per slot, then "a character outside the alphabet
    /// that no lookup lists" (a context-free character).
    static let columns = slotCount + 1
    /// The slots of printable ASCII (U+0020–U+007E) come first.
    static let asciiSlots = 0x7F - 0x20
    /// Marks a slot that does not qualify.
    static let noAdvance = Int32.min
    /// Marks a pair HarfBuzz must shape: a ligature start, or a kerning that is ambiguous or
    /// does not fit.
    static let shapePair = Int16.min

    /// Per slot, its character's advance, or ``noAdvance``.
    let advances: [Int32]
    /// Per slot and column (row-major, ``columns`` a row), the kerning of the pair, or
    /// ``shapePair``; empty when no character qualifies.
    let kerning: [Int16]
    /// The face's context-free characters (see ``ContextFreeAdvances``): the characters
    /// outside the table that the kerning matrix's last column stands for, and the table a
    /// shaper adds them up from — held here so a shaper reaches both through one (unretained)
    /// reference.
    let contextFree: ContextFreeAdvances

    /// A table where no character qualifies.
    static let empty = PairAdvances()
    /// ``empty``, unretained (it lives as long as the process).
    static var unretainedEmpty: Unmanaged<PairAdvances> { Unmanaged.passUnretained(empty) }

    private init() {
        advances = [Int32](repeating: PairAdvances.noAdvance, count: PairAdvances.slotCount)
        kerning = []
        contextFree = .empty
    }

    /// The table of `shaper`'s face, whose context-free characters are `contextFree`; no
    /// character qualifies when its layout is not pairwise or the table disagrees with HarfBuzz.
    convenience init(shaper: HarfBuzzFont, contextFree: ContextFreeAdvances) {
        let (advances, kerning) = PairAdvances.read(shaper) ?? (PairAdvances.empty.advances, [])
        self.init(advances: advances, kerning: kerning, contextFree: contextFree)
    }

    /// A table of `advances` (one per slot) and `kerning` (``columns`` per slot, or none), as
    /// ``read(_:)`` found and checked them for a face (or ``FaceTables`` kept them).
    init(advances: [Int32], kerning: [Int16], contextFree: ContextFreeAdvances) {
        precondition(advances.count == PairAdvances.slotCount
                     && (kerning.isEmpty || kerning.count == PairAdvances.slotCount * PairAdvances.columns))
        self.advances = advances
        self.kerning = kerning
        self.contextFree = contextFree
    }

    /// The advances and kerning of `shaper`'s face, checked against HarfBuzz; `nil` when
    /// its layout is not pairwise, its tables are damaged, or HarfBuzz disagrees.
    private static func read(_ shaper: HarfBuzzFont) -> (advances: [Int32], kerning: [Int16])? {
        var glyphOfSlot = [UInt32?](repeating: nil, count: slotCount)
        for slot in 0..<slotCount {
            let scalar = PairAdvances.scalar(ofSlot: slot)
            guard ContextFreeAdvances.qualifies(scalar), GraphemeBreaking.isPlainBase(Unicode.Scalar(scalar)!),
                  let glyph = shaper.nominalGlyph(scalar),
                  shaper.isBaseOrUnclassified(glyph) else { continue }
            glyphOfSlot[slot] = glyph
        }
        let candidates = Set(glyphOfSlot.compactMap { $0 })
        guard let layout = PairwiseLayout(shaper: shaper, candidates: candidates) else { return nil }
        let glyphs = candidates.subtracting(layout.excluded).sorted()
        guard let matrix = try? layout.kerning(glyphs) else { return nil }
        let indexOfGlyph = Dictionary(uniqueKeysWithValues: glyphs.enumerated().map { ($1, $0) })
        var advances = [Int32](repeating: noAdvance, count: slotCount)
        var kerning = [Int16](repeating: shapePair, count: slotCount * columns)
        let glyphColumns = glyphs.count + 1
        for (slot, glyph) in glyphOfSlot.enumerated() {
            guard let glyph, let a = indexOfGlyph[glyph] else { continue }
            advances[slot] = shaper.advance(ofGlyph: glyph)
            for (next, second) in glyphOfSlot.enumerated() {
                guard let second, let b = indexOfGlyph[second],
                      !layout.ligatureStarts.contains(UInt64(glyph) << 32 | UInt64(second)) else { continue }
                kerning[slot * columns + next] = stored(matrix[a * glyphColumns + b])
            }
            kerning[slot * columns + slotCount] = stored(matrix[a * glyphColumns + glyphs.count])
        }
        guard agreesWithHarfBuzz(advances: advances, kerning: kerning, shaper: shaper) else { return nil }
        return (advances, kerning)
    }

    private static func stored(_ value: Int32?) -> Int16 {
        guard let value, let small = Int16(exactly: value), small != shapePair else { return shapePair }
        return small
    }

    // MARK: - Slots

    /// The slot of code point `value`, or -1.
    @inline(__always)
    static func slot(of value: UInt32) -> Int {
        if value &- 0x20 < 0x160 { return Int(value &- 0x20) }
        if value &- 0x2010 < 0x30 { return 0x160 + Int(value &- 0x2010) }
        return -1
    }

    /// The character of slot `slot`.
    static func scalar(ofSlot slot: Int) -> UInt32 {
        slot < 0x160 ? UInt32(slot + 0x20) : UInt32(slot - 0x160 + 0x2010)
    }

    /// Whether the character of `slot` is measured by this table.
    func qualifies(slot: Int) -> Bool {
        advances[slot] != PairAdvances.noAdvance
    }

    // MARK: - Measuring

    /// The measure of `segment` shaped with the character at byte `next` after it (the first
    /// character of the next segment, or `nil` for none), in font units — width, trailing
    /// whitespace and line-end correction (the kerning with that next character, taken back
    /// when a line ends after a segment with nothing hanging) — or `nil` when a character or
    /// pair of it needs HarfBuzz. ``contextFree`` tells which other characters no lookup lists.
    @inline(always)
    func measure(_ segment: TextSegment, in bytes: UnsafeBufferPointer<UInt8>, next: Int?)
        -> (width: Int32, trailing: Int32, lineEndCorrection: Int32)? {
        guard !kerning.isEmpty else { return nil }
        return advances.withUnsafeBufferPointer { advances in
            kerning.withUnsafeBufferPointer { kerning in
                var offset = Int(segment.start)
                let shapedEnd = Int(segment.shapedEnd)
                let contentEnd = Int(segment.contentEnd)
                var width: Int32 = 0
                var trailing: Int32 = 0
                var previous = -1
                var previousIsTrailing = false
                while offset < shapedEnd {
                    let (value, length) = UTF8Scan.codePoint(at: offset, in: bytes)
                    let slot = PairAdvances.slot(of: value)
                    guard slot >= 0 else { return nil }
                    let advance = advances[slot]
                    guard advance != PairAdvances.noAdvance else { return nil }
                    if previous >= 0 {
                        let pair = kerning[previous &* PairAdvances.columns &+ slot]
                        guard pair != PairAdvances.shapePair else { return nil }
                        width &+= Int32(pair)
                        if previousIsTrailing { trailing &+= Int32(pair) }
                    }
                    previousIsTrailing = offset >= contentEnd
                    width &+= advance
                    if previousIsTrailing { trailing &+= advance }
                    previous = slot
                    offset &+= length
                }
                guard previous >= 0, let next else { return (width, trailing, 0) }
                let value = UTF8Scan.codePoint(at: next, in: bytes).value
                let slot = PairAdvances.slot(of: value)
                let column: Int
                if slot >= 0, advances[slot] != PairAdvances.noAdvance {
                    column = slot
                } else if contextFree.advance(of: value) != nil {
                    column = PairAdvances.slotCount
                } else {
                    return nil
                }
                let pair = kerning[previous &* PairAdvances.columns &+ column]
                guard pair != PairAdvances.shapePair else { return nil }
                width &+= Int32(pair)
                if previousIsTrailing { trailing &+= Int32(pair) }
                let correction = contentEnd == shapedEnd ? -Int32(pair) : 0
                return (width, trailing, correction)
            }
        }
    }
}
