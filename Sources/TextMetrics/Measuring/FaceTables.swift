/// A face's context-free advances and pair advances as compact bytes, and the ones
/// precomputed for the bundled fonts, so a face's first text does not pay for finding them.
///
/// Finding them reads every lookup of the face's `GSUB` and `GPOS` tables, and the pair
/// table is then checked against HarfBuzz shaping every pair of its ASCII characters and
/// every kerned pair of the others: some 60 ms for Roboto. For the bundled fonts that work
/// is done once, by `scripts/generate-face-tables.sh`, with the same analysis and the same
/// check, and kept in ``PrecomputedFaceTables`` under each face's ``HarfBuzzFont/layoutChecksum()``
/// and the HarfBuzz version that checked it. A face whose checksum or HarfBuzz version is not
/// there — any other font, a bundled file changed by one byte of what measuring reads, another
/// HarfBuzz — builds and checks its tables itself, as before. `FaceTablesTests` checks that
/// the kept tables are those the analysis builds now, and that a changed font is not trusted.
enum FaceTables {
    /// The tables of `shaper`'s face, when they were precomputed for it.
    /// - Complexity: a checksum of the face's layout tables, then decoding (about 0.3 ms for
    ///   WenQuanYi Micro Hei's 30,000 characters).
    static func precomputed(for shaper: HarfBuzzFont) -> (contextFree: ContextFreeAdvances, pairs: PairAdvances)? {
        guard HarfBuzzFont.version == PrecomputedFaceTables.harfBuzzVersion else { return nil }
        let checksum = shaper.layoutChecksum()
        guard let entry = PrecomputedFaceTables.entries.first(where: { $0.checksum == checksum }) else { return nil }
        return decode(hex: entry.tables)
    }

    /// The tables of `shaper`'s face: precomputed when they were, else found and checked now.
    static func tables(for shaper: HarfBuzzFont) -> (contextFree: ContextFreeAdvances, pairs: PairAdvances) {
        if let kept = precomputed(for: shaper) { return kept }
        let contextFree = ContextFreeAdvances(shaper: shaper, mappedRanges: shaper.mappedRanges())
        return (contextFree, PairAdvances(shaper: shaper, contextFree: contextFree))
    }

    // MARK: - Bytes

    /// The tables as bytes (format 1): the context-free characters as runs of consecutive
    /// code points with one advance, then the pair advances — each slot's advance, and the
    /// kerning matrix as its distinct rows (run-length coded) and each slot's row. Numbers are
    /// LEB128 varints, signed ones zigzag coded.
    static func encode(_ contextFree: ContextFreeAdvances, _ pairs: PairAdvances) -> [UInt8] {
        var out = Writer()
        out.unsigned(formatVersion)
        // Runs: (gap from the end of the run before, length, advance).
        var runs: [(start: UInt32, count: UInt32, advance: Int32)] = []
        for (scalar, advance) in contextFree.entries {
            if let last = runs.last, last.start + last.count == scalar, last.advance == advance {
                runs[runs.count - 1].count += 1
            } else {
                runs.append((scalar, 1, advance))
            }
        }
        out.unsigned(UInt64(runs.count))
        var end: UInt32 = 0
        for run in runs {
            out.unsigned(UInt64(run.start - end))
            out.unsigned(UInt64(run.count))
            out.signed(Int64(run.advance))
            end = run.start + run.count
        }
        // Pair advances: slot advances (0 for none, else zigzag + 1).
        for advance in pairs.advances {
            out.unsigned(advance == PairAdvances.noAdvance ? 0 : zigzag(Int64(advance)) + 1)
        }
        guard !pairs.kerning.isEmpty else {
            out.unsigned(0)
            return out.bytes
        }
        var rows: [ArraySlice<Int16>] = []
        var rowOfSlot: [Int] = []
        var rowIndex: [ArraySlice<Int16>: Int] = [:]
        for slot in 0..<PairAdvances.slotCount {
            let row = pairs.kerning[(slot * PairAdvances.columns)..<((slot + 1) * PairAdvances.columns)]
            if let index = rowIndex[row] {
                rowOfSlot.append(index)
            } else {
                rowIndex[row] = rows.count
                rowOfSlot.append(rows.count)
                rows.append(row)
            }
        }
        out.unsigned(UInt64(rows.count))
        for row in rows {
            var i = row.startIndex
            while i < row.endIndex {
                var j = i + 1
                while j < row.endIndex, row[j] == row[i] { j += 1 }
                out.signed(Int64(row[i]))
                out.unsigned(UInt64(j - i))
                i = j
            }
        }
        for index in rowOfSlot { out.unsigned(UInt64(index)) }
        return out.bytes
    }

