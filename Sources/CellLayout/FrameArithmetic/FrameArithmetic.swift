import TextMetrics

/// What the frame arithmetic asks about one row's content. Implemented over a row and the
/// engine's text cache (``RowContent``), over a ``PreparedCell``, and over estimates.
protocol CellContentSource {
    /// Whether the node's own `if` condition holds.
    func isPresent(_ node: UnsafePointer<CellProgram.Node>, index: Int) -> Bool
    /// The text's height in pixels at `widthPixels`, rounded up to the grid.
    mutating func textHeight(_ node: UnsafePointer<CellProgram.Node>, index: Int, widthPixels: Int, scale: Double) throws -> Int
    /// The text's single-line width in pixels, rounded up to the grid.
    mutating func textNaturalWidth(_ node: UnsafePointer<CellProgram.Node>, index: Int, scale: Double) throws -> Int
    /// The text's first and last baselines at `widthPixels`, in points from its top, or `nil`
    /// when only estimated.
    mutating func textBaselines(_ node: UnsafePointer<CellProgram.Node>, index: Int, widthPixels: Int,
                                scale: Double) throws -> (first: Double, last: Double)?
    /// The prepared text and its lines at `widthPixels` (for frames), or `nil` when only
    /// estimated.
    mutating func textLayout(_ node: UnsafePointer<CellProgram.Node>, index: Int, widthPixels: Int,
                             scale: Double) throws -> (PreparedText, TextLayout)?
}

/// The frame arithmetic: sizes and positions in whole pixels, so every sum is exact.
///
/// Pass 1 (``size(_:width:)``) gives every present node its box width and height, top down
/// for widths and bottom up for heights; pass 2 (``place(_:x:y:width:height:depth:fontOf:into:)``)
/// positions the boxes. Heights need pass 1 only. See ``CellLayoutEngine`` for the rules.
struct FrameArithmetic<Source: CellContentSource> {
    let nodes: UnsafeBufferPointer<CellProgram.Node>
    let childIndices: UnsafeBufferPointer<Int>
    let paths: UnsafeBufferPointer<String>
    /// Per node: its template lengths in pixels at `scale`.
    let lengths: UnsafeBufferPointer<PixelLengths>
    let scale: Double
    var source: Source
    /// Per node: box width, box height (−1 when absent), text height; pixels.
    let widths: UnsafeMutableBufferPointer<Int>
    let heights: UnsafeMutableBufferPointer<Int>
    let textHeights: UnsafeMutableBufferPointer<Int>
    /// Per text node: its first and last baselines in pixels once asked for at its width
    /// (`Int.min` until then), so a baseline row lays each text out once.
    let textBaselines: UnsafeMutableBufferPointer<Int>

    func points(_ pixels: Int) -> Double { Double(pixels) / scale }

    private func error(_ index: Int, _ reason: String) -> TemplateError {
        TemplateError(path: paths[index], reason: reason)
    }

    // MARK: - Pass 1: sizes

    /// Sizes node `index` given its box width; returns its box height.
    mutating func size(_ index: Int, width: Int) throws -> Int {
        let node = nodes.baseAddress! + index
        let length = lengths.baseAddress! + index
        widths[index] = width
        let inner = width - length.pointee.left - length.pointee.right
        guard inner >= 0 else {
            let insets = node.pointee.insets
            throw error(index, "its insets (\(insets.left) + \(insets.right) pt) are wider than its box (\(points(width)) pt)")
        }
        var content = 0
        switch node.pointee.kind {
        case .text:
            let text = try source.textHeight(node, index: index, widthPixels: inner, scale: scale)
            textHeights[index] = text
            textBaselines[2 * index] = .min
            content = text
        case .box:
            if length.pointee.boxHeight >= 0 {
                content = length.pointee.boxHeight
            } else {
                content = Int((Double(inner) / node.pointee.aspectRatio!).rounded())
            }
        case .column:
            content = try sizeColumn(node, index, inner: inner)
        case .row:
            content = try sizeRow(node, index, inner: inner)
        }
        let height = max(length.pointee.minHeight, content + length.pointee.top + length.pointee.bottom)
        heights[index] = height
        return height
    }

