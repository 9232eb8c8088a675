import ConstraintSolver
import TextMetrics

/// A rectangle laid out by constraints: a view, in Auto Layout's terms.
///
/// An item owns four solver variables — its left edge, top edge, width and height — and
/// every anchor is a linear expression over them (``trailing`` is `left + width`, ``centerY``
/// is `top + height / 2`, …). Add the item to a ``LayoutEngine``, activate constraints
/// between anchors, solve, then read ``frame``.
///
/// An item may have an ``intrinsicContentSize``; the engine turns each known dimension into
/// a content-hugging and a compression-resistance inequality at the item's per-axis
/// priorities (250 and 750 by default, as on iOS).
///
/// ```swift
/// let engine = LayoutEngine(scale: 2)
/// let avatar = LayoutItem(name: "avatar")
/// engine.addItem(avatar)
/// try engine.activate([
///     avatar.leading.constraint(equalTo: engine.contentView.leading, constant: 8),
///     avatar.top.constraint(equalTo: engine.contentView.top, constant: 8),
///     avatar.width.constraint(equalToConstant: 50),
///     avatar.height.constraint(equalTo: avatar.width),
/// ])
/// _ = try engine.systemLayoutSizeFitting(width: 320)
/// avatar.frame   // (8.0, 8.0, 50.0 × 50.0)
/// ```
///
/// Items are not `Sendable`: like a `UIView`, an item belongs to one engine, used on one thread.
public class LayoutItem {
    /// A name for descriptions and error messages.
    public let name: String
    /// The left edge (x of the frame's origin).
    let left: Variable
    /// The top edge (y of the frame's origin).
    let topEdge: Variable
    /// The width.
    let widthVariable: Variable
    /// The height.
    let heightVariable: Variable

    /// The engine the item was added to, if any.
    public internal(set) weak var engine: LayoutEngine?

    /// The item's content hugging and compression resistance priorities.
    public private(set) var contentPriorities = ContentPriorities()

    /// The size the content wants; each known dimension is held by a hugging and a
    /// compression-resistance constraint. Setting it updates those constraints'
    /// constants incrementally.
    public var intrinsicContentSize: IntrinsicContentSize = .none {
        didSet {
            if intrinsicContentSize != oldValue { engine?.intrinsicContentSizeChanged(self) }
        }
    }

    /// The installed content constraints, per axis (index 0 horizontal, 1 vertical).
    var contentConstraints: [ContentConstraints?] = [nil, nil]

    /// Creates an item, not yet in an engine.
    public init(name: String = "item") {
        self.name = name
        left = Variable(name + ".left")
        topEdge = Variable(name + ".top")
        widthVariable = Variable(name + ".width")
        heightVariable = Variable(name + ".height")
    }

    // MARK: - Anchors

    /// The left edge (left-to-right layout only).
    public var leading: LayoutAnchor { LayoutAnchor(item: self, attribute: .leading) }
    /// The right edge.
    public var trailing: LayoutAnchor { LayoutAnchor(item: self, attribute: .trailing) }
    /// The top edge.
    public var top: LayoutAnchor { LayoutAnchor(item: self, attribute: .top) }
    /// The bottom edge.
    public var bottom: LayoutAnchor { LayoutAnchor(item: self, attribute: .bottom) }
    /// The width.
    public var width: LayoutAnchor { LayoutAnchor(item: self, attribute: .width) }
    /// The height.
    public var height: LayoutAnchor { LayoutAnchor(item: self, attribute: .height) }
    /// The horizontal center.
    public var centerX: LayoutAnchor { LayoutAnchor(item: self, attribute: .centerX) }
    /// The vertical center.
    public var centerY: LayoutAnchor { LayoutAnchor(item: self, attribute: .centerY) }
    /// The first baseline (`firstBaselineAnchor`): a label's first line's baseline; for other
    /// items, the offset ``setBaselineOffsets(first:last:)`` gives, else the bottom.
    public var firstBaseline: LayoutAnchor { LayoutAnchor(item: self, attribute: .firstBaseline) }
    /// The last baseline (`lastBaselineAnchor`), likewise.
    public var lastBaseline: LayoutAnchor { LayoutAnchor(item: self, attribute: .lastBaseline) }