    /// The tables `encode` wrote, from their bytes as lowercase hexadecimal; `nil` for bytes
    /// of another format or damaged ones.
    static func decode(hex: StaticString) -> (contextFree: ContextFreeAdvances, pairs: PairAdvances)? {
        let text = UnsafeBufferPointer(start: hex.utf8Start, count: hex.utf8CodeUnitCount)
        guard text.count % 2 == 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: text.count / 2)
        for i in bytes.indices {
            guard let high = hexValue(text[2 * i]), let low = hexValue(text[2 * i + 1]) else { return nil }
            bytes[i] = high << 4 | low
        }
        return decode(bytes)
    }

    /// The tables `encode` wrote; `nil` for bytes of another format or damaged ones.
    static func decode(_ bytes: [UInt8]) -> (contextFree: ContextFreeAdvances, pairs: PairAdvances)? {
        var input = Reader(bytes: bytes)
        guard input.unsigned() == formatVersion, let runCount = input.unsigned() else { return nil }
        var runs: [(start: UInt32, count: UInt32, advance: Int32)] = []
        var end: UInt64 = 0
        for _ in 0..<runCount {
            guard let gap = input.unsigned(), let count = input.unsigned(), let advance = input.signed(),
                  end + gap + count <= 0x110000, let advance32 = Int32(exactly: advance) else { return nil }
            runs.append((UInt32(end + gap), UInt32(count), advance32))
            end += gap + count
        }
        let contextFree = ContextFreeAdvances(runs: runs)
        var advances: [Int32] = []
        for _ in 0..<PairAdvances.slotCount {
            guard let stored = input.unsigned() else { return nil }
            if stored == 0 {
                advances.append(PairAdvances.noAdvance)
            } else {
                guard let advance = Int32(exactly: unzigzag(stored - 1)) else { return nil }
                advances.append(advance)
            }
        }
        guard let rowCount = input.unsigned() else { return nil }
        guard rowCount > 0 else {
            guard input.isAtEnd else { return nil }
            return (contextFree, PairAdvances(advances: advances, kerning: [], contextFree: contextFree))
        }
        var rows: [[Int16]] = []
        for _ in 0..<rowCount {
            var row: [Int16] = []
            row.reserveCapacity(PairAdvances.columns)
            while row.count < PairAdvances.columns {
                guard let value = input.signed(), let small = Int16(exactly: value), let length = input.unsigned(),
                      length > 0, row.count + Int(length) <= PairAdvances.columns else { return nil }
                row.append(contentsOf: repeatElement(small, count: Int(length)))
            }
            rows.append(row)
        }
        var kerning: [Int16] = []
        kerning.reserveCapacity(PairAdvances.slotCount * PairAdvances.columns)
        for _ in 0..<PairAdvances.slotCount {
            guard let index = input.unsigned(), index < rowCount else { return nil }
            kerning.append(contentsOf: rows[Int(index)])
        }
        guard input.isAtEnd else { return nil }
        return (contextFree, PairAdvances(advances: advances, kerning: kerning, contextFree: contextFree))
    }

    /// The version of the bytes' layout; tables of another are not read.
    static let formatVersion: UInt64 = 1

    private static func zigzag(_ value: Int64) -> UInt64 { UInt64(bitPattern: (value << 1) ^ (value >> 63)) }

    private static func unzigzag(_ value: UInt64) -> Int64 { Int64(bitPattern: value >> 1) ^ -Int64(value & 1) }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        default: return nil
        }
    }

    private struct Writer {
        var bytes: [UInt8] = []

        mutating func unsigned(_ value: UInt64) {
            var rest = value
            while rest >= 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
                rest >>= 7
            }
            bytes.append(UInt8(rest))
        }

        mutating func signed(_ value: Int64) { unsigned(FaceTables.zigzag(value)) }
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        var isAtEnd: Bool { offset == bytes.count }

        mutating func unsigned() -> UInt64? {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while offset < bytes.count, shift < 64 {
                let byte = bytes[offset]
                offset += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return value }
                shift += 7
            }
            return nil
        }

        mutating func signed() -> Int64? { unsigned().map(FaceTables.unzigzag) }
    }
}
