import ConstraintSolver
import TextMetrics

/// Items, constraints and the solver that places them: the Auto Layout engine of one
/// view hierarchy (an offscreen template cell, say).
///
/// The engine owns a ``Solver`` and a ``contentView`` at the origin whose width is an edit
/// variable and whose height is minimized at ``LayoutPriority/fittingSizeLevel`` — so
/// ``systemLayoutSizeFitting(width:)`` answers the *compressed* size: the smallest height
/// that satisfies everything at that width, as `UILayoutFittingCompressedSize`.
///
/// ```swift
/// let engine = LayoutEngine(scale: 2)
/// let label = Label(name: "answer", text: answer, font: font, numberOfLines: 0)
/// engine.addItem(label)
/// let cell = engine.contentView
/// try engine.activate([
///     label.leading.constraint(equalTo: cell.leading, constant: 15),
///     label.trailing.constraint(equalTo: cell.trailing, constant: -15),
///     label.top.constraint(equalTo: cell.top, constant: 10),
///     cell.bottom.constraint(equalTo: label.bottom, constant: 10),
/// ])
/// let size = try engine.systemLayoutSizeFitting(width: 375)
/// label.frame      // where the label goes
/// ```
///
/// Everything is incremental: activating or deactivating a constraint, changing a
/// constant, a priority or an intrinsic size, or a new width re-optimizes from the previous
/// solution, and an engine kept for a screen's life stays as fast and as small as its live
/// constraints make it, however often they are toggled or changed.
/// Not `Sendable`: use an engine (and its items) on one thread.
public final class LayoutEngine {
    /// Pixels per point: label intrinsic sizes are rounded up to this grid, and
    /// ``systemLayoutSizeFitting(width:)`` rounds its answer to it.
    public let scale: Double
    /// The container at the origin: its width is set by ``systemLayoutSizeFitting(width:)``,
    /// its height is as small as the constraints allow.
    public let contentView: LayoutItem
    /// The solver.
    let solver = Solver()
    /// The items added, in order.
    public private(set) var items: [LayoutItem] = []
    private var labels: [Label] = []
    /// The strength of every edit (the container width, intrinsic sizes, adjustable
    /// constants): just below required.
    static let editStrength = Strength(priority: 999)
    private var widthSuggestion = -1.0

    /// Creates an engine with an empty content view.
    /// - Precondition: `scale` is positive and finite.
    public init(scale: Double = 2) {
        precondition(scale.isFinite && scale > 0, "the scale must be a positive finite number")
        self.scale = scale
        contentView = LayoutItem(name: "contentView")
        contentView.engine = self
        do {
            try solver.addConstraint(contentView.left |==| 0)
            try solver.addConstraint(contentView.topEdge |==| 0)
            try solver.addConstraint(contentView.heightVariable |>=| 0)
            try solver.addConstraint((contentView.heightVariable |==| 0).withStrength(LayoutPriority.fittingSizeLevel.strength))
            try solver.addEditVariable(contentView.widthVariable, strength: LayoutEngine.editStrength)
        } catch {
            preconditionFailure("a fresh solver rejected the content view's constraints: \(error)")
        }
    }

    // MARK: - Items

    /// Adds `item` to the engine and installs its content constraints.
    /// - Precondition: the item is in no engine.
    /// - Complexity: O(1) solver additions (at most four content constraints).
    public func addItem(_ item: LayoutItem) {
        precondition(item.engine == nil, "\(item) is already in an engine")
        item.engine = self
        items.append(item)
        if let label = item as? Label {
            labels.append(label)
            label.scale = scale   // recomputes the intrinsic size
        }
        intrinsicContentSizeChanged(item)
        if item.baselineOffsets != nil { installBaselineOffsets(of: item) }
    }

    /// Makes `item`'s baseline offsets edit variables of the solver, at their values.
    func installBaselineOffsets(of item: LayoutItem) {
        guard let offsets = item.baselineOffsets else { return }
        do {
            for (variable, value) in [(offsets.firstVariable, offsets.first), (offsets.lastVariable, offsets.last)] {
                try solver.addEditVariable(variable, strength: LayoutEngine.editStrength)
                try solver.suggestValue(value, for: variable)
            }
        } catch {
            preconditionFailure("cannot install the baseline offsets of \(item): \(error)")
        }
    }

    /// A new value for a baseline offset's edit variable.
    func suggestBaselineOffset(_ value: Double, for variable: Variable) {
        suggest(value, for: variable)
    }

