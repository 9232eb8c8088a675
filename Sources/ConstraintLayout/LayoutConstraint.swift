import ConstraintSolver

/// A linear relation between two anchors, `first (relation) second × multiplier + constant`,
/// at a priority: `NSLayoutConstraint`.
///
/// Make constraints from anchors (``LayoutAnchor/constraint(equalTo:constant:)``), adjust
/// ``priority`` before activating them in a ``LayoutEngine``. Changing ``constant`` of an
/// active constraint re-solves incrementally, as Auto Layout does: a constraint marked
/// ``isConstantAdjustable`` before activation keeps its constant in an edit variable, so a
/// change is one `suggestValue` (a few pivots); otherwise the constraint is removed and
/// added again.
///
/// ```swift
/// let width = label.width.constraint(lessThanOrEqualToConstant: 200)
/// width.priority = .defaultHigh
/// width.isConstantAdjustable = true
/// try engine.activate([width])
/// width.constant = 180        // incremental
/// ```
public final class LayoutConstraint: CustomStringConvertible {
    /// The constrained anchor.
    public let firstAnchor: LayoutAnchor
    /// How the two sides compare.
    public let relation: Relation
    /// The anchor related to, or `nil` for a constant dimension.
    public let secondAnchor: LayoutAnchor?
    /// The factor on ``secondAnchor`` (1 for positions).
    public let multiplier: Double
    /// A name for descriptions and error messages.
    public var identifier: String?

    /// The constant term. Changing it on an active constraint updates the solution.
    public var constant: Double {
        didSet {
            if constant != oldValue, let engine { engine.constantChanged(self) }
        }
    }

    /// The priority; change it before activation (changing it on an active constraint
    /// re-installs it, as UIKit forbids only for required ↔ optional).
    public var priority: LayoutPriority = .required {
        didSet {
            if priority != oldValue, let engine { engine.priorityChanged(self) }
        }
    }

    /// Whether the constant lives in a solver edit variable, so that changing it is an
    /// incremental re-solve. Set before activation.
    public var isConstantAdjustable = false

    /// The engine the constraint is active in.
    public internal(set) weak var engine: LayoutEngine?
    /// The solver constraint, while active.
    var solverConstraint: Constraint?
    /// The edit variable holding the constant, for adjustable constraints while active.
    var constantVariable: Variable?

    init(first: LayoutAnchor, relation: Relation, second: LayoutAnchor?, multiplier: Double, constant: Double) {
        self.firstAnchor = first
        self.relation = relation
        self.secondAnchor = second
        self.multiplier = multiplier
        self.constant = constant
    }

    /// Whether the constraint is active in an engine.
    public var isActive: Bool { solverConstraint != nil }

    /// Sets the priority and returns the constraint, for chaining.
    ///
    /// ```swift
    /// try engine.activate([label.width.constraint(equalToConstant: 100).withPriority(.defaultLow)])
    /// ```
    @discardableResult
    public func withPriority(_ priority: LayoutPriority) -> LayoutConstraint {
        self.priority = priority
        return self
    }

    /// Marks the constant adjustable and returns the constraint, for chaining.
    @discardableResult
    public func adjustable() -> LayoutConstraint {
        isConstantAdjustable = true
        return self
    }

    /// The solver constraint for the current constant: `first − second × m − c (rel) 0`,
    /// where `c` is `constantVariable` when given.
    func makeSolverConstraint(constantVariable: Variable?) -> Constraint {
        var expression = firstAnchor.expression
        if let secondAnchor {
            expression = expression - secondAnchor.expression * multiplier
        }
        if let constantVariable {
            expression = expression - constantVariable
        } else {
            expression.constant -= constant
        }
        return Constraint(expression, relation, strength: priority.strength)
    }

    /// `avatar.bottom <= cell.bottom - 8 @250`.
    public var description: String {
        var text = identifier.map { "[\($0)] " } ?? ""
        text += "\(firstAnchor) \(relation)"
        if let secondAnchor {
            text += " \(secondAnchor)"
            if multiplier != 1 { text += " × \(multiplier)" }
            if constant != 0 { text += constant > 0 ? " + \(constant)" : " - \(-constant)" }
        } else {
            text += " \(constant)"
        }
        if !priority.isRequired { text += " @\(priority)" }
        return text
    }
}