    private mutating func sizeColumn(_ node: UnsafePointer<CellProgram.Node>, _ index: Int, inner: Int) throws -> Int {
        let fill = node.pointee.align == .fill
        var total = 0
        var count = 0
        for child in childIndices[node.pointee.children] {
            let childNode = nodes.baseAddress! + child
            guard source.isPresent(childNode, index: child) else { heights[child] = -1; continue }
            var width = inner
            if let fixed = fixedWidth(child) {
                guard fixed <= inner else {
                    throw error(child, "it needs \(points(fixed)) pt but its column has \(points(inner)) pt")
                }
                width = fixed
            } else if !fill {
                width = min(try naturalWidth(child), inner)
            }
            total += try size(child, width: width)
            count += 1
        }
        return total + (count > 1 ? (count - 1) * lengths[index].spacing : 0)
    }

    private mutating func sizeRow(_ node: UnsafePointer<CellProgram.Node>, _ index: Int, inner: Int) throws -> Int {
        let children = childIndices[node.pointee.children]
        var count = 0
        for child in children {
            if source.isPresent(nodes.baseAddress! + child, index: child) {
                heights[child] = 0
                count += 1
            } else {
                heights[child] = -1
            }
        }
        guard count > 0 else { return 0 }
        var left = inner - (count - 1) * lengths[index].spacing
        // 1. Fixed boxes take their width.
        var growth = 0.0
        for child in children where heights[child] != -1 {
            let childNode = nodes.baseAddress! + child
            if childNode.pointee.grow > 0 {
                growth += childNode.pointee.grow
            } else if let fixed = fixedWidth(child) {
                widths[child] = fixed
                left -= fixed
            }
        }
        guard left >= 0 else {
            throw error(index, "its fixed items and spacing need \(points(inner - left)) pt but it has \(points(inner)) pt")
        }
        // 2. Non-growing texts and stacks take their natural width, up to what is left.
        for child in children where heights[child] != -1 {
            let childNode = nodes.baseAddress! + child
            if childNode.pointee.grow > 0 || fixedWidth(child) != nil { continue }
            let width = min(try naturalWidth(child), left)
            widths[child] = width
            left -= width
        }
        // 3. Growing items share the rest by weight; leftover pixels go one each to the first.
        if growth > 0 {
            var given = 0
            for child in children where heights[child] != -1 && nodes[child].grow > 0 {
                let width = Int((Double(left) * nodes[child].grow / growth).rounded(.down))
                widths[child] = width
                given += width
            }
            var spare = left - given
            for child in children where spare > 0 && heights[child] != -1 && nodes[child].grow > 0 {
                widths[child] += 1
                spare -= 1
            }
        }
        var tallest = 0
        for child in children where heights[child] != -1 {
            tallest = max(tallest, try size(child, width: widths[child]))
        }
        guard node.pointee.align.isBaseline else { return tallest }
        // Baselines in line: as tall as the most above the baseline plus the most below it (a
        // baseline may lie below an item's bottom: then it reaches less far below).
        let first = node.pointee.align == .firstBaseline
        var above = 0
        var below = Int.min
        for child in children where heights[child] != -1 {
            let baseline = try self.baseline(child, height: heights[child], first: first)
            above = max(above, baseline)
            below = max(below, heights[child] - baseline)
        }
        return above + below
    }

