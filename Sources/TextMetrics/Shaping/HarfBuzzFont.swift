import TextSegmentation
import CHarfBuzz

/// A HarfBuzz font over a font's bytes, scaled to units per em: the only HarfBuzz code.
///
/// `hb_font_t` is immutable after creation and HarfBuzz documents it as safe to shape with
/// from many threads at once; scratch buffers come from a small pool so no thread waits
/// on another while shaping.
final class HarfBuzzFont: @unchecked Sendable {
    private let data: FontData
    private let blob: OpaquePointer
    private let face: OpaquePointer
    private let font: OpaquePointer
    private let buffers = Lock<[BufferHandle]>([])

    /// Units per em, the scale the font is set to.
    let unitsPerEm: Int32

    init(data: FontData, faceIndex: Int) {
        self.data = data
        blob = hb_blob_create(
            data.bytes.baseAddress!.assumingMemoryBound(to: CChar.self), UInt32(data.bytes.count),
            HB_MEMORY_MODE_READONLY, nil, nil)
        face = hb_face_create(blob, UInt32(faceIndex))
        hb_face_make_immutable(face)
        font = hb_font_create(face)
        let upem = Int32(hb_face_get_upem(face))
        unitsPerEm = upem
        hb_font_set_scale(font, upem, upem)
        hb_font_make_immutable(font)
    }

    deinit {
        for buffer in buffers.withLock({ $0 }) { hb_buffer_destroy(buffer.pointer) }
        hb_font_destroy(font)
        hb_face_destroy(face)
        hb_blob_destroy(blob)
    }

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
    private static func name(_ tag: hb_tag_t) -> String {
        String(decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: tag >> $0) }, as: UTF8.self)
    }

    /// A four-letter OpenType tag packed as HarfBuzz packs it (`HB_TAG`).
    private static func tag(_ name: String) -> hb_tag_t {
        name.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }

    /// Shapes `text[range]` with the rest of `text` as context (none when `properties` read
    /// against the script's direction: ``readsAgainstScript(_:)``), appending glyphs in
    /// logical (increasing cluster) order to `glyphs`.
    ///
    /// - Parameters:
    ///   - text: the whole UTF-8 text; clusters are byte offsets into it.
    ///   - range: the bytes to shape.
    ///   - properties: script, direction and language; `nil` lets HarfBuzz guess them.
    func shape(_ text: UnsafeBufferPointer<UInt8>, range: Range<Int>, properties: ShapingProperties? = nil,
               into glyphs: inout [ShapedGlyph]) {
        withShaped(text, range: range, properties: properties) { buffer, infos, positions, n in
            glyphs.reserveCapacity(glyphs.count + n)
            let reversed = HB_DIRECTION_IS_BACKWARD(hb_buffer_get_direction(buffer))
            for k in 0..<n {
                let i = reversed ? n - 1 - k : k
                let flags = hb_glyph_info_get_glyph_flags(infos.advanced(by: i))
                glyphs.append(ShapedGlyph(
                    cluster: Int32(infos[i].cluster),
                    advance: positions[i].x_advance,
                    isUnsafeToBreak: flags.rawValue & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0,
                    isMissing: infos[i].codepoint == 0))
            }
        }
    }

    /// Shapes `text[range]` as ``shape(_:range:properties:into:)`` does, for drawing: glyph ids with
    /// their advances and offsets, appended to `placements` in visual (left-to-right) order.
    func place(_ text: UnsafeBufferPointer<UInt8>, range: Range<Int>, properties: ShapingProperties? = nil,
               into placements: inout [GlyphPlacement]) {
        withShaped(text, range: range, properties: properties) { _, infos, positions, count in
            placements.reserveCapacity(placements.count + count)
            for i in 0..<count {
                placements.append(GlyphPlacement(
                    glyphID: infos[i].codepoint, cluster: Int32(infos[i].cluster),
                    xAdvance: positions[i].x_advance, yAdvance: positions[i].y_advance,
                    xOffset: positions[i].x_offset, yOffset: positions[i].y_offset))
            }
        }
    }

    /// How many characters on each side of the range shaped HarfBuzz reads as context
    /// (`HB_BUFFER_CONTEXT_LENGTH`): the text around it decides Arabic joining, for one.
    static let contextLength = 5

    /// Shapes `text[range]` in a pooled buffer and hands `body` the buffer, its glyph infos,
    /// its positions and the glyph count (nothing when the range is empty).
    private func withShaped(_ text: UnsafeBufferPointer<UInt8>, range: Range<Int>, properties: ShapingProperties?,
                            _ body: (OpaquePointer, UnsafeMutablePointer<hb_glyph_info_t>,
                                     UnsafeMutablePointer<hb_glyph_position_t>, Int) -> Void) {
        guard !range.isEmpty else { return }
        let buffer = takeBuffer()
        defer { returnBuffer(buffer) }
        // The whole text, so HarfBuzz reads the context around the range; or the range alone.
        let alone = properties.map(HarfBuzzFont.readsAgainstScript) ?? false
        let textStart = alone ? range.lowerBound : 0
        let textCount = alone ? range.count : text.count
        text.withMemoryRebound(to: CChar.self) { chars in
            hb_buffer_add_utf8(buffer, chars.baseAddress! + textStart, Int32(textCount),
                               UInt32(range.lowerBound - textStart), Int32(range.count))
        }
        var count: UInt32 = 0
        if textStart != 0, let infos = hb_buffer_get_glyph_infos(buffer, &count) {
            // Clusters are byte offsets into the whole text.
            for i in 0..<Int(count) { infos[i].cluster += UInt32(textStart) }
        }
        apply(properties, to: buffer)
        hb_shape(font, buffer, nil, 0)
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, nil) else { return }
        body(buffer, infos, positions, Int(count))
    }

    /// Sets the buffer's script, direction and language where given; HarfBuzz guesses the rest.
    private func apply(_ properties: ShapingProperties?, to buffer: OpaquePointer) {
        if let properties {
            hb_buffer_set_direction(buffer, properties.isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
            hb_buffer_set_script(buffer, hb_script_t(rawValue: properties.scriptTag))
            if let language = properties.language?.tag {
                hb_buffer_set_language(buffer, hb_language_from_string(language, Int32(language.utf8.count)))
            }
        }
        hb_buffer_guess_segment_properties(buffer)
    }

    private func takeBuffer() -> OpaquePointer {
        if let buffer = buffers.withLock({ $0.popLast() }) { return buffer.pointer }
        return hb_buffer_create()
    }

    private func returnBuffer(_ buffer: OpaquePointer) {
        hb_buffer_clear_contents(buffer)
        let kept = buffers.withLock { pool -> Bool in
            guard pool.count < 8 else { return false }
            pool.append(BufferHandle(pointer: buffer))
            return true
        }
        if !kept { hb_buffer_destroy(buffer) }
    }
}