    func intrinsicContentSizeChanged(_ item: LayoutItem) {
        for axis in LayoutAxis.allCases {
            let index = axis == .horizontal ? 0 : 1
            let wanted = item.intrinsicContentSize[axis]
            switch (item.contentConstraints[index], wanted) {
            case (nil, nil):
                break
            case (let installed?, nil):
                removeContentConstraints(installed)
                item.contentConstraints[index] = nil
            case (nil, let value?):
                item.contentConstraints[index] = installContentConstraints(item, axis: axis, value: value)
            case (var installed?, let value?):
                if installed.value != value {
                    suggest(value, for: installed.constant)
                    installed.value = value
                    item.contentConstraints[index] = installed
                }
            }
        }
    }

    func contentPrioritiesChanged(_ item: LayoutItem, axis: LayoutAxis) {
        let index = axis == .horizontal ? 0 : 1
        guard let installed = item.contentConstraints[index] else { return }
        do {
            let hugging = try solver.changeStrength(of: installed.hugging,
                                                    to: item.contentPriorities.hugging[axis].strength)
            item.contentConstraints[index] = ContentConstraints(
                hugging: hugging, compressionResistance: installed.compressionResistance,
                constant: installed.constant, value: installed.value)
            let resistance = try solver.changeStrength(of: installed.compressionResistance,
                                                       to: item.contentPriorities.compressionResistance[axis].strength)
            item.contentConstraints[index] = ContentConstraints(
                hugging: hugging, compressionResistance: resistance, constant: installed.constant,
                value: installed.value)
        } catch {
            // Only a required content priority that conflicts gets here.
            preconditionFailure("cannot change the content priorities of \(item): \(error)")
        }
    }

    private func installContentConstraints(_ item: LayoutItem, axis: LayoutAxis, value: Double) -> ContentConstraints {
        let extent = axis == .horizontal ? item.widthVariable : item.heightVariable
        let constant = Variable("\(item.name).intrinsic\(axis == .horizontal ? "Width" : "Height")")
        let hugging = (extent |<=| constant).withStrength(item.contentPriorities.hugging[axis].strength)
        let resistance = (extent |>=| constant).withStrength(item.contentPriorities.compressionResistance[axis].strength)
        do {
            try solver.addEditVariable(constant, strength: LayoutEngine.editStrength)
            try solver.suggestValue(value, for: constant)
            try solver.addConstraint(hugging)
            try solver.addConstraint(resistance)
        } catch {
            // Content constraints are never required (priorities below 1000 are clamped to be
            // optional), so only a non-finite size gets here.
            preconditionFailure("cannot install the content constraints of \(item): \(error)")
        }
        return ContentConstraints(hugging: hugging, compressionResistance: resistance, constant: constant, value: value)
    }

    private func removeContentConstraints(_ installed: ContentConstraints) {
        try? solver.removeConstraint(installed.hugging)
        try? solver.removeConstraint(installed.compressionResistance)
        try? solver.removeEditVariable(installed.constant)
    }

    // MARK: - Constraints

    /// Activates `constraints`: all of them, or — when one cannot be satisfied — none.
    ///
    /// - Throws: ``LayoutError`` naming the first required constraint that conflicts with the
    ///   required constraints already active (or a constraint already active).
    /// - Complexity: one incremental solver addition per constraint.
    public func activate(_ constraints: [LayoutConstraint]) throws(LayoutError) {
        var done: [LayoutConstraint] = []
        for constraint in constraints {
            do {
                try install(constraint)
                done.append(constraint)
            } catch {
                for installed in done.reversed() { uninstall(installed) }
                throw error
            }
        }
    }

    /// Deactivates `constraints` (those not active are skipped).
    public func deactivate(_ constraints: [LayoutConstraint]) {
        for constraint in constraints where constraint.engine === self { uninstall(constraint) }
    }

    private func install(_ constraint: LayoutConstraint) throws(LayoutError) {
        guard constraint.engine == nil else {
            throw LayoutError("constraint already active: \(constraint)")
        }
        var variable: Variable?
        if constraint.isConstantAdjustable {
            let edit = constraint.retiredConstantVariable ?? Variable("constant")
            do {
                try solver.addEditVariable(edit, strength: LayoutEngine.editStrength)
                try solver.suggestValue(constraint.constant, for: edit)
            } catch {
                throw LayoutError(error, constraint: constraint)
            }
            variable = edit
        }
        let made = constraint.makeSolverConstraint(constantVariable: variable)
        do {
            try solver.addConstraint(made)
        } catch {
            if let variable { try? solver.removeEditVariable(variable) }
            throw LayoutError(error, constraint: constraint)
        }
        constraint.solverConstraint = made
        constraint.constantVariable = variable
        constraint.engine = self
    }

    private func uninstall(_ constraint: LayoutConstraint) {
        if let made = constraint.solverConstraint { try? solver.removeConstraint(made) }
        if let variable = constraint.constantVariable { try? solver.removeEditVariable(variable) }
        constraint.retire()
        constraint.engine = nil
    }

