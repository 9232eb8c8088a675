import ConstraintSolver
import TextMetrics
import CellLayout

/// One cell template compiled to items and constraints for one presence pattern of its
/// `if` items: the offscreen template cell of a reuse identifier, ready to be sized for
/// row after row by changing only intrinsic sizes and the width.
///
/// Built by ``TemplateConstraintCompiler``; see there for how each kind of item is pinned.
/// Sizing a row (``layout(texts:widthPixels:frames:)``) follows UIKit's self-sizing pass,
/// with every step an incremental re-solve of the same solver:
///
/// 1. the width and each label's (and nested stack's) intrinsic width are suggested;
/// 2. the shares of growing items are snapped to whole pixels (the pixel left over goes to
///    the first growing items), by suggesting the constants of their proportional-width
///    constraints;
/// 3. each label's `preferredMaxLayoutWidth` becomes its resolved width, which sets its
///    intrinsic height; aspect-ratio heights and horizontally centered items are snapped
///    to the grid;
/// 4. vertically centered items are snapped (the odd pixel below);
/// 5. the content view's minimized height is the cell's height.
///
/// Not `Sendable` (it owns a solver): use it on one thread.
public final class CellConstraintSystem {
    /// The engine holding the items and constraints.
    public let engine: LayoutEngine
    /// Per template node, whether it is present in this system.
    public let presence: [Bool]
    let flat: FlatTemplate
    let scale: Double
    /// Per node, its item (nil when absent).
    var items: [LayoutItem?]
    /// Present nodes in pre-order.
    let order: [Int]
    /// Present text nodes with their labels.
    var labels: [(node: Int, label: Label)] = []
    /// Flexible stacks whose natural width is finite, in reverse pre-order (children first).
    var flexibleStacks: [Int] = []
    var needsNaturalWidths = false
    var growGroups: [GrowGroup] = []
    var centers: [Center] = []
    var ratioBoxes: [RatioBox] = []
    /// Rows aligned on baselines, in pre-order.
    var baselineRows: [BaselineRow] = []
    /// Constraints whose adjustable constant sits in a required constraint (snaps): they
    /// must hold exactly, or the layout failed.
    var snaps: [LayoutConstraint] = []
    var naturalPixels: [Int]
    private let cellInsets: (top: Int, left: Int, bottom: Int, right: Int, separator: Int)

    /// Items of one row sharing what is left by weight.
    struct GrowGroup {
        var nodes: [Int]
        var weights: [Double]
        /// For nodes[1...]: `width_i == width_0 × w_i / w_0 + δ_i`.
        var constraints: [LayoutConstraint]
    }

    /// A centered child and its parent, and the constraint whose constant snaps it.
    struct Center {
        var child: Int
        var parent: Int
        var axis: LayoutAxis
        var constraint: LayoutConstraint
        var base: Double
    }

    /// A row whose items line up on their first (or last) baselines: each item's baseline
    /// anchor is pinned to the top of the row's guide, and its offset is set per row from the
    /// same rule as the fast path's (``CellConstraintSystem/baselinePixels(_:height:first:)``).
    struct BaselineRow {
        var node: Int
        var children: [Int]
        var first: Bool
    }

    /// A box whose content height follows its width.
    struct RatioBox {
        var node: Int
        var minimum: LayoutConstraint
        var hugging: LayoutConstraint
        var base: Double
    }

