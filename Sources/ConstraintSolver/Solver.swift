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
/// ``suggestValue(_:for:)``, ``changeConstant(of:to:)`` and
/// ``changeStrength(of:to:)`` re-optimise from the previous solution in a
/// few pivots. Call ``updateVariables()`` to copy the solution into each
/// ``Variable/value``, or read single values with ``value(of:)``.
///
/// A solver's memory and the cost of its operations depend on the
/// constraints it holds, not on how many came and went: removing a
/// constraint releases its internal symbols, and the variables no remaining
/// constraint names, for reuse.
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
        impl.deallocate()
    }

    /// Runs a read of the tableau in place: a plain read of `impl`, a struct in a class,
    /// would copy it (and retain what it holds) for the call's duration.
    @inline(__always)
    private func reading<Result>(_ body: (inout SolverImpl) -> Result) -> Result {
        body(&impl)
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
    ///   marker plus the pivots needed to re-optimise. The constraint's
    ///   internal symbols, and any variable no remaining constraint names, are
    ///   released for reuse.
    public func removeConstraint(_ constraint: Constraint) throws(SolverError) {
        try impl.removeConstraint(constraint)
    }

    /// Replaces `constraint` by a copy whose expression has the constant
    /// `constant`, in place: the copy takes over the original's rows, and the
    /// solution is repaired by the dual simplex from the previous one, in a
    /// few pivots, as for an edit (the constant moves through the
    /// constraint's marker variable, as Cassowary moves an edit constraint's).
    /// The original leaves the solver; add or remove the returned object from
    /// now on.
    ///
    /// The constant is the one of ``Constraint/expression`` (`lhs − rhs`):
    /// for `width |==| 100` it is −100, so `changeConstant(of: c, to: -120)`
    /// makes it `width == 120`.
    ///
    /// ```swift
    /// var gap = left + 8 |<=| right
    /// try solver.addConstraint(gap)
    /// gap = try solver.changeConstant(of: gap, to: 16)   // left + 16 <= right
    /// ```
    ///
    /// - Throws: ``SolverError/unknownConstraint(_:)`` if the constraint is
    ///   not in the solver; ``SolverError/nonFiniteConstraint(_:)`` (with the
    ///   would-be copy) for a NaN or infinite constant;
    ///   ``SolverError/unsatisfiableConstraint(_:)`` (with the would-be copy)
    ///   if the constraint is required and its new constant conflicts with
    ///   the other required constraints. The solver is unchanged after any of
    ///   these; the original stays in it.
    /// - Complexity: Proportional to the rows holding the constraint's marker
    ///   plus the dual pivots; no row is built or dropped.
    @discardableResult
    public func changeConstant(of constraint: Constraint, to constant: Double) throws(SolverError) -> Constraint {
        try impl.changeConstant(of: constraint, to: constant)
    }

    /// Replaces `constraint` by a copy with `strength`. Between two
    /// non-required strengths this happens in place: the constraint's error
    /// variables are re-weighted in the objective and the primal simplex
    /// re-optimises from the previous solution. To or from
    /// ``Strength/required`` the row's shape changes, so the copy is added and
    /// then the original removed. The original leaves the solver; use the
    /// returned object from now on.
    ///
    /// ```swift
    /// var preferred = (width |==| 100).priority(250)
    /// try solver.addConstraint(preferred)
    /// preferred = try solver.changeStrength(of: preferred, to: .defaultHigh)
    /// ```
    ///
    /// - Throws: ``SolverError/unknownConstraint(_:)`` if the constraint is
    ///   not in the solver; ``SolverError/unsatisfiableConstraint(_:)`` (with
    ///   the would-be copy) if the new strength is required and the
    ///   constraint conflicts with the required constraints. The solver is
    ///   unchanged after either; the original stays in it.
    /// - Complexity: In place, proportional to the objective's merge of the
    ///   error rows plus the pivots to re-optimise.
    @discardableResult
    public func changeStrength(of constraint: Constraint, to strength: Strength) throws(SolverError) -> Constraint {
        try impl.changeStrength(of: constraint, to: strength)
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
        reading { $0.hasConstraint(constraint) }
    }

    /// The number of constraints added and not removed, including the
    /// internal `variable == value` constraint of each edit variable.
    public var constraintCount: Int { reading { $0.constraintCount } }

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
        reading { $0.hasEditVariable(variable) }
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
    /// variable that a constraint (or an edit) of this solver names — 0 for
    /// one the constraints leave free. A variable whose last constraint was
    /// removed is no longer known and keeps the value it had.
    ///
    /// ```swift
    /// solver.updateVariables()
    /// print(left.value, width.value)
    /// ```
    ///
    /// - Complexity: O(*v*) in the number of variables.
    public func updateVariables() {
        reading { $0.updateVariables() }
    }

    /// The current solution's value for `variable`, read directly from the
    /// tableau (no need for ``updateVariables()``); 0 for a variable no
    /// constraint of the solver names, or that the constraints leave free.
    ///
    /// ```swift
    /// let height = solver.value(of: container.height)
    /// ```
    ///
    /// - Complexity: O(1) for a variable used by a single solver.
    public func value(of variable: Variable) -> Double {
        reading { $0.value(of: variable) }
    }

    /// The weighted error of the current solution: Σ weight × violation over
    /// all non-required constraints, edit constraints included.
    ///
    /// ```swift
    /// if solver.objectiveValue > 0 { print("some preferences are broken") }
    /// ```
    public var objectiveValue: Double { reading { $0.objectiveValue } }

    /// Removes every constraint, edit variable and variable, returning the
    /// solver to its freshly created state; its memory is kept for reuse.
    ///
    /// Constraint and variable objects can be added again afterwards.
    ///
    /// ```swift
    /// solver.reset()
    /// solver.constraintCount // 0
    /// ```
    ///
    /// - Complexity: O(*v*) in the variables held; stale per-object
    ///   bookkeeping is discarded lazily.
    public func reset() {
        impl.reset()
    }
}
