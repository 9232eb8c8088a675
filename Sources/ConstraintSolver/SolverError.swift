/// The errors a ``Solver`` throws. Each case carries the culprit.
///
/// Every throwing ``Solver`` method checks its arguments before changing
/// anything, and the one failure discovered mid-way (an unsatisfiable
/// required constraint) is rolled back, so **after any error the solver is
/// exactly as it was before the call**.
///
/// ```swift
/// do {
///     try solver.addConstraint(x |==| 5)
///     try solver.addConstraint(x |==| 6)
/// } catch .unsatisfiableConstraint(let culprit) {
///     print("cannot satisfy", culprit)   // the x == 6 constraint
/// }
/// ```
///
/// The carried objects are not thread-safe; the error is marked
/// `@unchecked Sendable` only so it can be thrown. Do not inspect the
/// payload on another thread while the solver is in use.
public enum SolverError: Error, @unchecked Sendable {
    /// The constraint was already added to this solver.
    case duplicateConstraint(Constraint)
    /// The required constraint conflicts with the required constraints
    /// already in the solver.
    case unsatisfiableConstraint(Constraint)
    /// The constraint is not in this solver.
    case unknownConstraint(Constraint)
    /// The variable is already an edit variable of this solver.
    case duplicateEditVariable(Variable)
    /// The variable is not an edit variable of this solver.
    case unknownEditVariable(Variable)
    /// Edit variables cannot use ``Strength/required``; the variable is the
    /// one passed to ``Solver/addEditVariable(_:strength:)``.
    case requiredEditStrength(Variable)
    /// A coefficient or the constant of the constraint's expression is NaN
    /// or infinite.
    case nonFiniteConstraint(Constraint)
    /// The value suggested for the edit variable is NaN or infinite.
    case nonFiniteSuggestedValue(Variable, Double)
    /// An internal invariant failed (a solver bug); the message says which.
    case internalError(String)
}
