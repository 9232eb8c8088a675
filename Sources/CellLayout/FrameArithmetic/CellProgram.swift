import TextMetrics

/// A template compiled into a flat array of nodes in pre-order, with fonts resolved: what the
/// frame arithmetic walks for every row, with no string lookups beyond the row's fields.
struct CellProgram: Sendable {
    struct Node: Sendable {
        var kind: CellItem.Kind
        /// The `if` field, or `nil`.
        var condition: String?
        /// Text: the row field shown.
        var field: String = ""
        /// Text: index into ``CellProgram/fonts``; its ordinal among text nodes.
        var font: Int32 = -1
        var textOrdinal: Int32 = -1
        var numberOfLines = 0
        var lineBreakMode = LineBreakMode.wordWrap
        var insets: EdgeInsets
        var minHeight: Double
        var grow: Double
        /// Stacks.
        var spacing = 0.0
        var align = CellItem.Alignment.fill
        var children: Range<Int> = 0..<0
        /// Boxes.
        var boxWidth: Double?
        var boxHeight: Double?
        var aspectRatio: Double?
    }

    var nodes: [Node] = []
    /// Children of stacks, as node indices; a stack's `children` is a range of this array.
    var childIndices: [Int] = []
    /// Item paths, by node index.
    var paths: [String] = []
    /// Depth in the tree, by node index (0 for the root).
    var depths: [Int] = []
    var fonts: [FontChain] = []
    /// Each text node's font chain, by font index.
    var fontChains: [[String]] = []
    var textNodeCount = 0

    /// Compiles `template`, loading each distinct (chain, size) font once.
    /// - Throws: ``TemplateError`` naming the item whose font cannot be loaded.
    init(_ template: CellTemplate, library: FontLibrary) throws {
        var table = TemplateFonts(library: library)
        _ = try add(template.root, path: "root." + template.root.kind.rawValue, depth: 0, fonts: &table)
        fonts = table.chains
        fontChains = table.names
    }

    private mutating func add(_ item: CellItem, path: String, depth: Int, fonts table: inout TemplateFonts) throws -> Int {
        try CellProgram.validate(item, path: path)
        let index = nodes.count
        var node = Node(kind: item.kind, condition: item.condition, insets: item.insets,
                        minHeight: item.minHeight, grow: item.grow)
        nodes.append(node)
        paths.append(path)
        depths.append(depth)
        switch item.content {
        case .text(let text):
            node.field = text.field
            node.numberOfLines = text.numberOfLines
            node.lineBreakMode = text.lineBreakMode
            node.textOrdinal = Int32(textNodeCount)
            textNodeCount += 1
            node.font = Int32(try table.number(of: text, path: path))
        case .box(let box):
            guard box.height != nil || box.aspectRatio != nil else {
                throw TemplateError(path: path, reason: "a box needs a \"height\" or an \"aspectRatio\" (width ÷ height)")
            }
            node.boxWidth = box.width
            node.boxHeight = box.height
            node.aspectRatio = box.aspectRatio
        case .column(let stack), .row(let stack):
            node.spacing = stack.spacing
            node.align = stack.align ?? (item.kind == .column ? .fill : .start)
            var children: [Int] = []
            for (i, child) in stack.items.enumerated() {
                children.append(try add(child, path: path + ".items[\(i)]." + child.kind.rawValue, depth: depth + 1,
                                        fonts: &table))
            }
            let start = childIndices.count
            childIndices.append(contentsOf: children)
            node.children = start..<childIndices.count
        }
        nodes[index] = node
        return index
    }

    /// Rejects the numbers no layout can use: negative, NaN, infinite or huge lengths, a zero
    /// ratio (see ``TemplateLimits``).
    static func validate(_ item: CellItem, path: String) throws {
        func check(_ value: Double?, _ name: String, positive: Bool = false,
                   maximum: Double = TemplateLimits.maxLength) throws {
            guard let value else { return }
            try TemplateLimits.check(value, name, path: path, positive: positive, maximum: maximum)
        }
        try check(item.insets.top, "insets")
        try check(item.insets.left, "insets")
        try check(item.insets.bottom, "insets")
        try check(item.insets.right, "insets")
        try check(item.minHeight, "minHeight")
        try check(item.grow, "grow", maximum: TemplateLimits.maxAspectRatio)
        switch item.content {
        case .text(let text):
            try check(text.size, "size", positive: true)
            guard text.numberOfLines >= 0 else {
                throw TemplateError(path: path, reason: "\"numberOfLines\" must be 0 (no limit) or more, got \(text.numberOfLines)")
            }
        case .box(let box):
            try check(box.width, "width")
            try check(box.height, "height")
            try check(box.aspectRatio, "aspectRatio", positive: true, maximum: TemplateLimits.maxAspectRatio)
        case .column(let stack), .row(let stack):
            try check(stack.spacing, "spacing")
        }
    }
}
