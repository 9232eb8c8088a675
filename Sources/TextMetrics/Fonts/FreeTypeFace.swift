import CFreeType
import Synchronization

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
    let renderLock = Mutex(())

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
        self.hasFixedSizesOnly = (chosen.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE)) == 0
            || chosen.pointee.num_fixed_sizes > 0 && (chosen.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR)) != 0
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    private static func readMetrics(_ face: FT_Face) -> FontMetrics? {
        let upem = Int(face.pointee.units_per_EM)
        guard upem > 0,
              let hheaRaw = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA) else { return nil }
        let hhea = hheaRaw.assumingMemoryBound(to: TT_HoriHeader.self).pointee
        var ascender = Int(hhea.Ascender)
        var descender = Int(hhea.Descender)
        var lineGap = Int(hhea.Line_Gap)
        var capHeight: Int?
        var xHeight: Int?
        var typo = false
        if let os2Raw = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) {
            let os2 = os2Raw.assumingMemoryBound(to: TT_OS2.self).pointee
            if os2.version != 0xFFFF {
                if os2.fsSelection & (1 << 7) != 0 {
                    ascender = Int(os2.sTypoAscender)
                    descender = Int(os2.sTypoDescender)
                    lineGap = Int(os2.sTypoLineGap)
                    typo = true
                }
                if os2.version >= 2 {
                    capHeight = Int(os2.sCapHeight)
                    xHeight = Int(os2.sxHeight)
                }
            }
        }
        return FontMetrics(unitsPerEm: upem, ascender: ascender, descender: descender, lineGap: lineGap,
                           capHeight: capHeight, xHeight: xHeight, usesTypographicMetrics: typo)
    }
}
