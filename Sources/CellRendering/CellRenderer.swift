import TextMetrics
import CellLayout

/// Draws a laid-out cell as a debugging picture: what a developer sees with
/// `layer.borderWidth = 1` on every view, plus the margins.
///
/// On a white background: the cell's insets as a yellow band around the content area, each
/// item's own insets as a light blue band, boxes filled faintly as placeholder images, the
/// separator in gray, the text of every label drawn from the font's real glyphs where the
/// label puts it, and every item's frame outlined one pixel wide in its kind's color (see
/// ``CellColors``), children over parents.
///
/// ```swift
/// let layout = try engine.layout(for: row)
/// let canvas = CellRenderer().render(layout)
/// try PNGFile.write(canvas.image, to: "cell.png")
/// ```
public struct CellRenderer: Sendable {
    /// Draws the labels' text.
    public var textRenderer: TextRenderer

    /// A renderer drawing text with `textRenderer`.
    public init(textRenderer: TextRenderer = TextRenderer(color: CellColors.ink)) {
        self.textRenderer = textRenderer
    }

    /// The picture of `layout` at `scale` pixels per point (by default the layout's own
    /// scale): `width × scale` by `height × scale` pixels, rounded.
    public func render(_ layout: CellLayout, scale: Double? = nil) -> Canvas {
        var canvas = Canvas(width: layout.width, height: layout.height, scale: scale ?? layout.scale)
        let cell = Rect(x: 0, y: 0, width: layout.width, height: layout.separatorFrame.y)
        canvas.fill(cell, color: CellColors.cellInsets)
        canvas.fill(layout.contentFrame, color: .white)
        canvas.fill(layout.separatorFrame, color: CellColors.separator)
        for item in layout.items where item.frame != item.contentFrame {
            canvas.fill(item.frame, color: CellColors.itemInsets)
            canvas.fill(item.contentFrame, color: .white)
        }
        for item in layout.items where item.kind == .box {
            canvas.fill(item.contentFrame, color: CellColors.boxFill)
        }
        for item in layout.items {
            guard let text = item.text else { continue }
            draw(text, in: &canvas)
        }
        for item in layout.items {
            canvas.strokeOutline(item.frame, color: CellColors.outline(for: item.kind))
        }
        // The baseline a row's items are aligned on: a thin line across the row.
        for item in layout.items {
            guard let baseline = item.baseline else { continue }
            canvas.fill(x: item.frame.x, y: baseline, width: item.frame.width, height: 1 / canvas.scale,
                        color: CellColors.baseline)
        }
        return canvas
    }

    /// Draws a label's lines at the top left of its text frame.
    private func draw(_ text: CellLayout.Text, in canvas: inout Canvas) {
        guard !text.layout.lines.isEmpty else { return }
        textRenderer.draw(text.layout, of: text.prepared, atX: text.frame.x, y: text.frame.y, in: &canvas)
    }
}