    // MARK: - Baselines

    /// The baselines' offsets from the top, in points, each held in an edit variable of the
    /// engine (as intrinsic sizes are), or `nil` while the item has none (its baseline is its
    /// bottom).
    var baselineOffsets: BaselineOffsets?

    /// Sets where the item's baselines are, in points from its top — a text view inside it, a
    /// stack's first item — so that constraints on ``firstBaseline`` and ``lastBaseline``
    /// follow. Items given no offsets have their baselines at their bottom, as an image.
    ///
    /// Set offsets before activating constraints on the baseline anchors: an anchor used
    /// before is the bottom for good.
    public func setBaselineOffsets(first: Double, last: Double) {
        if var offsets = baselineOffsets {
            if offsets.first != first { engine?.suggestBaselineOffset(first, for: offsets.firstVariable) }
            if offsets.last != last { engine?.suggestBaselineOffset(last, for: offsets.lastVariable) }
            offsets.first = first
            offsets.last = last
            baselineOffsets = offsets
        } else {
            baselineOffsets = BaselineOffsets(first: first, last: last, firstVariable: Variable(name + ".firstBaseline"),
                                              lastVariable: Variable(name + ".lastBaseline"))
            engine?.installBaselineOffsets(of: self)
        }
    }

    /// Gives the item baseline offsets of its own before a baseline anchor is first used
    /// (a label's come from its text); none by default.
    func prepareBaselineOffsets() {}

    /// The baseline anchor's expression: the top plus the offset, or the bottom.
    func baselineExpression(first: Bool) -> Expression {
        if baselineOffsets == nil { prepareBaselineOffsets() }
        guard let offsets = baselineOffsets else { return topEdge + heightVariable }
        return topEdge + (first ? offsets.firstVariable : offsets.lastVariable)
    }

    // MARK: - Content priorities

    /// Sets how strongly the item resists growing beyond its intrinsic size on `axis`.
    ///
    /// ```swift
    /// nameLabel.setContentHuggingPriority(LayoutPriority(251), for: .horizontal)
    /// ```
    public func setContentHuggingPriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
        guard contentPriorities.hugging[axis] != priority else { return }
        contentPriorities.hugging[axis] = priority
        engine?.contentPrioritiesChanged(self, axis: axis)
    }

    /// Sets how strongly the item resists shrinking below its intrinsic size on `axis`.
    ///
    /// ```swift
    /// timeLabel.setContentCompressionResistancePriority(.required, for: .horizontal)
    /// ```
    public func setContentCompressionResistancePriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
        guard contentPriorities.compressionResistance[axis] != priority else { return }
        contentPriorities.compressionResistance[axis] = priority
        engine?.contentPrioritiesChanged(self, axis: axis)
    }

    /// The content hugging priority on `axis`.
    public func contentHuggingPriority(for axis: LayoutAxis) -> LayoutPriority {
        contentPriorities.hugging[axis]
    }

    /// The compression resistance priority on `axis`.
    public func contentCompressionResistancePriority(for axis: LayoutAxis) -> LayoutPriority {
        contentPriorities.compressionResistance[axis]
    }

    // MARK: - Results

    /// The solved frame, in points, as the engine's solver has it now (unrounded);
    /// ``Rect/zero`` when the item is in no engine.
    ///
    /// - Complexity: O(1).
    public var frame: Rect {
        guard let engine else { return .zero }
        return engine.frame(of: self)
    }
}

/// An item's baseline offsets and the edit variables that hold them.
struct BaselineOffsets {
    var first: Double
    var last: Double
    let firstVariable: Variable
    let lastVariable: Variable
}

/// The hugging and compression-resistance constraints of one axis of an item, with the
/// variable holding their shared constant (an edit variable of the engine's solver).
struct ContentConstraints {
    let hugging: Constraint
    let compressionResistance: Constraint
    let constant: Variable
    var value: Double
}

extension LayoutItem: CustomStringConvertible {
    /// The item's name.
    public var description: String { name }
}
