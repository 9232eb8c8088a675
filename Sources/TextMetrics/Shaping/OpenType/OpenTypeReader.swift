/// Big-endian reads inside one OpenType table (`GSUB`, `GPOS`), every one bounds-checked: a
/// read past the end of the table throws ``Damaged`` instead of trapping, so a corrupt font
/// only loses the shortcuts built from its tables, never the process.
///
/// Offsets are absolute within the table. Also reads the two shared structures of layout
/// tables, Coverage and ClassDef (OpenType 1.9, "Common Table Formats").
struct OpenTypeReader {
    /// A table that points outside itself or has an unknown format.
    struct Damaged: Error {}

    let bytes: [UInt8]

    func u16(_ offset: Int) throws -> Int {
        guard offset >= 0, offset + 2 <= bytes.count else { throw Damaged() }
        return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }

    func i16(_ offset: Int) throws -> Int {
        Int(Int16(bitPattern: UInt16(try u16(offset))))
    }

    func u32(_ offset: Int) throws -> Int {
        try u16(offset) << 16 | u16(offset + 2)
    }

    // MARK: - Coverage

    /// The coverage index of `glyph` in the Coverage table at `offset`, or `nil`.
    func coverageIndex(_ offset: Int, of glyph: UInt32) throws -> Int? {
        let glyph = Int(glyph)
        switch try u16(offset) {
        case 1:
            // Glyph ids in increasing order: binary search.
            var low = 0
            var high = try u16(offset + 2)
            while low < high {
                let mid = (low + high) / 2
                let value = try u16(offset + 4 + 2 * mid)
                if value == glyph { return mid }
                if value < glyph { low = mid + 1 } else { high = mid }
            }
            return nil
        case 2:
            // Ranges [start, end, startCoverageIndex] in increasing order.
            guard let (start, first) = try rangeRecord(offset, of: glyph) else { return nil }
            return first + glyph - start
        default:
            throw Damaged()
        }
    }

    /// Whether the Coverage table at `offset` holds any glyph of `glyphs`.
    func coverage(_ offset: Int, intersects glyphs: Set<UInt32>) throws -> Bool {
        for glyph in glyphs where try coverageIndex(offset, of: glyph) != nil { return true }
        return false
    }

    // MARK: - ClassDef

    /// The class of `glyph` in the ClassDef table at `offset`; 0 for a glyph it does not list.
    func glyphClass(_ offset: Int, of glyph: UInt32) throws -> Int {
        let glyph = Int(glyph)
        switch try u16(offset) {
        case 1:
            let start = try u16(offset + 2)
            let count = try u16(offset + 4)
            guard glyph >= start, glyph < start + count else { return 0 }
            return try u16(offset + 6 + 2 * (glyph - start))
        case 2:
            // Ranges [start, end, class] in increasing order.
            return try rangeRecord(offset, of: glyph)?.value ?? 0
        default:
            throw Damaged()
        }
    }

    /// The range record holding `glyph` in a table of format 2 at `offset` (a count, then
    /// records [start, end, value] in increasing order, as Coverage and ClassDef store them):
    /// its start and value, or `nil`.
    private func rangeRecord(_ offset: Int, of glyph: Int) throws -> (start: Int, value: Int)? {
        var low = 0
        var high = try u16(offset + 2)
        while low < high {
            let mid = (low + high) / 2
            let record = offset + 4 + 6 * mid
            let start = try u16(record)
            if glyph < start {
                high = mid
            } else if glyph > (try u16(record + 2)) {
                low = mid + 1
            } else {
                return (start, try u16(record + 4))
            }
        }
        return nil
    }
}
