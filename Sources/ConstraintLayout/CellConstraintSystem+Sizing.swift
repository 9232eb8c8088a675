import ConstraintSolver
import TextMetrics
import CellLayout

/// Sizing one row with a built system: suggest the row's widths and intrinsic sizes, snap
/// what the fast path snaps to whole pixels, and read the minimized height (the steps are
/// listed on ``CellConstraintSystem``).
extension CellConstraintSystem {
    /// Lays the system out for one row: `texts` holds each present text node's prepared
    /// text, by node index; `widthPixels` is the cell's width in pixels.
    ///
    /// Returns the cell's height in pixels, and with `frames` every present item's frame
    /// (`x, y, width, height` in pixels, by node index).
    /// - Throws: ``TemplateError`` when an item's insets are wider than its box, or the
    ///   required constraints cannot hold at this width.
    /// - Complexity: a few incremental re-solves: one edit per changed intrinsic size and
    ///   per snapped constant.
    func layout(texts: [SizedText?], widthPixels: Int, frames: Bool) throws -> (height: Int, frames: [(Int, Int, Int, Int)]) {
        engine.setWidth(pt(widthPixels))
        // The previous row's snapping constants would bias this row's free space and shares
        // (a stale constant is a bound the new solution must respect): start unsnapped.
        for center in centers where center.constraint.constant != center.base { center.constraint.constant = center.base }
        for group in growGroups {
            for constraint in group.constraints where constraint.constant != 0 { constraint.constant = 0 }
        }
        for (node, label) in labels { label.setText(texts[node]!) }
        if needsNaturalWidths { updateNaturalWidths(texts) }
        try snapGrowingWidths()
        // preferredMaxLayoutWidth: each label wraps at its resolved width (insets excluded).
        for (node, label) in labels {
            let inner = pixels(label.widthVariable) - flat.nodes[node].horizontalInsets
            if inner < 0 { throw insetError(node) }
            try label.resolveWidth(pt(inner))
        }
        for box in ratioBoxes {
            let node = flat.nodes[box.node]
            let inner = pixels(items[box.node]!.widthVariable) - node.horizontalInsets
            if inner < 0 { throw insetError(box.node) }
            let exact = Double(inner) / node.aspectRatio!
            let delta = pt(Int(exact.rounded())) - exact / scale
            setConstant(box.minimum, box.base + delta)
            setConstant(box.hugging, box.base + delta)
        }
        for center in centers where center.axis == .horizontal { snap(center) }
        // Baselines, innermost rows first, then vertical centers (which the heights they set
        // move); twice, for centers inside baseline rows and baseline rows inside centered ones.
        for _ in 0..<(baselineRows.isEmpty ? 1 : 2) {
            for row in baselineRows.reversed() {
                for child in row.children {
                    let offset = pt(try baselinePixels(child, height: pixels(items[child]!.heightVariable), first: row.first))
                    items[child]!.setBaselineOffsets(first: offset, last: offset)
                }
            }
            for center in centers where center.axis == .vertical { snap(center) }
        }
        do {
            try engine.checkWidth()
        } catch {
            throw TemplateError(path: "template", reason: "\(error)")
        }
        for snap in snaps where abs(engine.solver.value(of: snap.constantVariable!) - snap.constant) > 1e-7 {
            throw TemplateError(path: "template", reason: "the required constraints cannot hold at this width (\(snap))")
        }
        for index in order {
            let width = pixels(items[index]!.widthVariable)
            if width < 0 {
                throw TemplateError(path: flat.nodes[index].path, reason: "no width is left for it")
            }
            if width - flat.nodes[index].horizontalInsets < 0 { throw insetError(index) }
        }
        let height = pixels(engine.contentView.heightVariable)
        guard frames else { return (height, []) }
        var out = [(Int, Int, Int, Int)](repeating: (0, 0, 0, 0), count: flat.nodes.count)
        for index in order {
            let item = items[index]!
            out[index] = (pixels(item.left), pixels(item.topEdge), pixels(item.widthVariable), pixels(item.heightVariable))
        }
        return (height, out)
    }

