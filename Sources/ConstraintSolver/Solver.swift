/// An incremental Cassowary constraint solver.
///
/// The solver keeps a simplex tableau for a set of linear equalities and
/// inequalities. Required constraints always hold; among the solutions of
/// the required ones it picks one that minimises the weighted sum of the
/// violations of the non-required constraints (see ``Strength``). This is
/// the algorithm of Badros, Borning & Stuckey, "The Cassowary Linear
/// Arithmetic Constraint Solving Algorithm" (2001), organised the way the
/// kiwi solver made fast: sparse rows, an objective row, an artificial
/// variable only when a row has no usable subject, and the dual simplex
/// for re-solving after edits.
///
/// Everything is incremental: each ``addConstraint(_:)`` and
/// ``removeConstraint(_:)`` leaves the tableau optimal, and
/// ``suggestValue(_:for:)`` re-optimises from the previous solution in a
/// few pivots. Call ``updateVariables()`` to copy the solution into each
/// ``Variable/value``, or read single values with ``value(of:)``.
///
/// ```swift
/// // The Cassowary paper's midpoint example.
/// let xl = Variable("xl"), xm = Variable("xm"), xr = Variable("xr")
/// let solver = Solver()
/// try solver.addConstraint(xm * 2 |==| xl + xr)
/// try solver.addConstraint(xl + 10 |<=| xr)
/// try solver.addConstraint(xr |<=| 100)
/// try solver.addConstraint(xl |>=| 0)
/// try solver.addEditVariable(xm, strength: .strong)
/// try solver.suggestValue(90, for: xm)
/// solver.updateVariables()
/// // xm == 90, xr == 100, xl == 80
/// ```
///
/// ## Errors
///
/// Every throwing method throws a ``SolverError`` naming the culprit, and
/// **after any error the solver is unchanged**: arguments are checked
/// first, and an unsatisfiable required constraint is rolled back
/// completely.
///
/// ## Threads
///
/// `Solver` is deliberately not `Sendable`. One solver (together with the
/// variables and constraints given to it) must be used by one thread or
/// actor at a time; separate solvers on separate threads are fine as long
/// as they share no ``Variable`` or ``Constraint`` objects.
public final class Solver {
    @exclusivity(unchecked) var impl = SolverImpl()

    deinit {
        impl.token.isAlive = false
    }

    /// Creates an empty solver.
    ///
    /// ```swift
    /// let solver = Solver()
    /// ```
    public init() {}

    /// Adds a constraint and re-optimises.
    ///
    /// The variables of the constraint become known to the solver. A
    /// non-required constraint never fails to add; it simply contributes its
    /// weighted violation to the objective.
    ///
    /// ```swift
    /// try solver.addConstraint(left + width |==| right)
    /// try solver.addConstraint((width |==| 100).priority(250))
    /// ```
    ///
    /// - Throws: ``SolverError/duplicateConstraint(_:)`` if the object is
    ///   already in the solver; ``SolverError/nonFiniteConstraint(_:)`` if
    ///   a coefficient or the constant is NaN or infinite;
    ///   ``SolverError/unsatisfiableConstraint(_:)`` if the constraint is
    ///   required and conflicts with the required constraints present. The
    ///   solver is unchanged after any of these.
    /// - Complexity: Proportional to the rows the new row touches plus the
    ///   pivots needed to re-optimise; typically a few microseconds.
    public func addConstraint(_ constraint: Constraint) throws(SolverError) {
        try impl.addConstraint(constraint)
    }

    /// Removes a constraint previously added, and re-optimises.
    ///
    /// ```swift
    /// let preferred = (width |==| 100).priority(250)
    /// try solver.addConstraint(preferred)
    /// try solver.removeConstraint(preferred)
    /// ```
    ///
    /// - Throws: ``SolverError/unknownConstraint(_:)`` if the object is not
    ///   in the solver (nothing changes).
    /// - Complexity: Proportional to the rows holding the constraint's
    ///   marker plus the pivots needed to re-optimise.
    public func removeConstraint(_ constraint: Constraint) throws(SolverError) {
        try impl.removeConstraint(constraint)
    }

    /// Whether this exact constraint object is in the solver.
    ///
    /// ```swift
    /// let c = x |>=| 0
    /// try solver.addConstraint(c)
    /// solver.hasConstraint(c)        // true
    /// solver.hasConstraint(x |>=| 0) // false: a different object
    /// ```
    ///
    /// - Complexity: O(1) for a constraint used by a single solver.
    public func hasConstraint(_ constraint: Constraint) -> Bool {
        impl.hasConstraint(constraint)
    }