    /// Horizontal hugging of items that size to their content in a row or an aligned column.
    static let horizontalHugging = LayoutPriority(300)
    /// The compression resistance of the `rank`-th item, in the order the fast path hands
    /// out width: 900, 860, 820, … (each outweighs all later ones together), floored at 310.
    static func compressionResistance(rank: Int) -> LayoutPriority {
        LayoutPriority(Float(max(310, 900 - 40 * rank)))
    }
    /// Proportional widths of growing items: above every compression resistance, so that a
    /// stale snapping constant from the previous row bends the proportion, never the widths
    /// of the items that size to their content.
    static let proportionalWidth = LayoutPriority(950)
    /// How strongly a baseline row's guide keeps to the row's top: above every hugging, so the
    /// items of a row taller than they need (a minimum height, a stretched row) stay at its top.
    static let baselineGuide = LayoutPriority(990)
    /// How strongly a stack hugs its content vertically (slack stays at its bottom):
    /// deeper stacks hug harder, so stretching goes to the outermost stack.
    static func stackHugging(depth: Int) -> LayoutPriority {
        LayoutPriority(Float(100 + min(depth, 100) / 2 + min(depth, 100)))
    }

    init(flat: FlatTemplate, template: CellTemplate, presence: [Bool]) throws {
        self.flat = flat
        self.scale = flat.scale
        self.presence = presence
        engine = LayoutEngine(scale: flat.scale)
        items = [LayoutItem?](repeating: nil, count: flat.nodes.count)
        naturalPixels = [Int](repeating: 0, count: flat.nodes.count)
        cellInsets = (flat.px(template.insets.top), flat.px(template.insets.left), flat.px(template.insets.bottom),
                      flat.px(template.insets.right), flat.px(template.separator))
        var order: [Int] = []
        func visit(_ index: Int) {
            guard presence[index] else { return }
            order.append(index)
            for child in flat.nodes[index].children { visit(child) }
        }
        if !flat.nodes.isEmpty { visit(0) }
        self.order = order
        try build(template)
    }

    func pt(_ pixels: Int) -> Double { Double(pixels) / scale }

    // MARK: - Building

    /// How each present node's width is decided: by its container (forced), by itself
    /// (fixed box), or by its content within what is left (flexible).
    private enum WidthRole { case forced, fixed, flexible }

