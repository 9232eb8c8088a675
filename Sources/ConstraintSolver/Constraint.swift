/// A linear relation between expressions, with a strength.
///
/// A constraint is an immutable object compared by identity: the solver
/// tracks the exact object you added, so you remove a constraint by passing
/// the same object back. It stores `lhs − rhs` as its ``expression`` and
/// compares it with zero using ``relation``.
///
/// Build constraints with the operators ``|==|``, ``|<=|`` and ``|>=|``
/// (chosen so they do not clash with `Equatable`'s `==`), then adjust the
/// strength with ``withStrength(_:)`` or ``priority(_:)``:
///
/// ```swift
/// let xl = Variable("xl"), xr = Variable("xr")
/// let gap = xl + 10 |<=| xr                          // required
/// let preferred = (xr |==| 100).priority(250)        // weak preference
/// let solver = Solver()
/// try solver.addConstraint(gap)
/// try solver.addConstraint(preferred)
/// ```
///
/// Constraints are not `Sendable`: a solver writes bookkeeping into the
/// objects it is given.
public final class Constraint {
    /// `lhs − rhs`; the constraint reads `expression (relation) 0`.
    public let expression: Expression
    /// How ``expression`` compares with zero.
    public let relation: Relation
    /// How strongly the solver should satisfy the constraint.
    public let strength: Strength

    /// Per-solver bookkeeping: the tableau symbols that track this constraint.
    @exclusivity(unchecked) var registrations = RegistrationTable<ConstraintTag>()

    /// Creates the constraint `expression (relation) 0`.
    ///
    /// ```swift
    /// // x − y + 10 <= 0, i.e. x + 10 <= y
    /// let c = Constraint(x - y + 10, .lessThanOrEqual, strength: .required)
    /// ```
    public init(_ expression: Expression, _ relation: Relation, strength: Strength = .required) {
        self.expression = expression
        self.relation = relation
        self.strength = strength
    }

    /// Creates the constraint `lhs (relation) rhs`.
    ///
    /// ```swift
    /// let c = Constraint(x + 10, .lessThanOrEqual, Expression(y))
    /// ```
    ///
    /// - Complexity: O(*n* + *m*) in the number of terms.
    public convenience init(_ lhs: Expression, _ relation: Relation, _ rhs: Expression, strength: Strength = .required) {
        self.init(lhs - rhs, relation, strength: strength)
    }

    /// Returns a new constraint with the same relation and the given strength.
    ///
    /// The receiver is unchanged (and keeps its identity); add the returned
    /// object to the solver.
    ///
    /// ```swift
    /// let c = (x |>=| 0).withStrength(.weak)
    /// ```
    public func withStrength(_ strength: Strength) -> Constraint {
        Constraint(expression, relation, strength: strength)
    }

    /// Returns a new constraint with the strength of an Auto Layout priority
    /// (see ``Strength/init(priority:)``).
    ///
    /// ```swift
    /// let hugging = (height |==| 17).priority(250)
    /// ```
    public func priority(_ priority: Float) -> Constraint {
        withStrength(Strength(priority: priority))
    }
}

extension Constraint: Hashable {
    /// Two constraints are equal only when they are the same object.
    public static func == (lhs: Constraint, rhs: Constraint) -> Bool {
        lhs === rhs
    }

    /// Hashes the constraint's identity (its `ObjectIdentifier`).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}

extension Constraint: CustomStringConvertible {
    /// A readable form such as `1.0*x + -1.0*y + 10.0 <= 0 | required`.
    public var description: String {
        "\(expression) \(relation) 0 | \(strength)"
    }
}