    /// Where node `index`, `height` pixels tall as solved, has its first (or last) baseline, in
    /// pixels from its top — the fast path's rule (``FrameArithmetic``): a label's text
    /// centered in it, then its line's baseline to the nearest pixel; a box's `baseline`, else
    /// its content's bottom; a stack's first (last) present item's, where it was solved.
    func baselinePixels(_ index: Int, height: Int, first: Bool) throws -> Int {
        let node = flat.nodes[index]
        let innerHeight = max(0, height - node.verticalInsets)
        switch node.kind {
        case .text:
            let label = items[index] as! Label
            let textHeight = Int((label.intrinsicContentSize.height ?? 0) * scale + 0.5) - node.verticalInsets
            let textTop = node.top + max(0, innerHeight - textHeight) / 2
            let (firstLine, lastLine) = try label.textBaselines(forWidth: label.preferredMaxLayoutWidth)
            return textTop + PixelRounding.nearest((first ? firstLine : lastLine) * scale)
        case .box:
            return node.top + (node.boxBaseline ?? innerHeight)
        case .column, .row:
            let children = node.children.filter { presence[$0] }
            guard let chosen = first ? children.first : children.last else { return node.top + innerHeight }
            let item = items[index]!, child = items[chosen]!
            let y = pixels(child.topEdge) - pixels(item.topEdge)
            return y + (try baselinePixels(chosen, height: pixels(child.heightVariable), first: first))
        }
    }

    private func insetError(_ node: Int) -> TemplateError {
        TemplateError(path: flat.nodes[node].path, reason: "its insets are wider than its box")
    }

    @inline(__always) private func pixels(_ variable: Variable) -> Int {
        Int((engine.solver.value(of: variable) * scale).rounded())
    }

    private func setConstant(_ constraint: LayoutConstraint, _ value: Double) {
        if constraint.constant != value { constraint.constant = value }
    }

    /// Natural widths bottom-up (children before parents), in pixels; `Int.max` for none.
    private func updateNaturalWidths(_ texts: [SizedText?]) {
        let nodes = flat.nodes
        for index in order.reversed() {
            let node = nodes[index]
            var natural: Int
            if let fixed = node.fixedWidth {
                natural = fixed
            } else {
                switch node.kind {
                case .box:
                    natural = .max
                case .text:
                    natural = PixelRounding.ceil(texts[index]!.naturalWidth, scale: scale) + node.horizontalInsets
                case .column, .row:
                    var total = 0, count = 0
                    natural = 0
                    for child in node.children where presence[child] {
                        let width = naturalPixels[child]
                        if width == .max { total = .max; break }
                        total = node.kind == .row ? total + width : max(total, width)
                        count += 1
                    }
                    if total == .max {
                        natural = .max
                    } else {
                        if node.kind == .row && count > 1 { total += (count - 1) * node.spacing }
                        natural = total + node.horizontalInsets
                    }
                }
            }
            naturalPixels[index] = natural
        }
        for index in flexibleStacks {
            let width = pt(naturalPixels[index])
            let item = items[index]!
            if item.intrinsicContentSize.width != width { item.intrinsicContentSize = IntrinsicContentSize(width: width, height: nil) }
        }
    }

    /// Snaps the growing items of each row to whole pixels: `floor(rest × grow ÷ total)` each,
    /// the pixels left over one each to the first. Pre-order, so an outer row is snapped
    /// before the rows inside its items read their widths.
    private func snapGrowingWidths() throws {
        for group in growGroups {
            var restRaw = 0.0
            for node in group.nodes { restRaw += engine.rawPixels(of: items[node]!.widthVariable) }
            let rest = Int(restRaw.rounded())
            let total = group.weights.reduce(0, +)
            var targets = group.weights.map { Int((Double(rest) * $0 / total).rounded(.down)) }
            var spare = rest - targets.reduce(0, +)
            var i = 0
            while spare > 0 && i < targets.count {
                targets[i] += 1
                spare -= 1
                i += 1
            }
            let ratio0 = group.weights[0]
            for (k, constraint) in group.constraints.enumerated() {
                let delta = pt(targets[k + 1]) - pt(targets[0]) * group.weights[k + 1] / ratio0
                setConstant(constraint, delta)
            }
            for (k, node) in group.nodes.enumerated() where pixels(items[node]!.widthVariable) != targets[k] {
                throw TemplateError(path: flat.nodes[node].path, reason: "no width is left for it")
            }
        }
    }

    /// Moves a centered child to the fast path's pixel: `floor(free ÷ 2)` from the start.
    private func snap(_ center: Center) {
        let parent = flat.nodes[center.parent]
        let parentItem = items[center.parent]!, child = items[center.child]!
        let free: Int
        if center.axis == .horizontal {
            free = pixels(parentItem.widthVariable) - parent.horizontalInsets - pixels(child.widthVariable)
        } else {
            free = pixels(parentItem.heightVariable) - parent.verticalInsets - pixels(child.heightVariable)
        }
        let delta = free % 2 != 0 ? -0.5 / scale : 0
        setConstant(center.constraint, center.base + delta)
    }
}
