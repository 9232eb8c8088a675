/// One glyph as HarfBuzz positioned it, reduced to what measuring needs.
///
/// Advances are in font units: the HarfBuzz font is scaled to units per em, so they are
/// exact, unhinted, and the same at every point size.
struct ShapedGlyph: Sendable {
    /// UTF-8 byte offset of the start of the glyph's cluster in the shaped text.
    var cluster: Int32
    /// Horizontal advance in font units.
    var advance: Int32
    /// HarfBuzz says breaking the line before this glyph would change the shaping.
    var isUnsafeToBreak: Bool
    /// The font has no glyph for this cluster (`.notdef`, glyph 0).
    var isMissing: Bool
}
