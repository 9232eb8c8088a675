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

    private func tag(at offset: Int) -> String { String(decoding: bytes[offset..<offset + 4], as: UTF8.self) }
    private func u16(_ offset: Int) -> Int { Int(bytes[offset]) << 8 | Int(bytes[offset + 1]) }
    private func s16(_ offset: Int) -> Int { Int(Int16(bitPattern: UInt16(u16(offset)))) }
    private func u32(_ offset: Int) -> Int { u16(offset) << 16 | u16(offset + 2) }
}