    private func build(_ template: CellTemplate) throws {
        let nodes = flat.nodes
        var role = [WidthRole](repeating: .forced, count: nodes.count)
        var parentOf = [Int](repeating: -1, count: nodes.count)
        for index in order {
            let node = nodes[index]
            for child in node.children where presence[child] {
                parentOf[child] = index
                let c = nodes[child]
                if node.kind == .row {
                    role[child] = c.grow > 0 ? .forced : c.fixedWidth != nil ? .fixed : .flexible
                } else {
                    role[child] = c.fixedWidth != nil ? .fixed : node.align == .fill ? .forced : .flexible
                }
            }
        }
        // Natural widths that are infinite (a ratio-only box, or a stack holding one).
        var unbounded = [Bool](repeating: false, count: nodes.count)
        for index in order.reversed() {
            let node = nodes[index]
            switch node.kind {
            case .box: unbounded[index] = node.fixedWidth == nil
            case .text: unbounded[index] = false
            case .column, .row: unbounded[index] = node.fixedWidth == nil && node.children.contains { presence[$0] && unbounded[$0] }
            }
        }
        // Compression-resistance ranks: the order in which the fast path hands out width.
        var rank = [Int](repeating: 0, count: nodes.count)
        var nextRank = 0
        func assignRanks(_ index: Int) {
            if role[index] == .flexible {
                rank[index] = nextRank
                nextRank += 1
            }
            let node = nodes[index]
            let children = node.children.filter { presence[$0] }
            if node.kind == .row {
                for child in children where nodes[child].grow <= 0 { assignRanks(child) }
                for child in children where nodes[child].grow > 0 { assignRanks(child) }
            } else {
                for child in children { assignRanks(child) }
            }
        }
        if !order.isEmpty { assignRanks(0) }

        // Items.
        for index in order {
            let node = nodes[index]
            let item: LayoutItem
            if node.kind == .text {
                let label = Label(name: node.path, fonts: flat.fonts[node.font], numberOfLines: node.numberOfLines,
                                  lineBreakMode: node.lineBreakMode,
                                  padding: EdgeInsets(top: pt(node.top), left: pt(node.left),
                                                      bottom: pt(node.bottom), right: pt(node.right)))
                label.providesIntrinsicWidth = role[index] == .flexible
                label.truncationToken = flat.program.truncationToken(ofNode: index)
                // In a baseline row the system sets the offsets (the label's text centered in it).
                label.providesBaselineOffsets = false
                labels.append((index, label))
                item = label
            } else {
                item = LayoutItem(name: node.path)
            }
            if role[index] == .flexible {
                // A stack holds its natural width as firmly as it resists compression: its own
                // width is decided before anything inside it gets a say (as the fast path does).
                item.setContentHuggingPriority(node.kind == .text ? CellConstraintSystem.horizontalHugging
                                                   : CellConstraintSystem.compressionResistance(rank: rank[index]),
                                               for: .horizontal)
                item.setContentCompressionResistancePriority(CellConstraintSystem.compressionResistance(rank: rank[index]),
                                                             for: .horizontal)
            }
            items[index] = item
            engine.addItem(item)
        }

        var constraints: [LayoutConstraint] = []
        let cell = engine.contentView
        let minHeight = flat.px(template.minHeight), minContent = flat.px(template.minContentHeight)
        let (top, left, bottom, right, separator) = cellInsets
        if minHeight + separator > 0 {
            constraints.append(cell.height.constraint(greaterThanOrEqualToConstant: pt(minHeight + separator)))
        }
        if let root = items[0], presence[0] {
            constraints += [
                root.leading.constraint(equalTo: cell.leading, constant: pt(left)),
                root.trailing.constraint(equalTo: cell.trailing, constant: -pt(right)),
                root.top.constraint(equalTo: cell.top, constant: pt(top)),
                root.bottom.constraint(equalTo: cell.bottom, constant: -pt(bottom + separator)),
                root.width.constraint(greaterThanOrEqualToConstant: 0),
            ]
            if minContent > 0 { constraints.append(root.height.constraint(greaterThanOrEqualToConstant: pt(minContent))) }
        } else {
            constraints.append(cell.height.constraint(greaterThanOrEqualToConstant: pt(minContent + top + bottom + separator)))
        }

        for index in order {
            let node = nodes[index]
            let item = items[index]!
            if node.minHeight > 0 {
                constraints.append(item.height.constraint(greaterThanOrEqualToConstant: pt(node.minHeight)))
            }
            if role[index] == .flexible || (role[index] == .forced && parentOf[index] >= 0 && nodes[parentOf[index]].kind == .row) {
                constraints.append(item.width.constraint(greaterThanOrEqualToConstant: 0))
            }
            if role[index] == .fixed {
                constraints.append(item.width.constraint(equalToConstant: pt(node.fixedWidth!)))
            }
            if role[index] == .flexible {
                if unbounded[index] {
                    // Takes whatever its container offers, at its turn: width >= container's content width.
                    let parent = nodes[parentOf[index]]
                    constraints.append(item.width.constraint(greaterThanOrEqualTo: items[parentOf[index]]!.width,
                                                             constant: -pt(parent.horizontalInsets))
                        .withPriority(CellConstraintSystem.compressionResistance(rank: rank[index])))
                } else if node.kind != .text {
                    flexibleStacks.append(index)
                }
            }
            switch node.kind {
            case .text:
                break
            case .box:
                if let height = node.boxHeight {
                    let total = pt(height + node.verticalInsets)
                    constraints.append(item.height.constraint(greaterThanOrEqualToConstant: total))
                    constraints.append(item.height.constraint(lessThanOrEqualToConstant: total).withPriority(.defaultLow))
                } else {
                    // The aspect-ratio constraint, its constant snapped to the grid per row.
                    let ratio = node.aspectRatio!
                    let base = -pt(node.horizontalInsets) / ratio + pt(node.verticalInsets)
                    let minimum = item.height.constraint(greaterThanOrEqualTo: item.width, multiplier: 1 / ratio, constant: base)
                        .adjustable()
                    let hugging = item.height.constraint(lessThanOrEqualTo: item.width, multiplier: 1 / ratio, constant: base)
                        .adjustable().withPriority(.defaultLow)
                    constraints += [minimum, hugging]
                    snaps.append(minimum)
                    ratioBoxes.append(RatioBox(node: index, minimum: minimum, hugging: hugging, base: base))
                }
            case .column:
                constraints += columnConstraints(index, role: role)
            case .row:
                constraints += rowConstraints(index, role: role)
            }
        }
        flexibleStacks.reverse()
        needsNaturalWidths = !flexibleStacks.isEmpty
        do {
            try engine.activate(constraints)
        } catch {
            throw TemplateError(path: "template", reason: "the constraints cannot hold: \(error)")
        }
    }

