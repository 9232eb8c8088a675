import TextMetrics

/// A bitmap to draw into, addressed in points at `scale` pixels per point, like a
/// `UIGraphicsImageRenderer` context on a 1×, 2× or 3× screen.
///
/// Rectangles snap to whole pixels (each edge rounded to the nearest pixel), as frames on
/// the pixel grid do; glyphs are placed in pixels by ``TextRenderer``. Drawing composites
/// with source-over blending.
///
/// ```swift
/// var canvas = Canvas(width: 320, height: 64, scale: 2)   // 640 × 128 pixels
/// canvas.fill(x: 0, y: 0, width: 320, height: 10, color: Color(rgb: 0xFFE9B0))
/// canvas.strokeOutline(x: 10, y: 10, width: 300, height: 44, color: Color(rgb: 0x1E6FFF))
/// try PNGFile.write(canvas.image, to: "cell.png")
/// ```
public struct Canvas: Sendable {
    /// The pixels drawn so far.
    public private(set) var image: PixelImage
    /// Pixels per point.
    public let scale: Double

    /// A canvas of `width × height` points filled with `background`; its pixel size is the
    /// point size times `scale`, rounded to whole pixels.
    public init(width: Double, height: Double, scale: Double, background: Color = .white) {
        precondition(scale.isFinite && scale > 0, "scale must be positive")
        precondition(width.isFinite && height.isFinite && width >= 0 && height >= 0, "canvas size must be finite and not negative")
        self.scale = scale
        self.image = PixelImage(width: Int((width * scale).rounded()), height: Int((height * scale).rounded()), color: background)
    }

    /// The pixel rectangle (half-open ranges, clipped to the canvas) a rectangle in points covers.
    public func pixelRect(x: Double, y: Double, width: Double, height: Double) -> (columns: Range<Int>, rows: Range<Int>) {
        let x0 = clamp(Int((x * scale).rounded()), image.width)
        let x1 = clamp(Int(((x + width) * scale).rounded()), image.width)
        let y0 = clamp(Int((y * scale).rounded()), image.height)
        let y1 = clamp(Int(((y + height) * scale).rounded()), image.height)
        return (x0..<max(x0, x1), y0..<max(y0, y1))
    }

    /// Fills a rectangle given in points, blending when `color` is translucent.
    public mutating func fill(x: Double, y: Double, width: Double, height: Double, color: Color) {
        let rect = pixelRect(x: x, y: y, width: width, height: height)
        fillPixels(columns: rect.columns, rows: rect.rows, color: color)
    }

    /// Outlines a rectangle given in points with a line one pixel wide, drawn just inside
    /// its edges, as `layer.borderWidth = 1 / scale` draws.
    public mutating func strokeOutline(x: Double, y: Double, width: Double, height: Double, color: Color) {
        let rect = pixelRect(x: x, y: y, width: width, height: height)
        guard let left = rect.columns.first, let right = rect.columns.last,
              let top = rect.rows.first, let bottom = rect.rows.last else { return }
        fillPixels(columns: rect.columns, rows: top..<top + 1, color: color)
        if bottom != top { fillPixels(columns: rect.columns, rows: bottom..<bottom + 1, color: color) }
        if rect.rows.count > 2 {
            fillPixels(columns: left..<left + 1, rows: top + 1..<bottom, color: color)
            if right != left { fillPixels(columns: right..<right + 1, rows: top + 1..<bottom, color: color) }
        }
    }

    /// Fills `rect` (in points), blending when `color` is translucent.
    public mutating func fill(_ rect: Rect, color: Color) {
        fill(x: rect.x, y: rect.y, width: rect.width, height: rect.height, color: color)
    }

    /// Outlines `rect` (in points) with a line one pixel wide just inside its edges.
    public mutating func strokeOutline(_ rect: Rect, color: Color) {
        strokeOutline(x: rect.x, y: rect.y, width: rect.width, height: rect.height, color: color)
    }

    /// Draws a glyph image with its origin (pen position on the baseline) at pixel
    /// `(penX, baselineY)`: coverage glyphs are blended in `color`, color glyphs drawn as they are.
    public mutating func draw(_ glyph: GlyphImage, penX: Int, baselineY: Int, color: Color) {
        guard !glyph.isEmpty else { return }
        let originX = penX + glyph.left
        let originY = baselineY - glyph.top
        let columns = max(0, -originX)..<min(glyph.width, image.width - originX)
        let rows = max(0, -originY)..<min(glyph.height, image.height - originY)
        guard !columns.isEmpty, !rows.isEmpty else { return }
        for row in rows {
            for column in columns {
                let target = ((originY + row) * image.width + originX + column) * 4
                switch glyph.format {
                case .coverage:
                    let coverage = glyph.pixels[row * glyph.width + column]
                    guard coverage != 0 else { continue }
                    blend(at: target, red: color.red, green: color.green, blue: color.blue,
                          alpha: UInt8((Int(coverage) * Int(color.alpha) + 127) / 255), premultiplied: false)
                case .bgra:
                    let source = (row * glyph.width + column) * 4
                    guard glyph.pixels[source + 3] != 0 else { continue }
                    blend(at: target, red: glyph.pixels[source + 2], green: glyph.pixels[source + 1],
                          blue: glyph.pixels[source], alpha: glyph.pixels[source + 3], premultiplied: true)
                }
            }
        }
    }

    // MARK: - Pixels

    private mutating func fillPixels(columns: Range<Int>, rows: Range<Int>, color: Color) {
        for row in rows {
            for column in columns {
                blend(at: (row * image.width + column) * 4, red: color.red, green: color.green, blue: color.blue,
                      alpha: color.alpha, premultiplied: false)
            }
        }
    }

    /// Source-over compositing of one pixel onto the straight-alpha pixel at byte `index`.
    private mutating func blend(at index: Int, red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8, premultiplied: Bool) {
        let sourceAlpha = Double(alpha) / 255
        if alpha == 255 {
            image.bytes[index] = red
            image.bytes[index + 1] = green
            image.bytes[index + 2] = blue
            image.bytes[index + 3] = 255
            return
        }
        let destinationAlpha = Double(image.bytes[index + 3]) / 255
        let outAlpha = sourceAlpha + destinationAlpha * (1 - sourceAlpha)
        guard outAlpha > 0 else { return }
        let sourceWeight = premultiplied ? 1 : sourceAlpha
        let destinationWeight = destinationAlpha * (1 - sourceAlpha)
        for (offset, source) in [red, green, blue].enumerated() {
            let value = (Double(source) * sourceWeight + Double(image.bytes[index + offset]) * destinationWeight) / outAlpha
            image.bytes[index + offset] = UInt8(min(255, max(0, value.rounded())))
        }
        image.bytes[index + 3] = UInt8((outAlpha * 255).rounded())
    }

    private func clamp(_ value: Int, _ limit: Int) -> Int { min(max(value, 0), limit) }
}
