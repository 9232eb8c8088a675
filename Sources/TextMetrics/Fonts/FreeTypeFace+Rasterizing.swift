import CFreeType

/// Glyph rasterization with FreeType: unhinted outlines at any size, color bitmap strikes
/// scaled to the size asked for. Every call holds `renderLock`, since loading a glyph
/// mutates the face's size and glyph slot.
extension FreeTypeFace {
    /// The glyph `glyphID` rasterized at `pixelsPerEm`, its outline shifted right by
    /// `offsetX` and down by `offsetY` pixels (fractions of a pixel, for exact placement);
    /// `nil` when FreeType cannot load or render it.
    func rasterize(glyphID: UInt32, pixelsPerEm: Double, offsetX: Double, offsetY: Double) -> GlyphImage? {
        renderLock.withLock { _ in
            hasFixedSizesOnly
                ? rasterizeStrike(glyphID: glyphID, pixelsPerEm: pixelsPerEm)
                : rasterizeOutline(glyphID: glyphID, pixelsPerEm: pixelsPerEm, offsetX: offsetX, offsetY: offsetY)
        }
    }

    // MARK: - Outlines

    private func rasterizeOutline(glyphID: UInt32, pixelsPerEm: Double, offsetX: Double, offsetY: Double) -> GlyphImage? {
        let size = FT_F26Dot6((pixelsPerEm * 64).rounded())
        guard size > 0, FT_Set_Char_Size(face, 0, size, 72, 72) == 0 else { return nil }
        var delta = FT_Vector(x: FT_Pos((offsetX * 64).rounded()), y: FT_Pos((-offsetY * 64).rounded()))
        FT_Set_Transform(face, nil, &delta)
        defer { FT_Set_Transform(face, nil, nil) }
        let flags = FT_Int32(FT_LOAD_NO_HINTING) | FT_Int32(FT_LOAD_NO_BITMAP)
        guard FT_Load_Glyph(face, glyphID, flags) == 0, let slot = face.pointee.glyph,
              FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
        return copyBitmap(of: slot, scale: 1)
    }

    // MARK: - Bitmap strikes

