import Foundation

/// Reads a glyph's bounding box straight from a TrueType font's `glyf` table, independently
/// of FreeType, to check rasterized glyphs against.
struct GlyphOutlineBounds {
    private let bytes: [UInt8]
    private var tables: [String: Int] = [:]

    /// The box in font units: x grows rightwards, y upwards from the baseline.
    struct Box: Equatable {
        var xMin: Int, yMin: Int, xMax: Int, yMax: Int
    }

    init(path: String) throws {
        bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let count = u16(4)
        for i in 0..<count {
            let record = 12 + 16 * i
            tables[String(decoding: bytes[record..<record + 4], as: UTF8.self)] = u32(record + 8)
        }
    }

    /// The font's units per em (`head`).
    var unitsPerEm: Int { u16(tables["head"]! + 18) }

    /// The box of glyph `id`, or `nil` for an empty glyph.
    func box(ofGlyph id: Int) -> Box? {
        guard let head = tables["head"], let loca = tables["loca"], let glyf = tables["glyf"] else { return nil }
        let longOffsets = s16(head + 50) == 1
        let start = longOffsets ? u32(loca + 4 * id) : 2 * u16(loca + 2 * id)
        let end = longOffsets ? u32(loca + 4 * id + 4) : 2 * u16(loca + 2 * id + 2)
        guard end > start else { return nil }
        let glyph = glyf + start
        return Box(xMin: s16(glyph + 2), yMin: s16(glyph + 4), xMax: s16(glyph + 6), yMax: s16(glyph + 8))
    }

    private func u16(_ offset: Int) -> Int { Int(bytes[offset]) << 8 | Int(bytes[offset + 1]) }
    private func s16(_ offset: Int) -> Int { Int(Int16(bitPattern: UInt16(u16(offset)))) }
    private func u32(_ offset: Int) -> Int { u16(offset) << 16 | u16(offset + 2) }
}
