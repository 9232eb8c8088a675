// Operators that build constraints. They use the |op| spelling so they never
// compete with Equatable/Comparable's ==, <= and >= during type checking.

/// Precedence of the constraint operators: below arithmetic and comparison, so `x + 10 |<=| y`
/// needs no parentheses, and non-associative, so `a |==| b |==| c` is rejected.
precedencegroup ConstraintRelationPrecedence {
    higherThan: AssignmentPrecedence
    lowerThan: ComparisonPrecedence
    associativity: none
}

/// Builds a required equality constraint, `lhs == rhs`.
///
/// ```swift
/// let c = x + 10 |==| y
/// ```
infix operator |==| : ConstraintRelationPrecedence
/// Builds a required inequality constraint, `lhs <= rhs`.
///
/// ```swift
/// let c = x + 10 |<=| y
/// ```
infix operator |<=| : ConstraintRelationPrecedence
/// Builds a required inequality constraint, `lhs >= rhs`.
///
/// ```swift
/// let c = x |>=| 0
/// ```
infix operator |>=| : ConstraintRelationPrecedence

/// The required constraint `lhs == rhs`.
///
/// ```swift
/// let c = xm * 2 |==| xl + xr
/// ```
@inlinable
public func |==| <L: LinearExpressionConvertible, R: LinearExpressionConvertible>(lhs: L, rhs: R) -> Constraint {
    Constraint(lhs - rhs, .equal)
}

/// The required constraint `lhs == rhs` with a constant right side.
///
/// ```swift
/// let c = width |==| 320
/// ```
@inlinable
public func |==| <L: LinearExpressionConvertible>(lhs: L, rhs: Double) -> Constraint {
    Constraint(lhs - rhs, .equal)
}

/// The required constraint `lhs == rhs` with a constant left side.
///
/// ```swift
/// let c = 320 |==| width
/// ```
@inlinable
public func |==| <R: LinearExpressionConvertible>(lhs: Double, rhs: R) -> Constraint {
    Constraint(lhs - rhs, .equal)
}

/// The required constraint `lhs <= rhs`.
///
/// ```swift
/// let c = xl + 10 |<=| xr
/// ```
@inlinable
public func |<=| <L: LinearExpressionConvertible, R: LinearExpressionConvertible>(lhs: L, rhs: R) -> Constraint {
    Constraint(lhs - rhs, .lessThanOrEqual)
}

/// The required constraint `lhs <= rhs` with a constant right side.
///
/// ```swift
/// let c = xr |<=| 100
/// ```
@inlinable
public func |<=| <L: LinearExpressionConvertible>(lhs: L, rhs: Double) -> Constraint {
    Constraint(lhs - rhs, .lessThanOrEqual)
}

/// The required constraint `lhs <= rhs` with a constant left side.
///
/// ```swift
/// let c = 0 |<=| xl
/// ```
@inlinable
public func |<=| <R: LinearExpressionConvertible>(lhs: Double, rhs: R) -> Constraint {
    Constraint(lhs - rhs, .lessThanOrEqual)
}

/// The required constraint `lhs >= rhs`.
///
/// ```swift
/// let c = xr |>=| xl + 10
/// ```
@inlinable
public func |>=| <L: LinearExpressionConvertible, R: LinearExpressionConvertible>(lhs: L, rhs: R) -> Constraint {
    Constraint(lhs - rhs, .greaterThanOrEqual)
}

/// The required constraint `lhs >= rhs` with a constant right side.
///
/// ```swift
/// let c = height |>=| 17
/// ```
@inlinable
public func |>=| <L: LinearExpressionConvertible>(lhs: L, rhs: Double) -> Constraint {
    Constraint(lhs - rhs, .greaterThanOrEqual)
}

/// The required constraint `lhs >= rhs` with a constant left side.
///
/// ```swift
/// let c = 100 |>=| xr
/// ```
@inlinable
public func |>=| <R: LinearExpressionConvertible>(lhs: Double, rhs: R) -> Constraint {
    Constraint(lhs - rhs, .greaterThanOrEqual)
}