    /// The number of constraints added and not removed, including the
    /// internal `variable == value` constraint of each edit variable.
    public var constraintCount: Int { impl.constraintCount }

    /// Makes `variable` an edit variable, whose value you then steer with
    /// ``suggestValue(_:for:)``.
    ///
    /// Internally this adds the constraint `variable == suggestion` at
    /// `strength`. Until the first suggestion, the suggestion is 0, so
    /// suggest a value right after adding.
    ///
    /// ```swift
    /// try solver.addEditVariable(containerWidth, strength: .strong)
    /// try solver.suggestValue(320, for: containerWidth)
    /// ```
    ///
    /// - Throws: ``SolverError/duplicateEditVariable(_:)`` if it already is
    ///   one; ``SolverError/requiredEditStrength(_:)`` for
    ///   ``Strength/required`` (use a required constraint instead). The
    ///   solver is unchanged after either.
    public func addEditVariable(_ variable: Variable, strength: Strength) throws(SolverError) {
        try impl.addEditVariable(variable, strength: strength)
    }

    /// Stops treating `variable` as an edit variable, removing its
    /// `variable == suggestion` constraint.
    ///
    /// ```swift
    /// try solver.removeEditVariable(containerWidth)
    /// ```
    ///
    /// - Throws: ``SolverError/unknownEditVariable(_:)`` if it is not one.
    public func removeEditVariable(_ variable: Variable) throws(SolverError) {
        try impl.removeEditVariable(variable)
    }

    /// Whether `variable` is an edit variable of this solver.
    ///
    /// ```swift
    /// if !solver.hasEditVariable(width) {
    ///     try solver.addEditVariable(width, strength: .strong)
    /// }
    /// ```
    public func hasEditVariable(_ variable: Variable) -> Bool {
        impl.hasEditVariable(variable)
    }

    /// Suggests a value for an edit variable and re-solves incrementally.
    ///
    /// The tableau stays optimal but may become infeasible where the edit
    /// reaches; the dual simplex then repairs it, typically in a few pivots,
    /// without rebuilding anything.
    ///
    /// ```swift
    /// for width in stride(from: 300.0, through: 400, by: 10) {
    ///     try solver.suggestValue(width, for: containerWidth)
    ///     solver.updateVariables()
    ///     print(containerHeight.value)
    /// }
    /// ```
    ///
    /// - Throws: ``SolverError/unknownEditVariable(_:)`` if `variable` is
    ///   not an edit variable; ``SolverError/nonFiniteSuggestedValue(_:_:)``
    ///   for NaN or infinity. The solver is unchanged after either.
    /// - Complexity: Proportional to the rows the edit touches plus the
    ///   dual pivots; independent of the total tableau size when the edit
    ///   error is basic.
    public func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {
        try impl.suggestValue(value, for: variable)
    }

    /// Copies the current solution into ``Variable/value`` for every
    /// variable the solver knows (0 for variables left unconstrained).
    ///
    /// ```swift
    /// solver.updateVariables()
    /// print(left.value, width.value)
    /// ```
    ///
    /// - Complexity: O(*v*) in the number of variables.
    public func updateVariables() {
        impl.updateVariables()
    }

    /// The current solution's value for `variable`, read directly from the
    /// tableau (no need for ``updateVariables()``); 0 for a variable the
    /// solver does not know or that is unconstrained.
    ///
    /// ```swift
    /// let height = solver.value(of: container.height)
    /// ```
    ///
    /// - Complexity: O(1) for a variable used by a single solver.
    public func value(of variable: Variable) -> Double {
        impl.value(of: variable)
    }

    /// The weighted error of the current solution: Σ weight × violation over
    /// all non-required constraints, edit constraints included.
    ///
    /// ```swift
    /// if solver.objectiveValue > 0 { print("some preferences are broken") }
    /// ```
    public var objectiveValue: Double { impl.objectiveValue }

    /// Removes every constraint, edit variable and variable, returning the
    /// solver to its freshly created state.
    ///
    /// Constraint and variable objects can be added again afterwards.
    ///
    /// ```swift
    /// solver.reset()
    /// solver.constraintCount // 0
    /// ```
    ///
    /// - Complexity: O(1) amortised; stale per-object bookkeeping is
    ///   discarded lazily.
    public func reset() {
        impl.reset()
    }
}
