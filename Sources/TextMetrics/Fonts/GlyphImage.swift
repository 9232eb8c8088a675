/// A glyph rasterized at one size: a small bitmap and where it sits relative to the pen.
///
/// Outline glyphs come as 8-bit coverage (0 = empty, 255 = fully inside the outline), to be
/// blended in the text's color; color glyphs (emoji bitmap strikes) come as premultiplied
/// BGRA pixels, drawn as they are. Rows run top to bottom with no padding.
///
/// Place the bitmap's top-left pixel at `(penX + left, baselineY - top)` in pixel
/// coordinates (y growing downwards).
public struct GlyphImage: Hashable, Sendable {
    /// How the pixels are stored.
    public enum Format: Hashable, Sendable {
        /// One byte per pixel: how much of the pixel the glyph covers.
        case coverage
        /// Four bytes per pixel: blue, green, red, alpha, with color premultiplied by alpha.
        case bgra
    }

    /// The bitmap's width in pixels (0 for a glyph that draws nothing, such as a space).
    public var width: Int
    /// The bitmap's height in pixels.
    public var height: Int
    /// Pixels from the pen position rightwards to the bitmap's left column.
    public var left: Int
    /// Pixels from the baseline upwards to the bitmap's top row.
    public var top: Int
    /// How ``pixels`` are stored.
    public var format: Format
    /// `width × height` pixels, row after row, ``bytesPerPixel`` bytes each.
    public var pixels: [UInt8]

    /// Creates a glyph image; `pixels` must hold `width × height × bytesPerPixel` bytes.
    public init(width: Int, height: Int, left: Int, top: Int, format: Format, pixels: [UInt8]) {
        precondition(pixels.count == width * height * (format == .coverage ? 1 : 4), "pixel count does not match the size")
        self.width = width
        self.height = height
        self.left = left
        self.top = top
        self.format = format
        self.pixels = pixels
    }

    /// Bytes per pixel: 1 for coverage, 4 for BGRA.
    public var bytesPerPixel: Int { format == .coverage ? 1 : 4 }

    /// Whether the glyph draws nothing.
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// The coverage (or alpha, for BGRA) of the pixel at column `x`, row `y`.
    public func alpha(x: Int, y: Int) -> UInt8 {
        format == .coverage ? pixels[y * width + x] : pixels[(y * width + x) * 4 + 3]
    }
}
