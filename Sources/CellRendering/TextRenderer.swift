import TextMetrics

/// Draws laid-out text into a ``Canvas`` from the font's real glyphs.
///
/// Glyphs are rasterized unhinted at the canvas's pixel size (points × scale), each placed
/// at its exact horizontal position to a quarter of a pixel; baselines snap to whole pixels,
/// which keeps horizontal strokes crisp. Lines are drawn where the layout puts them: at their
/// ``TextLine/x`` (indents and alignment) and baseline.
///
/// ```swift
/// let prepared = try PreparedText("Hello", font: Font(named: "Roboto-Regular", size: 15))
/// let layout = prepared.layout(in: try TextContainer(width: 200))
/// var canvas = Canvas(width: 220, height: 40, scale: 2)
/// TextRenderer().draw(layout, of: prepared, atX: 10, y: 10, in: &canvas)
/// ```
public struct TextRenderer: Sendable {
    /// The color coverage glyphs are drawn in (color emoji keep their own colors).
    public var color: Color

    /// A renderer drawing in `color` (near-black by default, as `UIColor.label`).
    public init(color: Color = Color(rgb: 0x1C1C1E)) {
        self.color = color
    }

    /// How finely glyph origins are placed between pixels: a quarter of a pixel.
    static let subpixelSteps = 4.0

    /// Draws `layout`, a layout of `prepared`, with its top-left corner at point `(x, y)`: an
    /// attributed text's glyphs each in its range's font, size and color (else ``color``),
    /// its attachments as outlined boxes on the baseline, and a truncation token in its own
    /// fonts and colors.
    public func draw(_ layout: TextLayout, of prepared: PreparedText, atX x: Double, y: Double, in canvas: inout Canvas) {
        let scale = canvas.scale
        var cache: [GlyphKey: GlyphImage] = [:]
        let colors = prepared.attributedText.map(TextRenderer.colorRuns) ?? []
        let tokenColors = layout.truncationToken.map { TextRenderer.colorRuns($0.text) } ?? []
        func color(at offset: Int, in colors: [(start: Int, color: Color?)]) -> Color {
            // The color runs are in text order: the last one starting at or before `offset`.
            var low = 0
            var high = colors.count
            while low < high {
                let mid = (low + high) / 2
                if colors[mid].start <= offset { low = mid + 1 } else { high = mid }
            }
            return low > 0 ? colors[low - 1].color ?? self.color : self.color
        }
        for (line, glyphs) in zip(layout.lines, prepared.glyphs(for: layout)) {
            let baseline = ((y + line.baseline) * scale).rounded()
            let lineX = x + line.x
            for glyph in glyphs {
                if let index = glyph.attachmentIndex, let attachment = prepared.attributedText?.attachments[index].attachment {
                    canvas.strokeOutline(x: lineX + glyph.x, y: baseline / scale - attachment.ascent, width: glyph.advance,
                                         height: attachment.ascent + attachment.descent, color: color(at: glyph.cluster, in: colors))
                    continue
                }
                let isToken = glyph.isTruncationToken
                guard let fonts = isToken ? layout.truncationToken?.prepared.fonts : prepared.fonts else { continue }
                let font = fonts.fonts[glyph.fontIndex]
                let pixelsPerEm = font.size * scale
                let exactX = (lineX + glyph.x) * scale
                var penX = exactX.rounded(.down)
                var step = ((exactX - penX) * TextRenderer.subpixelSteps).rounded()
                if step == TextRenderer.subpixelSteps {
                    penX += 1
                    step = 0
                }
                let exactY = baseline + glyph.y * scale
                let baselineY = exactY.rounded()
                let key = GlyphKey(glyphID: glyph.glyphID, font: glyph.fontIndex, isToken: isToken, step: Int(step))
                let image: GlyphImage?
                if let cached = cache[key] {
                    image = cached
                } else {
                    image = font.face.glyphImage(glyphID: glyph.glyphID, pixelsPerEm: pixelsPerEm,
                                                 offsetX: step / TextRenderer.subpixelSteps)
                    if let image { cache[key] = image }
                }
                guard let image else { continue }
                canvas.draw(image, penX: Int(penX), baselineY: Int(baselineY),
                            color: color(at: glyph.cluster, in: isToken ? tokenColors : colors))
            }
        }
    }

    /// Where each color of `text` starts (`nil`: the renderer's own), in text order.
    private static func colorRuns(_ text: AttributedText) -> [(start: Int, color: Color?)] {
        text.styleRuns().map { run in
            (run.range.lowerBound, run.style.color)
        }
    }

    /// A rasterized glyph's identity within one font at one pixel size.
    private struct GlyphKey: Hashable {
        var glyphID: UInt32
        var font: Int
        var isToken: Bool
        var step: Int
    }
}

extension TextRenderer {
    /// A picture of one text: `layout` drawn with `padding` points around it on white, its
    /// layout box outlined (and each line's box, faintly), for `textmetrics render --text`.
    public func picture(of layout: TextLayout, of prepared: PreparedText, scale: Double, padding: Double = 8) -> Canvas {
        let box = layout.size.roundedUp(scale: scale)
        // Aligned lines may reach past the layout's width (to the container's right edge).
        let right = layout.lines.map { $0.x + $0.width }.max() ?? 0
        var canvas = Canvas(width: max(box.width, right.rounded(.up)) + 2 * padding, height: box.height + 2 * padding, scale: scale)
        for line in layout.lines {
            canvas.fill(x: padding + line.x, y: padding + line.top, width: line.width, height: line.height,
                        color: Color(red: 0x1E, green: 0x6F, blue: 0xFF, alpha: 20))
        }
        canvas.strokeOutline(x: padding, y: padding, width: box.width, height: box.height, color: CellColors.text)
        draw(layout, of: prepared, atX: padding, y: padding, in: &canvas)
        return canvas
    }
}
