import CFreeType

/// One FreeType face over a font's bytes: the tables, the face count, and glyph rendering.
///
/// This is the only place FreeType is called. Reading metrics happens once in `init`;
/// rendering (which mutates the face's glyph slot) is serialized by a lock, so the type is
/// safe to share.
final class FreeTypeFace: @unchecked Sendable {
    private let data: FontData
    private let library: FT_Library
    /// The FreeType face. Its glyph slot is mutable: touch it only while holding `renderLock`.
    let face: FT_Face
    /// Serializes every use of `face` after `init`.
    let renderLock = Lock(())

    /// The number of faces in the file (more than one for `.ttc` collections).
    let faceCount: Int
    /// The family and style names FreeType reports, for display.
    let familyName: String
    /// The style name, e.g. "Regular".
    let styleName: String
    /// Vertical metrics from hhea or OS/2.
    let metrics: FontMetrics
    /// Whether the face carries bitmap strikes only (color emoji fonts).
    let hasFixedSizesOnly: Bool
    /// Whether FreeType reports color glyphs (CBDT/sbix bitmaps or COLR layers).
    let hasColorGlyphs: Bool

    init(data: FontData, faceIndex: Int) throws {
        self.data = data
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else { throw FontError.unreadable(data.origin) }
        var probe: FT_Face?
        // Index 0 always exists in a valid font; it tells how many faces the file holds.
        guard data.bytes.count > 0,
              FT_New_Memory_Face(lib, data.bytes.baseAddress!.assumingMemoryBound(to: FT_Byte.self),
                                 FT_Long(data.bytes.count), 0, &probe) == 0, let probe else {
            FT_Done_FreeType(lib)
            throw FontError.notAFont(data.origin)
        }
        let count = Int(probe.pointee.num_faces)
        var chosen: FT_Face = probe
        if faceIndex != 0 {
            FT_Done_Face(probe)
            var other: FT_Face?
            guard faceIndex > 0, faceIndex < count,
                  FT_New_Memory_Face(lib, data.bytes.baseAddress!.assumingMemoryBound(to: FT_Byte.self),
                                     FT_Long(data.bytes.count), FT_Long(faceIndex), &other) == 0, let other else {
                FT_Done_FreeType(lib)
                throw FontError.faceIndexOutOfRange(path: data.origin, index: faceIndex, faceCount: count)
            }
            chosen = other
        }
        guard let metrics = FreeTypeFace.readMetrics(chosen) else {
            FT_Done_Face(chosen)
            FT_Done_FreeType(lib)
            throw FontError.missingTable(path: data.origin, table: "hhea")
        }
        self.library = lib
        self.face = chosen
        self.faceCount = count
        self.metrics = metrics
        self.familyName = chosen.pointee.family_name.map { String(cString: $0) } ?? ""
        self.styleName = chosen.pointee.style_name.map { String(cString: $0) } ?? ""
        self.hasColorGlyphs = (chosen.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR)) != 0
        self.hasFixedSizesOnly = (chosen.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE)) == 0
            || chosen.pointee.num_fixed_sizes > 0 && (chosen.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR)) != 0
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// Reads `hhea` and `OS/2` as raw tables: FreeType does not parse them for faces with
    /// bitmap strikes only (Noto Color Emoji), and the raw bytes are the same for every face.
    private static func readMetrics(_ face: FT_Face) -> FontMetrics? {
        // FreeType reports 0 units per em for bitmap-only faces: read `head` itself.
        guard let head = rawTable(face, "head"), head.count >= 20 else { return nil }
        let upem = head.uint16(at: 18)
        guard upem > 0, let hhea = rawTable(face, "hhea"), hhea.count >= 10 else { return nil }
        var ascender = hhea.int16(at: 4)
        var descender = hhea.int16(at: 6)
        var lineGap = hhea.int16(at: 8)
        var capHeight: Int?
        var xHeight: Int?
        var typo = false
        if let os2 = rawTable(face, "OS/2"), os2.count >= 78 {
            if os2.uint16(at: 62) & (1 << 7) != 0 {
                ascender = os2.int16(at: 68)
                descender = os2.int16(at: 70)
                lineGap = os2.int16(at: 72)
                typo = true
            }
            if os2.uint16(at: 0) >= 2, os2.count >= 90 {
                xHeight = os2.int16(at: 86)
                capHeight = os2.int16(at: 88)
            }
        }
        return FontMetrics(unitsPerEm: upem, ascender: ascender, descender: descender, lineGap: lineGap,
                           capHeight: capHeight, xHeight: xHeight, usesTypographicMetrics: typo)
    }

    private static func rawTable(_ face: FT_Face, _ tag: String) -> [UInt8]? {
        let bytes = Array(tag.utf8)
        let code = FT_ULong(bytes[0]) << 24 | FT_ULong(bytes[1]) << 16 | FT_ULong(bytes[2]) << 8 | FT_ULong(bytes[3])
        var length: FT_ULong = 0
        guard FT_Load_Sfnt_Table(face, code, 0, nil, &length) == 0, length > 0 else { return nil }
        var table = [UInt8](repeating: 0, count: Int(length))
        guard FT_Load_Sfnt_Table(face, code, 0, &table, &length) == 0 else { return nil }
        return table
    }
}

private extension [UInt8] {
    func uint16(at offset: Int) -> Int { Int(self[offset]) << 8 | Int(self[offset + 1]) }
    func int16(at offset: Int) -> Int { Int(Int16(bitPattern: UInt16(uint16(at: offset)))) }
}