    private func rasterizeStrike(glyphID: UInt32, pixelsPerEm: Double) -> GlyphImage? {
        guard let strike = bestStrike(for: pixelsPerEm), FT_Select_Size(face, FT_Int(strike.index)) == 0 else { return nil }
        guard FT_Load_Glyph(face, glyphID, FT_Int32(FT_LOAD_COLOR)) == 0, let slot = face.pointee.glyph else { return nil }
        if slot.pointee.format != FT_GLYPH_FORMAT_BITMAP, FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) != 0 { return nil }
        return copyBitmap(of: slot, scale: pixelsPerEm / strike.pixelsPerEm)
    }

    /// The smallest strike at least as large as asked (downscaling keeps detail), else the largest.
    private func bestStrike(for pixelsPerEm: Double) -> (index: Int, pixelsPerEm: Double)? {
        let count = Int(face.pointee.num_fixed_sizes)
        guard count > 0, let sizes = face.pointee.available_sizes else { return nil }
        var best: (index: Int, pixelsPerEm: Double)?
        for i in 0..<count {
            let ppem = Double(sizes[i].y_ppem) / 64
            guard ppem > 0 else { continue }
            guard let current = best else { best = (i, ppem); continue }
            let fits = ppem >= pixelsPerEm
            let currentFits = current.pixelsPerEm >= pixelsPerEm
            if fits && (!currentFits || ppem < current.pixelsPerEm) || !fits && !currentFits && ppem > current.pixelsPerEm {
                best = (i, ppem)
            }
        }
        return best
    }

    // MARK: - Copying out of the glyph slot

    private func copyBitmap(of slot: FT_GlyphSlot, scale: Double) -> GlyphImage? {
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width)
        let height = Int(bitmap.rows)
        let left = Int(slot.pointee.bitmap_left)
        let top = Int(slot.pointee.bitmap_top)
        guard width > 0, height > 0, let buffer = bitmap.buffer else {
            return GlyphImage(width: 0, height: 0, left: left, top: top, format: .coverage, pixels: [])
        }
        let pitch = Int(bitmap.pitch)
        // A negative pitch means rows are stored bottom-up; the buffer points at the first row in memory.
        let rowStart = { (row: Int) -> Int in pitch >= 0 ? row * pitch : (height - 1 - row) * -pitch }
        let image: GlyphImage
        switch Int32(bitmap.pixel_mode) {
        case Int32(FT_PIXEL_MODE_GRAY.rawValue):
            let levels = max(1, Int(bitmap.num_grays) - 1)
            var pixels = [UInt8](repeating: 0, count: width * height)
            for row in 0..<height {
                let start = rowStart(row)
                for column in 0..<width {
                    let value = Int(buffer[start + column])
                    pixels[row * width + column] = UInt8(levels == 255 ? value : value * 255 / levels)
                }
            }
            image = GlyphImage(width: width, height: height, left: left, top: top, format: .coverage, pixels: pixels)
        case Int32(FT_PIXEL_MODE_MONO.rawValue):
            var pixels = [UInt8](repeating: 0, count: width * height)
            for row in 0..<height {
                let start = rowStart(row)
                for column in 0..<width where buffer[start + column / 8] & (0x80 >> UInt8(column % 8)) != 0 {
                    pixels[row * width + column] = 255
                }
            }
            image = GlyphImage(width: width, height: height, left: left, top: top, format: .coverage, pixels: pixels)
        case Int32(FT_PIXEL_MODE_BGRA.rawValue):
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            for row in 0..<height {
                let start = rowStart(row)
                for byte in 0..<(width * 4) { pixels[row * width * 4 + byte] = buffer[start + byte] }
            }
            image = GlyphImage(width: width, height: height, left: left, top: top, format: .bgra, pixels: pixels)
        default:
            return nil
        }
        return abs(scale - 1) < 1e-9 ? image : GlyphImage.resampled(image, by: scale)
    }
}

extension GlyphImage {
    /// `image` scaled by `factor` with area averaging: each output pixel is the mean of the
    /// source area it covers (a box filter, which neither aliases when shrinking nor blurs
    /// more than a pixel when enlarging). Premultiplied BGRA averages correctly as is.
    static func resampled(_ image: GlyphImage, by factor: Double) -> GlyphImage {
        let width = max(1, Int((Double(image.width) * factor).rounded(.up)))
        let height = max(1, Int((Double(image.height) * factor).rounded(.up)))
        let channels = image.bytesPerPixel
        var pixels = [UInt8](repeating: 0, count: width * height * channels)
        var sums = [Double](repeating: 0, count: channels)
        for y in 0..<height {
            let sy0 = Double(y) / factor
            let sy1 = min(Double(y + 1) / factor, Double(image.height))
            for x in 0..<width {
                let sx0 = Double(x) / factor
                let sx1 = min(Double(x + 1) / factor, Double(image.width))
                for c in 0..<channels { sums[c] = 0 }
                var area = 0.0
                var sy = Int(sy0)
                while Double(sy) < sy1 {
                    let wy = min(Double(sy + 1), sy1) - max(Double(sy), sy0)
                    var sx = Int(sx0)
                    while Double(sx) < sx1 {
                        let w = wy * (min(Double(sx + 1), sx1) - max(Double(sx), sx0))
                        let base = (sy * image.width + sx) * channels
                        for c in 0..<channels { sums[c] += w * Double(image.pixels[base + c]) }
                        sx += 1
                    }
                    sy += 1
                }
                // Parts of the last row or column beyond the source count as transparent.
                area = 1 / (factor * factor)
                for c in 0..<channels {
                    pixels[(y * width + x) * channels + c] = UInt8(min(255, (sums[c] / area).rounded()))
                }
            }
        }
        return GlyphImage(width: width, height: height, left: Int((Double(image.left) * factor).rounded()),
                          top: Int((Double(image.top) * factor).rounded()), format: image.format, pixels: pixels)
    }
}