    private func emptyStackConstraints(_ item: LayoutItem, _ node: TemplateNode) -> [LayoutConstraint] {
        [item.height.constraint(greaterThanOrEqualToConstant: pt(node.verticalInsets)),
         item.height.constraint(lessThanOrEqualToConstant: pt(node.verticalInsets))
            .withPriority(CellConstraintSystem.stackHugging(depth: node.depth))]
    }

    private func columnConstraints(_ index: Int, role: [WidthRole]) -> [LayoutConstraint] {
        let node = flat.nodes[index]
        let column = items[index]!
        let children = node.children.filter { presence[$0] }
        guard let last = children.last else { return emptyStackConstraints(column, node) }
        var out: [LayoutConstraint] = []
        let hug = CellConstraintSystem.stackHugging(depth: node.depth)
        var previous: LayoutItem?
        for child in children {
            let item = items[child]!
            if let previous {
                out.append(item.top.constraint(equalTo: previous.bottom, constant: pt(node.spacing)))
            } else {
                out.append(item.top.constraint(equalTo: column.top, constant: pt(node.top)))
            }
            previous = item
            let leading = pt(node.left), trailing = -pt(node.right)
            if role[child] == .forced {
                out.append(item.leading.constraint(equalTo: column.leading, constant: leading))
                out.append(item.trailing.constraint(equalTo: column.trailing, constant: trailing))
                continue
            }
            out.append(item.leading.constraint(greaterThanOrEqualTo: column.leading, constant: leading))
            out.append(item.trailing.constraint(lessThanOrEqualTo: column.trailing, constant: trailing))
            switch node.align {
            case .start, .fill, .firstBaseline, .lastBaseline:  // baselines: rows only
                out.append(item.leading.constraint(equalTo: column.leading, constant: leading))
            case .end:
                out.append(item.trailing.constraint(equalTo: column.trailing, constant: trailing))
            case .center:
                let base = (pt(node.left) - pt(node.right)) / 2
                let center = item.centerX.constraint(equalTo: column.centerX, constant: base).adjustable()
                out.append(center)
                snaps.append(center)
                centers.append(Center(child: child, parent: index, axis: .horizontal, constraint: center, base: base))
            }
        }
        let lastItem = items[last]!
        out.append(lastItem.bottom.constraint(lessThanOrEqualTo: column.bottom, constant: -pt(node.bottom)))
        out.append(lastItem.bottom.constraint(equalTo: column.bottom, constant: -pt(node.bottom)).withPriority(hug))
        return out
    }

