import TextMetrics
import CellLayout

/// One template item flattened for the constraint compiler, with every template length
/// already snapped to the pixel grid (whole pixels), as the fast path snaps them.
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
    var boxWidth: Int?
    var boxHeight: Int?
    var aspectRatio: Double?
    // Stack.
    var spacing = 0
    var align = CellItem.Alignment.fill
    var children: [Int] = []

    var horizontalInsets: Int { left + right }
    var verticalInsets: Int { top + bottom }

    /// The box width of a box with a width of its own (a `width`, or a `height` and a
    /// ratio), insets included; `nil` for everything else.
    var fixedWidth: Int? {
        guard kind == .box else { return nil }
        if let boxWidth { return boxWidth + left + right }
        if let boxHeight, let aspectRatio { return Int((Double(boxHeight) * aspectRatio).rounded()) + left + right }
        return nil
    }
}

/// A template flattened into ``TemplateNode``s in pre-order, fonts loaded.
struct FlatTemplate {
    var nodes: [TemplateNode] = []
    var fonts: [FontChain] = []
    let scale: Double

    /// Snaps a template length to the nearest pixel.
    func px(_ points: Double) -> Int { Int((points * scale).rounded()) }

    init(_ template: CellTemplate, scale: Double, library: FontLibrary) throws {
        self.scale = scale
        var table = TemplateFonts(library: library)
        _ = try add(template.root, path: "root." + template.root.kind.rawValue, depth: 0, fonts: &table)
        fonts = table.chains
    }

    private mutating func add(_ item: CellItem, path: String, depth: Int, fonts table: inout TemplateFonts) throws -> Int {
        var node = TemplateNode(kind: item.kind, path: path, depth: depth, condition: item.condition)
        node.top = px(item.insets.top)
        node.left = px(item.insets.left)
        node.bottom = px(item.insets.bottom)
        node.right = px(item.insets.right)
        node.minHeight = px(item.minHeight)
        node.grow = item.grow
        let index = nodes.count
        nodes.append(node)
        switch item.content {
        case .text(let text):
            node.field = text.field
            node.numberOfLines = text.numberOfLines
            node.lineBreakMode = text.lineBreakMode
            node.font = try table.number(of: text, path: path)
        case .box(let box):
            guard box.height != nil || box.aspectRatio != nil else {
                throw TemplateError(path: path, reason: "a box needs a \"height\" or an \"aspectRatio\" (width ÷ height)")
            }
            node.boxWidth = box.width.map(px)
            node.boxHeight = box.height.map(px)
            node.aspectRatio = box.aspectRatio
        case .column(let stack), .row(let stack):
            node.spacing = px(stack.spacing)
            node.align = stack.align ?? (item.kind == .column ? .fill : .start)
            for (i, child) in stack.items.enumerated() {
                node.children.append(try add(child, path: path + ".items[\(i)]." + child.kind.rawValue, depth: depth + 1,
                                             fonts: &table))
            }
        }
        nodes[index] = node
        return index
    }
}
