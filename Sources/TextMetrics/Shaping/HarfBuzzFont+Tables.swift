import CHarfBuzz

/// What the fast measuring paths read of a face's tables through HarfBuzz: the characters
/// its `cmap` maps, the lookups its features hold, glyph classes and advances.
extension HarfBuzzFont {
    /// The ranges of code points the face's `cmap` maps, in increasing order.
    func mappedRanges() -> [ClosedRange<UInt32>] {
        let set = hb_set_create()
        defer { hb_set_destroy(set) }
        hb_face_collect_unicodes(face, set)
        var ranges: [ClosedRange<UInt32>] = []
        var first: hb_codepoint_t = 0
        var last: hb_codepoint_t = UInt32.max  // HB_SET_VALUE_INVALID: start from the beginning
        while hb_set_next_range(set, &first, &last) != 0 { ranges.append(first...last) }
        return ranges
    }

    /// The nominal advance, in font units, of each character of `ranges` that `qualifies`
    /// and whose glyph no OpenType lookup of `features` can touch: shaping such a character
    /// with those features yields its `cmap` glyph with its `hmtx` advance, whatever text
    /// surrounds it.
    ///
    /// A glyph is touched when it appears in any set `hb_ot_layout_lookup_collect_glyphs`
    /// reports (backtrack, input, lookahead or output) for a lookup that a feature of
    /// `features`, or a required feature, holds in any language system of `GSUB` or `GPOS`.
    /// A lookup only nested in a contextual one acts on glyphs of that one's input, so it
    /// touches nothing more. When a feature variation of a table applies at the default
    /// instance (which may swap lookups in), all its lookups count.
    /// Mark glyphs (GDEF class 3) are left out, since HarfBuzz zeroes their advances. A face
    /// with tables HarfBuzz shapes with outside OpenType layout (`kern`, `kerx`, `morx`,
    /// `mort`, `trak`) gives nothing.
    func contextFreeAdvances(of ranges: [ClosedRange<UInt32>], features: Set<String>,
                             where qualifies: (UInt32) -> Bool) -> [(scalar: UInt32, advance: Int32)] {
        guard !hasOtherLayoutTables else { return [] }
        let touched = hb_set_create()
        defer { hb_set_destroy(touched) }
        for name in ["GSUB", "GPOS"] {
            let table = HarfBuzzFont.tag(name)
            // The lookups of `features` in any language system; every lookup when a feature
            // variation applies at the default instance, which may swap lookups in.
            var variations: UInt32 = 0
            let lookups = hb_ot_layout_table_find_feature_variations(face, table, nil, 0, &variations) != 0
                ? Set(0..<Int(hb_ot_layout_table_get_lookup_count(face, table)))
                : lookupsPerLanguageSystem(name, features: features).reduce(into: Set<Int>()) { $0.formUnion($1) }
            for lookup in lookups {
                hb_ot_layout_lookup_collect_glyphs(face, table, UInt32(lookup), touched, touched, touched, touched)
            }
        }
        var found: [(scalar: UInt32, advance: Int32)] = []
        for range in ranges {
            for scalar in range where qualifies(scalar) {
                var glyph: hb_codepoint_t = 0
                guard hb_font_get_nominal_glyph(font, scalar, &glyph) != 0, hb_set_has(touched, glyph) == 0,
                      hb_ot_layout_get_glyph_class(face, glyph) != HB_OT_LAYOUT_GLYPH_CLASS_MARK else { continue }
                found.append((scalar, hb_font_get_glyph_h_advance(font, glyph)))
            }
        }
        return found
    }

    /// Whether the face has tables HarfBuzz shapes with outside OpenType layout: `kern`,
    /// `kerx`, `morx`, `mort` or `trak`.
    var hasOtherLayoutTables: Bool {
        ["kern", "kerx", "morx", "mort", "trak"].contains { tag in
            let blob = hb_face_reference_table(face, HarfBuzzFont.tag(tag))
            defer { hb_blob_destroy(blob) }
            return hb_blob_get_length(blob) > 0
        }
    }

