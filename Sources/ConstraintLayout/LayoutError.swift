import ConstraintSolver

/// Why a ``LayoutEngine`` cannot lay its items out.
///
/// ```swift
/// do {
///     try engine.activate([a.width.constraint(equalToConstant: 10), a.width.constraint(equalToConstant: 20)])
/// } catch let error as LayoutError {
///     print(error)   // unsatisfiable required constraint: a.width == 20.0
/// }
/// ```
public struct LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, naming the constraint or item at fault.
    public var reason: String

    /// Creates an error.
    public init(_ reason: String) { self.reason = reason }

    /// The reason.
    public var description: String { reason }

    /// A solver error explained with the layout constraint it concerns, when known.
    init(_ error: SolverError, constraint: LayoutConstraint? = nil) {
        switch error {
        case .unsatisfiableConstraint(let c):
            reason = "unsatisfiable required constraint: \(constraint.map(\.description) ?? c.description)"
        case .duplicateConstraint(let c):
            reason = "constraint already active: \(constraint.map(\.description) ?? c.description)"
        case .unknownConstraint(let c):
            reason = "constraint not active: \(constraint.map(\.description) ?? c.description)"
        case .nonFiniteConstraint(let c):
            reason = "constraint with a non-finite number: \(constraint.map(\.description) ?? c.description)"
        case .nonFiniteSuggestedValue(let v, let value):
            reason = "non-finite value \(value) for \(v)"
        case .duplicateEditVariable(let v), .unknownEditVariable(let v), .requiredEditStrength(let v):
            reason = "edit variable misuse: \(v) (\(error))"
        case .internalError(let message):
            reason = "solver error: \(message)"
        }
    }
}
