/// How a constraint's two sides compare.
///
/// A ``Constraint`` stores its sides moved to the left, `lhs − rhs`, and the
/// relation says how that difference compares with zero.
///
/// ```swift
/// let c = x + 10 |<=| y
/// c.relation // .lessThanOrEqual
/// ```
public enum Relation: Sendable, Hashable, CaseIterable {
    /// `lhs <= rhs`.
    case lessThanOrEqual
    /// `lhs == rhs`.
    case equal
    /// `lhs >= rhs`.
    case greaterThanOrEqual
}

extension Relation: CustomStringConvertible {
    /// `<=`, `==` or `>=`.
    public var description: String {
        switch self {
        case .lessThanOrEqual: "<="
        case .equal: "=="
        case .greaterThanOrEqual: ">="
        }
    }
}
