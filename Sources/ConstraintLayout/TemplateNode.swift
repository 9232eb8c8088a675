import TextMetrics
import CellLayout

/// One template item for the constraint compiler, with every template length already
/// snapped to the pixel grid (whole pixels), as the fast path snaps them.
struct TemplateNode {
    var kind: CellItem.Kind
    var path: String
    var depth: Int
    var condition: String?
    /// Insets in pixels.
    var top = 0, left = 0, bottom = 0, right = 0
    /// The least box height in pixels.
    var minHeight = 0
    var grow = 0.0
    // Text.
    var field = ""
    var font = -1
    var numberOfLines = 0
    var lineBreakMode = LineBreakMode.wordWrap
    // Box, in pixels.
    /// The box width of a box with a width of its own (a `width`, or a `height` and a
    /// ratio), insets included; `nil` for everything else.
    var fixedWidth: Int?
    var boxHeight: Int?
    var aspectRatio: Double?
    /// A box's baseline in pixels from its content's top, or `nil` for its bottom.
    var boxBaseline: Int?
    // Stack.
    var spacing = 0
    var align = CellItem.Alignment.fill
    var children: [Int] = []

    var horizontalInsets: Int { left + right }
    var verticalInsets: Int { top + bottom }
}

/// A compiled template (``CellProgram``, the one flattening the fast path also lays out) seen
/// by the constraint compiler: every node with its lengths snapped to the pixel grid of one
/// scale, as the fast path snaps them (``PixelLengths``).
struct FlatTemplate {
    let program: CellProgram
    var nodes: [TemplateNode] = []
    var fonts: [FontChain] { program.fonts }
    let scale: Double

    /// Snaps a template length to the nearest pixel.
    func px(_ points: Double) -> Int { PixelRounding.nearest(points * scale) }

    init(_ program: CellProgram, scale: Double) {
        self.program = program
        self.scale = scale
        let lengths = PixelLengths.of(program, scale: scale)
        nodes = program.nodes.indices.map { index in
            let node = program.nodes[index]
            let length = lengths[index]
            var flat = TemplateNode(kind: node.kind, path: program.paths[index], depth: program.depths[index],
                                    condition: node.condition)
            flat.top = length.top
            flat.left = length.left
            flat.bottom = length.bottom
            flat.right = length.right
            flat.minHeight = length.minHeight
            flat.grow = node.grow
            flat.field = node.field
            flat.font = Int(node.font)
            flat.numberOfLines = node.numberOfLines
            flat.lineBreakMode = node.lineBreakMode
            flat.fixedWidth = length.fixedWidth >= 0 ? length.fixedWidth : nil
            flat.boxHeight = length.boxHeight >= 0 ? length.boxHeight : nil
            flat.aspectRatio = node.aspectRatio
            flat.boxBaseline = node.boxBaseline.map { PixelRounding.nearest($0 * scale) }
            flat.spacing = length.spacing
            flat.align = node.align
            flat.children = Array(program.childIndices[node.children])
            return flat
        }
    }
}