    /// Where node `index`, sized and placed in a box `height` pixels tall, has its first (or
    /// last) baseline, in pixels from its box's top: a text's first (last) line's baseline,
    /// its text centered in its label as ``place(_:x:y:width:height:depth:fontOf:into:)``
    /// puts it; a box's `baseline`, else its content's bottom; a stack's first (last) present
    /// item's, where the stack puts it.
    mutating func baseline(_ index: Int, height: Int, first: Bool) throws -> Int {
        let node = nodes.baseAddress! + index
        let length = lengths[index]
        let innerHeight = max(0, height - length.top - length.bottom)
        switch node.pointee.kind {
        case .text:
            let textTop = length.top + max(0, innerHeight - textHeights[index]) / 2
            if textBaselines[2 * index] == .min {
                guard let (firstLine, lastLine) = try source.textBaselines(
                    node, index: index, widthPixels: widths[index] - length.left - length.right, scale: scale)
                else { return textTop + textHeights[index] }
                textBaselines[2 * index] = PixelRounding.nearest(firstLine * scale)
                textBaselines[2 * index + 1] = PixelRounding.nearest(lastLine * scale)
            }
            return textTop + textBaselines[2 * index + (first ? 0 : 1)]
        case .box:
            return length.top + (node.pointee.boxBaseline.map { PixelRounding.nearest($0 * scale) } ?? innerHeight)
        case .column:
            guard let chosen = presentChild(of: node, first: first) else { return length.top + innerHeight }
            var y = length.top
            for child in childIndices[node.pointee.children] where heights[child] != -1 {
                if child == chosen { break }
                y += heights[child] + length.spacing
            }
            return y + (try baseline(chosen, height: heights[chosen], first: first))
        case .row:
            guard let chosen = presentChild(of: node, first: first) else { return length.top + innerHeight }
            let (offset, childHeight) = try rowOffset(node, index, child: chosen, innerHeight: innerHeight,
                                                      above: try baselineAbove(node))
            return length.top + offset + (try baseline(chosen, height: childHeight, first: first))
        }
    }

    /// The first (or last) present child of stack `node` (sized, so its height is not -1), or
    /// `nil` when none is.
    private func presentChild(of node: UnsafePointer<CellProgram.Node>, first: Bool) -> Int? {
        let children = childIndices[node.pointee.children]
        return first ? children.first { heights[$0] != -1 } : children.last { heights[$0] != -1 }
    }

    /// Where row `index` (content `innerHeight` pixels tall) places `child` across: its
    /// offset from the content's top and its box height (`above`: the row's ``baselineAbove(_:)``).
    private mutating func rowOffset(_ node: UnsafePointer<CellProgram.Node>, _ index: Int, child: Int,
                                    innerHeight: Int, above: Int) throws -> (offset: Int, height: Int) {
        let align = node.pointee.align
        let free = innerHeight - heights[child]
        switch align {
        case .fill: return (0, innerHeight)
        case .start: return (0, heights[child])
        case .center: return (free / 2, heights[child])
        case .end: return (free, heights[child])
        case .firstBaseline, .lastBaseline:
            return (above - (try baseline(child, height: heights[child], first: align == .firstBaseline)), heights[child])
        }
    }

    /// For a row aligned on baselines: how far its shared baseline lies below its content's
    /// top — the most any present item has above its own baseline; 0 for another row.
    private mutating func baselineAbove(_ node: UnsafePointer<CellProgram.Node>) throws -> Int {
        guard node.pointee.align.isBaseline else { return 0 }
        var above = 0
        for child in childIndices[node.pointee.children] where heights[child] != -1 {
            above = max(above, try baseline(child, height: heights[child], first: node.pointee.align == .firstBaseline))
        }
        return above
    }

    /// The box width of a box that has one of its own (a `width`, or a `height` and a
    /// ratio), insets included; `nil` for everything else.
    @inline(__always)
    private func fixedWidth(_ index: Int) -> Int? {
        let width = lengths[index].fixedWidth
        return width >= 0 ? width : nil
    }

