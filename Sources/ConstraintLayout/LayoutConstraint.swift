import ConstraintSolver

/// A linear relation between two anchors, `first (relation) second × multiplier + constant`,
/// at a priority: `NSLayoutConstraint`.
///
/// Make constraints from anchors (``LayoutAnchor/constraint(equalTo:constant:)``), adjust
/// ``priority`` before activating them in a ``LayoutEngine``. Changing ``constant`` or
/// ``priority`` of an active constraint re-solves incrementally, as Auto Layout does: the
/// solver moves the constant through the constraint's marker, or re-weights it, in place
/// (a few pivots, nothing removed or added — except a change to or from ``LayoutPriority/required``,
/// which swaps the solver constraint). A constraint marked ``isConstantAdjustable`` before
/// activation keeps its constant in an edit variable of priority 999 instead, so that a
/// constant the required constraints cannot meet is approached rather than broken.
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

    /// The constant term. Changing it on an active constraint updates the solution; if the
    /// constraint is required and the new constant conflicts with the other required
    /// constraints, the constraint is deactivated (as UIKit breaks a constraint).
    public var constant: Double {
        didSet {
            if constant != oldValue, let engine { engine.constantChanged(self) }
        }
    }

    /// The priority. Changing it on an active constraint re-weights it in place (UIKit
    /// forbids only required ↔ optional, which here swaps the solver constraint; if it
    /// becomes required and conflicts, the constraint is deactivated).
    public var priority: LayoutPriority = .required {
        didSet {
            if priority != oldValue, let engine { engine.priorityChanged(self) }
        }
    }

    /// Whether the constant lives in a solver edit variable of priority 999, so that a
    /// constant the required constraints cannot meet is approached as closely as they allow
    /// rather than breaking the constraint. Set before activation.
    public var isConstantAdjustable = false

    /// The engine the constraint is active in.
    public internal(set) weak var engine: LayoutEngine?
    /// The solver constraint, while active.
    var solverConstraint: Constraint?
    /// The edit variable holding the constant, for adjustable constraints while active.
    var constantVariable: Variable?
    /// The solver constraint and edit variable of the last activation, reused by the next
    /// when nothing they encode has changed.
    private var retired: (constraint: Constraint, constantVariable: Variable?)?
    /// The constant of the solver expression from the anchors alone (`first − second × m`).
    private var anchorConstant = 0.0

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

    /// The solver constraint for the current constant and priority:
    /// `first − second × m − c (rel) 0`, where `c` is `constantVariable` when given. The one
    /// of the previous activation when it still reads the same.
    func makeSolverConstraint(constantVariable: Variable?) -> Constraint {
        if let retired, retired.constantVariable === constantVariable,
           retired.constraint.strength == priority.strength,
           constantVariable != nil || retired.constraint.expression.constant == solverConstant {
            return retired.constraint
        }
        var expression = firstAnchor.expression
        if let secondAnchor {
            expression = expression - secondAnchor.expression * multiplier
        }
        anchorConstant = expression.constant
        if let constantVariable {
            expression = expression - constantVariable
        } else {
            expression.constant -= constant
        }
        return Constraint(expression, relation, strength: priority.strength)
    }

    /// The constant of the solver expression for the current ``constant`` (not adjustable).
    var solverConstant: Double { anchorConstant - constant }

    /// Keeps the solver constraint and edit variable of an activation that ends, for reuse.
    func retire() {
        if let solverConstraint { retired = (solverConstraint, constantVariable) }
        solverConstraint = nil
        constantVariable = nil
    }

    /// The edit variable of the last activation, if any, for the next.
    var retiredConstantVariable: Variable? { retired?.constantVariable }

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