    /// A constant changed: one suggestion for an adjustable constraint, else the solver
    /// moves the constraint's constant in place. A required constraint whose new constant
    /// conflicts is deactivated.
    func constantChanged(_ constraint: LayoutConstraint) {
        if let variable = constraint.constantVariable {
            suggest(constraint.constant, for: variable)
        } else if let made = constraint.solverConstraint {
            do {
                constraint.solverConstraint = try solver.changeConstant(of: made, to: constraint.solverConstant)
            } catch {
                // The solver is unchanged: break the constraint, as UIKit logs and breaks one.
                uninstall(constraint)
            }
        }
    }

    /// A priority changed: the solver re-weights the constraint in place. One made required
    /// that conflicts is deactivated.
    func priorityChanged(_ constraint: LayoutConstraint) {
        guard let made = constraint.solverConstraint else { return }
        do {
            constraint.solverConstraint = try solver.changeStrength(of: made, to: constraint.priority.strength)
        } catch {
            uninstall(constraint)
        }
    }

    private func suggest(_ value: Double, for variable: Variable) {
        do {
            try solver.suggestValue(value, for: variable)
        } catch {
            preconditionFailure("cannot suggest \(value) for \(variable): \(error)")
        }
    }

    // MARK: - Solving

    /// Sets the content view's width (an incremental edit when it changes).
    /// - Precondition: `width` is finite.
    public func setWidth(_ width: Double) {
        guard width != widthSuggestion else { return }
        widthSuggestion = width
        suggest(width, for: contentView.widthVariable)
    }

    /// The content view's compressed size at `width`: the smallest height satisfying every
    /// constraint, after the labels' two-pass sizing, rounded to the pixel grid.
    ///
    /// 1. Solve at `width` (label heights still from their previous wrap width).
    /// 2. Set each label's ``Label/preferredMaxLayoutWidth`` to its resolved width on the
    ///    grid (padding excluded), which updates its intrinsic height.
    /// 3. Solve again (incrementally); repeat step 2 while a label's width changed.
    ///
    /// - Throws: ``LayoutError`` when the required constraints cannot hold at this width
    ///   (the solver then gives up the width rather than a required constraint).
    /// - Complexity: a few incremental re-solves; each changed intrinsic size is one edit.
    public func systemLayoutSizeFitting(width: Double) throws -> Size {
        setWidth(width)
        for _ in 0..<4 {
            var changed = false
            for label in labels {
                let resolved = max(0, pixels(of: label.widthVariable) / scale - label.horizontalPadding)
                if try label.resolveWidth(resolved) { changed = true }
            }
            if !changed { break }
        }
        try checkWidth()
        return Size(width: width, height: pixels(of: contentView.heightVariable) / scale)
    }

    /// Throws when the solver could not give the content view the width asked for (the
    /// required constraints conflict at that width).
    func checkWidth() throws(LayoutError) {
        let solved = solver.value(of: contentView.widthVariable)
        if abs(solved - widthSuggestion) > 1e-6 * max(1, abs(widthSuggestion)) {
            throw LayoutError("the required constraints cannot hold at width \(widthSuggestion) (solved \(solved))")
        }
    }

    // MARK: - Reading

    /// The current value of `anchor`, in points (unrounded).
    /// - Complexity: O(1).
    public func value(of anchor: LayoutAnchor) -> Double {
        anchor.expression.terms.reduce(anchor.expression.constant) { $0 + $1.coefficient * solver.value(of: $1.variable) }
    }

    /// The current frame of `item`, in points (unrounded).
    /// - Complexity: O(1).
    public func frame(of item: LayoutItem) -> Rect {
        Rect(x: solver.value(of: item.left), y: solver.value(of: item.topEdge),
             width: solver.value(of: item.widthVariable), height: solver.value(of: item.heightVariable))
    }

    /// The frame of `item` on the pixel grid: every edge rounded to the nearest pixel.
    public func pixelAlignedFrame(of item: LayoutItem) -> Rect {
        let x = pixels(of: item.left), y = pixels(of: item.topEdge)
        let w = pixels(of: item.widthVariable), h = pixels(of: item.heightVariable)
        return Rect(x: x / scale, y: y / scale, width: w / scale, height: h / scale)
    }

    /// The value of `variable` in whole pixels (nearest).
    @inline(__always) func pixels(of variable: Variable) -> Double {
        (solver.value(of: variable) * scale).rounded()
    }

    /// The value of `variable` in pixels, unrounded.
    @inline(__always) func rawPixels(of variable: Variable) -> Double {
        solver.value(of: variable) * scale
    }

    /// The number of constraints in the solver (edit constraints included).
    public var solverConstraintCount: Int { solver.constraintCount }
}
