import JSON
import TextJSON
import TextMetrics

/// A template compiled into a flat array of nodes in pre-order, with fonts resolved and every
/// number checked: what the frame arithmetic walks for every row, with no string lookups
/// beyond the row's fields — and what the constraint compiler builds its items from (the one
/// flattening of a template).
package struct CellProgram: Sendable {
    /// One template item.
    package struct Node: Sendable {
        /// Text, box, column or row.
        package var kind: CellItem.Kind
        /// The `if` field, or `nil`.
        package var condition: String?
        /// Text: the row field shown.
        package var field: String = ""
        /// Text: index into ``CellProgram/fonts``.
        package var font: Int32 = -1
        /// Text: its ordinal among text nodes.
        package var textOrdinal: Int32 = -1
        /// Text: the most lines shown (0: no limit).
        package var numberOfLines = 0
        /// Text: how lines break and overflow is cut.
        package var lineBreakMode = LineBreakMode.wordWrap
        /// Text: index into ``CellProgram/labelStyles`` when the item declares styles, a
        /// paragraph style or a truncation token; −1 for none.
        package var labelStyle: Int32 = -1
        /// The item's insets, in points.
        package var insets: EdgeInsets
        /// The least box height, in points.
        package var minHeight: Double
        /// The item's share of a row's spare width (0: it does not grow).
        package var grow: Double
        /// Stacks.
        package var spacing = 0.0
        /// Stacks: how children are placed across the stack.
        package var align = CellItem.Alignment.fill
        /// Stacks: the children, a range of ``CellProgram/childIndices``.
        package var children: Range<Int> = 0..<0
        /// Boxes.
        package var boxWidth: Double?
        /// Boxes: the height, in points.
        package var boxHeight: Double?
        /// Boxes: width ÷ height.
        package var aspectRatio: Double?
        /// Boxes: the baseline, in points from the content's top (`nil`: its bottom).
        package var boxBaseline: Double?
    }

    /// What a text item declares beyond its font: the named styles its rows' spans may use,
    /// its paragraph style, and its truncation token, prepared once.
    package struct LabelStyle: Sendable {
        /// The named styles its rows' spans may use, each worked out once at the item's size
        /// (its fonts loaded when the template is compiled).
        package var styles: NamedStyles
        /// Its paragraph style, or `nil`.
        package var paragraph: ParagraphStyle?
        /// Its truncation token, prepared in its fonts, or `nil`.
        package var token: TruncationToken?
    }

    /// The items, in pre-order.
    package var nodes: [Node] = []
    /// Children of stacks, as node indices; a stack's `children` is a range of this array.
    package var childIndices: [Int] = []
    /// Item paths, by node index.
    package var paths: [String] = []
    /// Depth in the tree, by node index (0 for the root).
    package var depths: [Int] = []
    /// The template's distinct font chains (text nodes refer to them by index).
    package var fonts: [FontChain] = []
    /// Each text node's font chain, by font index.
    package var fontChains: [[String]] = []
    /// How many text nodes the template has.
    package var textNodeCount = 0
    /// The text items' styles, paragraph styles and tokens (see ``Node/labelStyle``).
    package var labelStyles: [LabelStyle] = []

    /// Compiles `template`, loading each distinct (chain, size) font once.
    /// - Throws: ``TemplateError`` naming the item whose font cannot be loaded.
    package init(_ template: CellTemplate, library: FontLibrary) throws {
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
            if !text.styles.isEmpty || text.paragraph != nil || text.truncationToken != nil {
                // The item's named styles' and its token's fonts, from the template's library.
                let library = table.library, fonts = table.chains[Int(node.font)]
                let loadFonts = { (names: [String], size: Double) in try FontChain(named: names, size: size, library: library) }
                var style = LabelStyle(styles: NamedStyles(text.styles, size: fonts.size, loadingFonts: loadFonts),
                                       paragraph: text.paragraph)
                if let token = text.truncationToken {
                    do {
                        style.token = try token.token(style: TextStyle(fonts: fonts), namedStyles: text.styles,
                                                      loadingFonts: loadFonts)
                    } catch let error as JSONFieldError {
                        throw TemplateError(path: path, reason: error.inside("truncationToken").description)
                    } catch {
                        throw TemplateError(path: path, reason: "\"truncationToken\": \(error)")
                    }
                }
                node.labelStyle = Int32(labelStyles.count)
                labelStyles.append(style)
            }
        case .box(let box):
            guard box.height != nil || box.aspectRatio != nil else {
                throw TemplateError(path: path, reason: "a box needs a \"height\" or an \"aspectRatio\" (width ÷ height)")
            }
            node.boxWidth = box.width
            node.boxHeight = box.height
            node.aspectRatio = box.aspectRatio
            node.boxBaseline = box.baseline
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

    /// Per node, whether it is present in `row`: its `if` field and those of all its ancestors
    /// are present (``RowData/isPresent(_:)``).
    package func presence(of row: RowData) -> [Bool] {
        var present = [Bool](repeating: false, count: nodes.count)
        func visit(_ index: Int) {
            if let condition = nodes[index].condition, !row.isPresent(condition) { return }
            present[index] = true
            for child in childIndices[nodes[index].children] { visit(child) }
        }
        if !nodes.isEmpty { visit(0) }
        return present
    }

    /// What text node `index` shows for `row`: its text, and its styling when the row's field
    /// is a text object (``RowData/labelContent(_:)``).
    /// - Throws: ``TemplateError`` at the node's path when the field is missing, of another
    ///   kind, or a text object with a bad field.
    package func labelContent(ofNode index: Int, in row: RowData) throws -> (text: String, styling: AttributedTextDescription?) {
        do {
            return try row.labelContent(nodes[index].field)
        } catch let error as TemplateError {
            throw TemplateError(path: paths[index], reason: error.reason)
        }
    }

    /// Whether text node `index` has a paragraph style: read in place (copying the node and
    /// the style out to compare with `nil` would retain their arrays, for every text of every
    /// row).
    package func hasParagraphStyle(ofNode index: Int) -> Bool {
        nodes.withUnsafeBufferPointer { nodes in
            let style = nodes[index].labelStyle
            guard style >= 0 else { return false }
            return labelStyles.withUnsafeBufferPointer { styles in
                if case .some = styles[Int(style)].paragraph { return true }
                return false
            }
        }
    }

    /// The attributed text node `index` shows: `text` in the item's font chain, with
    /// `styling`'s spans (naming the item's styles) and attachments, and the item's paragraph
    /// style; fonts of spans from `loadFonts`.
    /// - Throws: ``TemplateError`` at the node's path naming the row field's bad part.
    package func attributedText(ofNode index: Int, text: String, styling: AttributedTextDescription?,
                                loadingFonts loadFonts: (_ names: [String], _ size: Double) throws -> FontChain) throws
        -> AttributedText {
        let node = nodes[index]
        let style = node.labelStyle >= 0 ? labelStyles[Int(node.labelStyle)] : nil
        do {
            var attributed = try (styling ?? AttributedTextDescription()).attributedText(
                text, style: TextStyle(fonts: fonts[Int(node.font)]), named: style?.styles ?? NamedStyles(), loadingFonts: loadFonts)
            attributed.paragraphStyle = style?.paragraph
            return attributed
        } catch let error as JSONFieldError {
            throw TemplateError(path: paths[index], reason: "the row's field " + error.inside(node.field).description)
        }
    }

    /// Text node `index`'s truncation token, or `nil`.
    @inline(__always)
    package func truncationToken(ofNode index: Int) -> TruncationToken? {
        nodes.withUnsafeBufferPointer { nodes in
            labelStyles.withUnsafeBufferPointer { $0.truncationToken(of: nodes.baseAddress.unsafelyUnwrapped + index) }
        }
    }

    /// The text text node `index` shows for a row whose field it shows is `value`.
    /// - Throws: ``TemplateError`` at the node's path when the field is missing or of another
    ///   kind (``RowData/labelText(_:)``).
    package func labelText(ofNode index: Int, value: JSONValue?) throws -> String {
        if case .string(let string)? = value { return string }  // most labels: no field name read
        do {
            return try RowData.labelText(of: value, field: nodes[index].field)
        } catch let error as TemplateError {
            throw TemplateError(path: paths[index], reason: error.reason)
        }
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

extension UnsafeBufferPointer<CellProgram.LabelStyle> {
    /// Text node `node`'s truncation token among these label styles (a program's, read in
    /// place), or `nil`: for a content source, which keeps the styles, not the program.
    @inline(__always)
    func truncationToken(of node: UnsafePointer<CellProgram.Node>) -> TruncationToken? {
        let style = node.pointee.labelStyle
        return style >= 0 ? self[Int(style)].token : nil
    }
}