    /// The width an item takes when nothing stretches it, insets included; `Int.max` for an
    /// item that takes whatever it is offered (a ratio-only box, or a stack holding one).
    mutating func naturalWidth(_ index: Int) throws -> Int {
        let node = nodes.baseAddress! + index
        let insets = lengths[index].left + lengths[index].right
        if let fixed = fixedWidth(index) { return fixed }
        switch node.pointee.kind {
        case .box:
            return .max
        case .text:
            return try source.textNaturalWidth(node, index: index, scale: scale) + insets
        case .column, .row:
            var total = 0
            var count = 0
            for child in childIndices[node.pointee.children] where source.isPresent(nodes.baseAddress! + child, index: child) {
                let width = try naturalWidth(child)
                if width == .max { return .max }
                total = node.pointee.kind == .row ? total + width : max(total, width)
                count += 1
            }
            if node.pointee.kind == .row && count > 1 { total += (count - 1) * lengths[index].spacing }
            return total + insets
        }
    }

    // MARK: - Pass 2: frames

    /// Positions node `index` (already sized) in the box `x, y, width, height` and its
    /// children inside it, appending their frames in pre-order.
    mutating func place(_ index: Int, x: Int, y: Int, width: Int, height: Int, depth: Int,
                        fontOf: (Int32) -> (FontChain, [String]), into items: inout [CellLayout.Item]) throws {
        let node = nodes.baseAddress! + index
        let length = lengths[index]
        let left = length.left, top = length.top
        let innerWidth = width - left - length.right
        let innerHeight = max(0, height - top - length.bottom)
        let frame = rect(x, y, width, height)
        let content = rect(x + left, y + top, innerWidth, innerHeight)
        var text: CellLayout.Text?
        if node.pointee.kind == .text,
           let (prepared, layout) = try source.textLayout(node, index: index, widthPixels: innerWidth, scale: scale) {
            let textHeight = textHeights[index]
            let (_, chain) = fontOf(node.pointee.font)
            text = CellLayout.Text(prepared: prepared, fontChain: chain, layout: layout,
                                   frame: rect(x + left, y + top + max(0, innerHeight - textHeight) / 2, innerWidth, textHeight))
        }
        // A baseline row's shared baseline, found once for its items and its own record.
        let above = node.pointee.kind == .row ? try baselineAbove(node) : 0
        var baseline: Double?
        if node.pointee.kind == .row, node.pointee.align.isBaseline,
           childIndices[node.pointee.children].contains(where: { heights[$0] != -1 }) {
            baseline = points(y + top + above)
        }
        items.append(CellLayout.Item(path: paths[index], kind: node.pointee.kind, depth: depth, frame: frame,
                                     contentFrame: content, text: text, baseline: baseline))
        let spacing = length.spacing
        let align = node.pointee.align
        switch node.pointee.kind {
        case .text, .box:
            break
        case .column:
            var cursor = y + top
            for child in childIndices[node.pointee.children] where heights[child] != -1 {
                let childWidth = widths[child]
                let free = innerWidth - childWidth
                let offset = align == .center ? free / 2 : align == .end ? free : 0  // baselines: rows only
                try place(child, x: x + left + offset, y: cursor, width: childWidth, height: heights[child],
                          depth: depth + 1, fontOf: fontOf, into: &items)
                cursor += heights[child] + spacing
            }
        case .row:
            var cursor = x + left
            for child in childIndices[node.pointee.children] where heights[child] != -1 {
                let (offset, childHeight) = try rowOffset(node, index, child: child, innerHeight: innerHeight, above: above)
                try place(child, x: cursor, y: y + top + offset, width: widths[child],
                          height: childHeight, depth: depth + 1, fontOf: fontOf, into: &items)
                cursor += widths[child] + spacing
            }
        }
    }

    private func rect(_ x: Int, _ y: Int, _ width: Int, _ height: Int) -> Rect {
        Rect(x: points(x), y: points(y), width: points(width), height: points(height))
    }
}