    /// A checksum of everything measuring reads of the face: its table directory (every
    /// table's tag and length), and the bytes of every table but those that only draw glyphs
    /// (outlines, bitmaps, color layers, hinting programs, names) — so a font whose `cmap`,
    /// `hmtx`, `GSUB`, `GPOS`, `GDEF`, … differ by one byte, or that gains or loses a table,
    /// has another checksum. SipHash-1-3 under a fixed key: the same on every machine and in
    /// every process, so precomputed tables can be found by it (``FaceTables``).
    ///
    /// - Complexity: one pass over those tables (about 350 KB for WenQuanYi Micro Hei, 30 KB for
    ///   Roboto; Noto Color Emoji's 10 MB of bitmaps are left out).
    func layoutChecksum() -> UInt64 {
        var count = hb_face_get_table_tags(face, 0, nil, nil)
        var tags = [hb_tag_t](repeating: 0, count: Int(count))
        _ = hb_face_get_table_tags(face, 0, &count, &tags)
        var summary: [UInt8] = []
        var digests: [UInt64] = []
        for tag in tags.prefix(Int(count)).sorted() {
            let blob = hb_face_reference_table(face, tag)
            defer { hb_blob_destroy(blob) }
            var length: UInt32 = 0
            let data = hb_blob_get_data(blob, &length)
            for shift in [24, 16, 8, 0] as [UInt32] { summary.append(UInt8(truncatingIfNeeded: tag >> shift)) }
            for shift in [24, 16, 8, 0] as [UInt32] { summary.append(UInt8(truncatingIfNeeded: length >> shift)) }
            guard !HarfBuzzFont.drawingTables.contains(HarfBuzzFont.name(tag)), let data, length > 0 else { continue }
            digests.append(ByteHash.sipHash13(UnsafeRawBufferPointer(start: data, count: Int(length)),
                                              key: HarfBuzzFont.checksumKey))
        }
        for digest in digests { withUnsafeBytes(of: digest.littleEndian) { summary.append(contentsOf: $0) } }
        return summary.withUnsafeBytes { ByteHash.sipHash13($0, key: HarfBuzzFont.checksumKey) }
    }

    /// Tables that only draw glyphs, which ``layoutChecksum()`` counts by their length alone.
    static let drawingTables: Set<String> = [
        "glyf", "loca", "CFF ", "CFF2", "CBDT", "CBLC", "sbix", "SVG ", "EBDT", "EBLC", "EBSC", "COLR", "CPAL",
        "gvar", "cvt ", "fpgm", "prep", "gasp", "hdmx", "LTSH", "VDMX", "name", "post", "DSIG", "meta",
    ]

    /// The fixed SipHash key of ``layoutChecksum()``.
    private static let checksumKey: (UInt64, UInt64) = (0x5465_7874_4D65_7472, 0x6963_7346_6163_6573)

    /// The version of HarfBuzz shaping here (`"6.0.0"`): what precomputed tables were checked
    /// against.
    static var version: String { String(cString: hb_version_string()) }

