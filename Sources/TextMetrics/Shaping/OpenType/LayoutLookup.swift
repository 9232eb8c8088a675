/// One lookup of a `GSUB` or `GPOS` table as its LookupList stores it, with Extension
/// subtables (GSUB type 7, GPOS type 9) replaced by the subtables they point to.
struct LayoutLookup {
    /// The lookup type after unwrapping extensions (GSUB 1–8, GPOS 1–8).
    let type: Int
    /// The LookupFlag bits (right-to-left, ignore bases / ligatures / marks, mark filtering).
    let flag: Int
    /// Absolute offsets of the subtables within the table.
    let subtables: [Int]

    /// LookupFlag bit: skip base glyphs.
    static let ignoreBaseGlyphs = 0x0002

    /// Lookup `index` of the table `reader` holds; `extensionType` is 7 for GSUB, 9 for GPOS.
    init(_ reader: OpenTypeReader, index: Int, extensionType: Int) throws {
        // Header: version (4 bytes), ScriptList, FeatureList, LookupList offsets.
        let list = try reader.u16(8)
        guard index < (try reader.u16(list)) else { throw OpenTypeReader.Damaged() }
        let lookup = list + (try reader.u16(list + 2 + 2 * index))
        let declared = try reader.u16(lookup)
        var type = declared
        flag = try reader.u16(lookup + 2)
        let count = try reader.u16(lookup + 4)
        var subtables: [Int] = []
        subtables.reserveCapacity(count)
        for k in 0..<count {
            var subtable = lookup + (try reader.u16(lookup + 6 + 2 * k))
            if declared == extensionType {
                // ExtensionFormat1: format, extensionLookupType, 32-bit offset from itself;
                // every subtable of the lookup wraps the same type.
                let wrapped = try reader.u16(subtable + 2)
                guard try reader.u16(subtable) == 1, wrapped != extensionType, k == 0 || wrapped == type else {
                    throw OpenTypeReader.Damaged()
                }
                type = wrapped
                subtable += try reader.u32(subtable + 4)
            }
            subtables.append(subtable)
        }
        self.type = type
        self.subtables = subtables
    }
}
