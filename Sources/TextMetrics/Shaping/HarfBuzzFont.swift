import TextSegmentation
import CHarfBuzz

/// A HarfBuzz font over a font's bytes, scaled to units per em: shaping runs of text into
/// glyphs (the face's OpenType tables are read in `HarfBuzzFont+Tables.swift`).
///
/// `hb_font_t` is immutable after creation and HarfBuzz documents it as safe to shape with
/// from many threads at once; scratch buffers come from a small pool so no thread waits
/// on another while shaping.
final class HarfBuzzFont: @unchecked Sendable {
    private let data: FontData
    private let blob: OpaquePointer
    /// The `hb_face_t` and `hb_font_t`, read by the table queries of `HarfBuzzFont+Tables.swift`.
    let face: OpaquePointer
    let font: OpaquePointer
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

    /// Shapes `text[range]` with the rest of `text` as context (none when `properties` read
    /// against the script's direction: ``readsAgainstScript(_:)``), appending glyphs in
    /// logical (increasing cluster) order to `glyphs`.
    ///
    /// - Parameters:
    ///   - text: the whole UTF-8 text; clusters are byte offsets into it.
    ///   - range: the bytes to shape.
    ///   - properties: script, direction, language and features; `nil` lets HarfBuzz guess them.
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
        if let options = properties?.options, !options.harfBuzzFeatures.isEmpty {
            options.harfBuzzFeatures.withUnsafeBufferPointer { hb_shape(font, buffer, $0.baseAddress, UInt32($0.count)) }
        } else {
            hb_shape(font, buffer, nil, 0)
        }
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, nil) else { return }
        body(buffer, infos, positions, Int(count))
    }

    /// Sets the buffer's script, direction and language where given; HarfBuzz guesses the rest.
    private func apply(_ properties: ShapingProperties?, to buffer: OpaquePointer) {
        if let properties {
            hb_buffer_set_direction(buffer, properties.isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
            hb_buffer_set_script(buffer, hb_script_t(rawValue: properties.scriptTag))
            if let language = properties.options?.language {
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

/// An `hb_buffer_t` parked in the pool; only one thread holds it at a time.
private struct BufferHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// `HB_DIRECTION_IS_BACKWARD` is a macro; this is its Swift form.
private func HB_DIRECTION_IS_BACKWARD(_ direction: hb_direction_t) -> Bool {
    (direction.rawValue & ~UInt32(2)) == 5
}