    /// A copy of the table tagged `tag`; empty when the face has none.
    func tableBytes(_ tag: String) -> [UInt8] {
        let blob = hb_face_reference_table(face, HarfBuzzFont.tag(tag))
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return [] }
        return data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) { Array(UnsafeBufferPointer(start: $0, count: Int(length))) }
    }

    /// The script tags of the ScriptList of `table` (`"GSUB"` or `"GPOS"`).
    func scriptTags(_ table: String) -> [String] {
        let table = HarfBuzzFont.tag(table)
        var count = hb_ot_layout_table_get_script_tags(face, table, 0, nil, nil)
        var tags = [hb_tag_t](repeating: 0, count: Int(count))
        _ = hb_ot_layout_table_get_script_tags(face, table, 0, &count, &tags)
        return tags.prefix(Int(count)).map(HarfBuzzFont.name)
    }

    /// For every language system of `table` (each script's default one and its languages),
    /// the lookups its required feature and its features tagged one of `features` hold.
    func lookupsPerLanguageSystem(_ table: String, features: Set<String>) -> [Set<Int>] {
        let table = HarfBuzzFont.tag(table)
        let scriptCount = hb_ot_layout_table_get_script_tags(face, table, 0, nil, nil)
        var systems: [Set<Int>] = []
        for script in 0..<scriptCount {
            let languageCount = hb_ot_layout_script_get_language_tags(face, table, script, 0, nil, nil)
            let languages = [UInt32(HB_OT_LAYOUT_DEFAULT_LANGUAGE_INDEX)] + Array(0..<languageCount)
            for language in languages {
                systems.append(lookups(table, script: script, language: language, features: features))
            }
        }
        return systems
    }

    /// The lookups of one language system (see ``lookupsPerLanguageSystem(_:features:)``).
    private func lookups(_ table: hb_tag_t, script: UInt32, language: UInt32, features: Set<String>) -> Set<Int> {
        let featureCount = hb_ot_layout_language_get_feature_indexes(face, table, script, language, 0, nil, nil)
        var indexes = [UInt32](repeating: 0, count: Int(featureCount))
        var tags = [hb_tag_t](repeating: 0, count: Int(featureCount))
        var count = featureCount
        _ = hb_ot_layout_language_get_feature_indexes(face, table, script, language, 0, &count, &indexes)
        count = featureCount
        _ = hb_ot_layout_language_get_feature_tags(face, table, script, language, 0, &count, &tags)
        var chosen = zip(indexes, tags).filter { features.contains(HarfBuzzFont.name($0.1)) }.map(\.0)
        var required: UInt32 = 0
        if hb_ot_layout_language_get_required_feature(face, table, script, language, &required, nil) != 0 {
            chosen.append(required)
        }
        var lookups = Set<Int>()
        for feature in chosen {
            var lookupCount = hb_ot_layout_feature_get_lookups(face, table, feature, 0, nil, nil)
            var found = [UInt32](repeating: 0, count: Int(lookupCount))
            _ = hb_ot_layout_feature_get_lookups(face, table, feature, 0, &lookupCount, &found)
            lookups.formUnion(found.prefix(Int(lookupCount)).map(Int.init))
        }
        return lookups
    }

    /// The glyphs lookup `lookup` of `table` may change or position (its input sets), as
    /// `hb_ot_layout_lookup_collect_glyphs` reports them.
    func inputGlyphs(_ table: String, lookup: Int) -> Set<UInt32> {
        let input = hb_set_create()
        defer { hb_set_destroy(input) }
        hb_ot_layout_lookup_collect_glyphs(face, HarfBuzzFont.tag(table), UInt32(lookup), nil, input, nil, nil)
        var glyphs = Set<UInt32>()
        var glyph: hb_codepoint_t = UInt32.max  // HB_SET_VALUE_INVALID: start from the beginning
        while hb_set_next(input, &glyph) != 0 { glyphs.insert(glyph) }
        return glyphs
    }

    /// The `cmap` glyph of `scalar`, or `nil` when the face has none.
    func nominalGlyph(_ scalar: UInt32) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar, &glyph) != 0 && glyph != 0 ? glyph : nil
    }

    /// The `hmtx` advance of `glyph` in font units.
    func advance(ofGlyph glyph: UInt32) -> Int32 {
        hb_font_get_glyph_h_advance(font, glyph)
    }

    /// Whether `GDEF` classes `glyph` as a base glyph or not at all (not a ligature,
    /// mark or component).
    func isBaseOrUnclassified(_ glyph: UInt32) -> Bool {
        let glyphClass = hb_ot_layout_get_glyph_class(face, glyph)
        return glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_UNCLASSIFIED || glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_BASE_GLYPH
    }

    /// The four letters of a packed tag.
    static func name(_ tag: hb_tag_t) -> String {
        String(decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: tag >> $0) }, as: UTF8.self)
    }

    /// A four-letter OpenType tag packed as HarfBuzz packs it (`HB_TAG`).
    private static func tag(_ name: String) -> hb_tag_t {
        name.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }
}
