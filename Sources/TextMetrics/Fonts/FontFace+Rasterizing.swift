/// Drawing support: glyph bitmaps from the face.
extension FontFace {
    /// The glyph `glyphID` rasterized at `pixelsPerEm` pixels per em, for drawing.
    ///
    /// Outlines are rendered unhinted, as Core Text renders them, so shapes and spacing stay
    /// true to the measured advances; color bitmap fonts (emoji) pick the nearest bitmap
    /// strike and scale it to the size. `offsetX` and `offsetY` (fractions of a pixel,
    /// rightwards and downwards) shift an outline before it is rasterized, so a glyph whose
    /// origin falls between pixels is drawn exactly where it belongs.
    ///
    /// ```swift
    /// let face = try FontLibrary.shared.face(named: "Roboto-Regular")
    /// let image = face.glyphImage(glyphID: 44, pixelsPerEm: 30)  // 15 pt at 2×
    /// ```
    ///
    /// - Returns: the image (empty for a glyph with no ink), or `nil` when the face cannot
    ///   render the glyph (an id beyond the font's glyph count, a size that is not positive).
    public func glyphImage(glyphID: UInt32, pixelsPerEm: Double, offsetX: Double = 0, offsetY: Double = 0) -> GlyphImage? {
        guard pixelsPerEm.isFinite, pixelsPerEm > 0, offsetX.isFinite, offsetY.isFinite else { return nil }
        return freeType.rasterize(glyphID: glyphID, pixelsPerEm: pixelsPerEm, offsetX: offsetX, offsetY: offsetY)
    }

    /// The glyph the font maps `scalar` to, or `nil` when it has none.
    public func glyphID(for scalar: Unicode.Scalar) -> UInt32? {
        var placements: [GlyphPlacement] = []
        var bytes = Array(String(scalar).utf8)
        bytes.withUnsafeMutableBufferPointer { buffer in
            shaper.place(UnsafeBufferPointer(buffer), range: 0..<buffer.count, into: &placements)
        }
        guard placements.count == 1, placements[0].glyphID != 0 else { return nil }
        return placements[0].glyphID
    }
}