    private func rowConstraints(_ index: Int, role: [WidthRole]) -> [LayoutConstraint] {
        let node = flat.nodes[index]
        let row = items[index]!
        let children = node.children.filter { presence[$0] }
        guard let last = children.last else { return emptyStackConstraints(row, node) }
        var out: [LayoutConstraint] = []
        let hug = CellConstraintSystem.stackHugging(depth: node.depth)
        var previous: LayoutItem?
        var growing: [Int] = []
        var guide: LayoutItem?
        if node.align.isBaseline {
            let made = LayoutItem(name: node.path + ".baseline")
            engine.addItem(made)
            guide = made
            baselineRows.append(BaselineRow(node: index, children: children, first: node.align == .firstBaseline))
            // The guide's top as high as the items let it be, whatever pulls the row taller.
            out.append(made.top.constraint(equalTo: row.top, constant: pt(node.top))
                .withPriority(CellConstraintSystem.baselineGuide))
        }
        for child in children {
            let item = items[child]!
            if let previous {
                out.append(item.leading.constraint(equalTo: previous.trailing, constant: pt(node.spacing)))
            } else {
                out.append(item.leading.constraint(equalTo: row.leading, constant: pt(node.left)))
            }
            previous = item
            if flat.nodes[child].grow > 0 { growing.append(child) }
            let top = pt(node.top), bottom = -pt(node.bottom)
            switch node.align {
            case .fill:
                out.append(item.top.constraint(equalTo: row.top, constant: top))
                out.append(item.bottom.constraint(equalTo: row.bottom, constant: bottom))
            case .start:
                out.append(item.top.constraint(equalTo: row.top, constant: top))
                out.append(item.bottom.constraint(lessThanOrEqualTo: row.bottom, constant: bottom))
                out.append(item.bottom.constraint(equalTo: row.bottom, constant: bottom).withPriority(hug))
            case .end:
                out.append(item.bottom.constraint(equalTo: row.bottom, constant: bottom))
                out.append(item.top.constraint(greaterThanOrEqualTo: row.top, constant: top))
                out.append(item.top.constraint(equalTo: row.top, constant: top).withPriority(hug))
            case .center:
                let base = (pt(node.top) - pt(node.bottom)) / 2
                let center = item.centerY.constraint(equalTo: row.centerY, constant: base).adjustable()
                out.append(center)
                out.append(item.top.constraint(greaterThanOrEqualTo: row.top, constant: top))
                out.append(item.bottom.constraint(lessThanOrEqualTo: row.bottom, constant: bottom))
                // Both gaps hug: stretching the row costs the whole slack, as for top and bottom.
                out.append(item.top.constraint(equalTo: row.top, constant: top).withPriority(hug))
                out.append(item.bottom.constraint(equalTo: row.bottom, constant: bottom).withPriority(hug))
                snaps.append(center)
                centers.append(Center(child: child, parent: index, axis: .vertical, constraint: center, base: base))
            case .firstBaseline, .lastBaseline:
                item.setBaselineOffsets(first: 0, last: 0)
                let baseline = node.align == .firstBaseline ? item.firstBaseline : item.lastBaseline
                out.append(baseline.constraint(equalTo: guide!.top))
                out.append(item.top.constraint(greaterThanOrEqualTo: row.top, constant: top))
                out.append(item.bottom.constraint(lessThanOrEqualTo: row.bottom, constant: bottom))
                out.append(item.bottom.constraint(equalTo: row.bottom, constant: bottom).withPriority(hug))
            }
        }
        let lastItem = items[last]!
        if growing.isEmpty {
            out.append(lastItem.trailing.constraint(lessThanOrEqualTo: row.trailing, constant: -pt(node.right)))
        } else {
            out.append(lastItem.trailing.constraint(equalTo: row.trailing, constant: -pt(node.right)))
        }
        if growing.count > 1 {
            let first = items[growing[0]]!
            let weight0 = flat.nodes[growing[0]].grow
            var group = GrowGroup(nodes: growing, weights: growing.map { flat.nodes[$0].grow }, constraints: [])
            for child in growing.dropFirst() {
                let proportional = items[child]!.width.constraint(equalTo: first.width, multiplier: flat.nodes[child].grow / weight0)
                    .adjustable().withPriority(CellConstraintSystem.proportionalWidth)
                group.constraints.append(proportional)
                out.append(proportional)
            }
            growGroups.append(group)
        }
        return out
    }
}
