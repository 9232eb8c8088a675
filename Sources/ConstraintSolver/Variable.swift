/// An unknown quantity whose value a ``Solver`` determines.
///
/// A variable is a reference type compared by identity: two variables with
/// the same name are still different unknowns. It carries an optional
/// name, used only for debugging output, and a ``value`` that a solver
/// writes when ``Solver/updateVariables()`` runs.
///
/// A variable may take part in several solvers; each solver keeps its own
/// bookkeeping for it, but ``value`` is shared, so the solver that called
/// ``Solver/updateVariables()`` last decides what ``value`` reads. Use
/// ``Solver/value(of:)`` to read one solver's solution explicitly.
///
/// ```swift
/// let width = Variable("width")
/// let solver = Solver()
/// try solver.addConstraint(width |==| 320)
/// solver.updateVariables()
/// print(width.value) // 320.0
/// ```
///
/// Variables are not `Sendable`: they hold mutable solver bookkeeping and
/// must stay on the thread (or actor) that uses their solver.
public final class Variable {
    /// The name given at creation, if any; used only for descriptions.
    public let name: String?

    /// The value written by the most recent ``Solver/updateVariables()``
    /// call of a solver that knows this variable; `0` before that.
    @exclusivity(unchecked) public internal(set) var value: Double = 0

    /// Per-solver bookkeeping: the solver's symbol for this variable and
    /// the variable's index in that solver's edit list (or -1).
    @exclusivity(unchecked) var registrations = RegistrationTable<VariableRegistration>()

    /// Creates a variable, optionally named for debugging.
    ///
    /// ```swift
    /// let left = Variable("left")
    /// let anonymous = Variable()
    /// ```
    public init(_ name: String? = nil) {
        self.name = name
    }
}

extension Variable: Hashable {
    /// Two variables are equal only when they are the same object.
    ///
    /// ```swift
    /// let a = Variable("x"), b = Variable("x")
    /// a == a // true
    /// a == b // false: same name, different unknowns
    /// ```
    public static func == (lhs: Variable, rhs: Variable) -> Bool {
        lhs === rhs
    }

    /// Hashes the variable's identity (its `ObjectIdentifier`).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}

extension Variable: CustomStringConvertible {
    /// The variable's name, or a placeholder derived from its identity.
    public var description: String {
        name ?? "v\(UInt(bitPattern: ObjectIdentifier(self).hashValue) % 100_000)"
    }
}