extension HarfBuzzFont {
    /// Whether HarfBuzz, guessing a buffer's properties from its text, shapes text of `script`
    /// right to left (Arabic, Hebrew, Syriac…).
    static func guessesRightToLeft(_ script: UnicodeScript) -> Bool {
        horizontalDirections[Int(script.rawValue)] == HB_DIRECTION_RTL
    }

    /// For every script's raw value, HarfBuzz's horizontal direction for it (`HB_DIRECTION_INVALID`
    /// for the few scripts written either way, and for raw values that name no script).
    private static let horizontalDirections: [hb_direction_t] = (0...Int(UInt8.max)).map { raw in
        guard let script = UnicodeScript(rawValue: UInt8(raw)) else { return HB_DIRECTION_INVALID }
        let tag = ShapingProperties(script: script, isRightToLeft: false, language: nil).scriptTag
        return hb_script_get_horizontal_direction(hb_script_t(rawValue: tag))
    }

    /// Whether `properties` shape against their script's own direction: Arabic at an even
    /// bidi level (a number sign with the letter after it in one grapheme cluster, or text
    /// under a left-to-right override), Latin at an odd one.
    ///
    /// HarfBuzz shapes such a buffer in the script's direction, its grapheme clusters
    /// reversed, but leaves the text around the buffer where it was: what came before the
    /// range is read as if it came after it, and the reverse. The last letter of `؂ ؃ت` took
    /// its final form from a ل in front of the whole range. So these ranges are shaped with no
    /// text around them: their glyphs depend on their own characters alone, as the segment
    /// cache, which keys a segment by its bytes, needs them to.
    static func readsAgainstScript(_ properties: ShapingProperties) -> Bool {
        horizontalDirections[Int(properties.script.rawValue)]
            == (properties.isRightToLeft ? HB_DIRECTION_LTR : HB_DIRECTION_RTL)
    }
}

/// An `hb_buffer_t` parked in the pool; only one thread holds it at a time.
private struct BufferHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// `HB_DIRECTION_IS_BACKWARD` is a macro; this is its Swift form.
private func HB_DIRECTION_IS_BACKWARD(_ direction: hb_direction_t) -> Bool {
    (direction.rawValue & ~UInt32(2)) == 5
}
