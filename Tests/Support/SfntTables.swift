import Foundation

/// Reads the few OpenType tables the tests need straight from a font file's bytes,
/// independently of FreeType and of the code under test.
public struct SfntTables {
    /// Values read from `head`, `hhea` and `OS/2`.
    public struct VerticalMetrics: Equatable {
        public var unitsPerEm: Int
        public var hheaAscender: Int
        public var hheaDescender: Int
        public var hheaLineGap: Int
        public var typoAscender: Int?
        public var typoDescender: Int?
        public var typoLineGap: Int?
        public var useTypoMetrics: Bool
        public var capHeight: Int?
        public var xHeight: Int?
    }

    private let bytes: [UInt8]
    private var tables: [String: Int] = [:]

    /// Parses the table directory of face `faceIndex` of the file at `path`.
    public init(path: String, faceIndex: Int = 0) throws {
        bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var offset = 0
        if tag(at: 0) == "ttcf" {
            offset = u32(12 + 4 * faceIndex)
        }
        let count = u16(offset + 4)
        for i in 0..<count {
            let record = offset + 12 + 16 * i
            tables[tag(at: record)] = u32(record + 8)
        }
    }

    /// The vertical metrics as the font's tables state them.
    public func verticalMetrics() -> VerticalMetrics {
        let head = tables["head"]!
        let hhea = tables["hhea"]!
        var metrics = VerticalMetrics(
            unitsPerEm: u16(head + 18), hheaAscender: s16(hhea + 4), hheaDescender: s16(hhea + 6), hheaLineGap: s16(hhea + 8),
            typoAscender: nil, typoDescender: nil, typoLineGap: nil, useTypoMetrics: false, capHeight: nil, xHeight: nil)
        if let os2 = tables["OS/2"] {
            let version = u16(os2)
            metrics.typoAscender = s16(os2 + 68)
            metrics.typoDescender = s16(os2 + 70)
            metrics.typoLineGap = s16(os2 + 72)
            metrics.useTypoMetrics = u16(os2 + 62) & (1 << 7) != 0
            if version >= 2 {
                metrics.xHeight = s16(os2 + 86)
                metrics.capHeight = s16(os2 + 88)
            }
        }
        return metrics
    }

    /// The code points the font's `cmap` maps to a glyph other than 0, read from its Unicode
    /// subtable: format 12 (platform 3 encoding 10, or platform 0) when there is one, else
    /// format 4 (platform 3 encoding 1, or platform 0). Empty when the font has neither.
    public func mappedCodePoints() -> Set<UInt32> {
        guard let cmap = tables["cmap"] else { return [] }
        var format4: Int?
        var format12: Int?
        for i in 0..<u16(cmap + 2) {
            let record = cmap + 4 + 8 * i
            let platform = u16(record), encoding = u16(record + 2)
            let subtable = cmap + u32(record + 4)
            guard platform == 0 || (platform == 3 && (encoding == 1 || encoding == 10)) else { continue }
            switch u16(subtable) {
            case 4: format4 = format4 ?? subtable
            case 12: format12 = format12 ?? subtable
            default: break
            }
        }
        var mapped = Set<UInt32>()
        if let table = format12 {
            for group in 0..<u32(table + 12) {
                let record = table + 16 + 12 * group
                let first = u32(record), last = u32(record + 4), glyph = u32(record + 8)
                for (index, value) in (first...last).enumerated() where glyph + index != 0 { mapped.insert(UInt32(value)) }
            }
        } else if let table = format4 {
            let segments = u16(table + 6) / 2
            let ends = table + 14, starts = ends + 2 * segments + 2
            let deltas = starts + 2 * segments, rangeOffsets = deltas + 2 * segments
            for segment in 0..<segments {
                let start = u16(starts + 2 * segment), end = u16(ends + 2 * segment)
                let delta = u16(deltas + 2 * segment), rangeOffset = u16(rangeOffsets + 2 * segment)
                guard start <= end, start != 0xFFFF else { continue }
                for value in start...end {
                    let glyph: Int
                    if rangeOffset == 0 {
                        glyph = (value + delta) & 0xFFFF
                    } else {
                        let address = rangeOffsets + 2 * segment + rangeOffset + 2 * (value - start)
                        let raw = u16(address)
                        glyph = raw == 0 ? 0 : (raw + delta) & 0xFFFF
                    }
                    if glyph != 0 { mapped.insert(UInt32(value)) }
                }
            }
        }
        return mapped
    }

    private func tag(at offset: Int) -> String { String(decoding: bytes[offset..<offset + 4], as: UTF8.self) }
    private func u16(_ offset: Int) -> Int { Int(bytes[offset]) << 8 | Int(bytes[offset + 1]) }
    private func s16(_ offset: Int) -> Int { Int(Int16(bitPattern: UInt16(u16(offset)))) }
    private func u32(_ offset: Int) -> Int { u16(offset) << 16 | u16(offset + 2) }
}
