/// Identifies one solver's bookkeeping generation. Variables and
/// constraints keep per-solver data keyed by the token (compared by
/// identity); `reset()` and `deinit` retire a solver's token, which makes
/// every entry keyed by it stale at once.
///
/// Entries hold the token strongly, so a token's address is never reused
/// while any entry could still compare equal to it.
final class SolverToken {
    var isAlive = true
}

/// A variable's data in one solver, while a constraint of that solver names it.
struct VariableRegistration {
    var symbol: Symbol
    /// Index in the solver's edit list, or -1.
    var editIndex: Int32
    /// Index in the solver's variable list.
    var listIndex: Int32
}

/// The symbols that track a constraint in one solver's tableau: `marker`
/// identifies the constraint's row, `other` is the second error (or the
/// error of an inequality) when there is one.
struct ConstraintTag {
    var marker: Symbol
    var other: Symbol
}

/// Per-solver data stored inside a `Variable` or `Constraint`.
///
/// The common case, one solver, needs no allocation and no hashing: the
/// first registration lives inline and a lookup is one identity compare.
/// Further solvers spill into a small array.
struct RegistrationTable<Payload> {
    private var primaryToken: SolverToken?
    private var primary: Payload?
    private var overflow: [(token: SolverToken, payload: Payload)] = []

    @inline(__always)
    func payload(for token: SolverToken) -> Payload? {
        if primaryToken === token { return primary }
        if overflow.isEmpty { return nil }
        for entry in overflow where entry.token === token { return entry.payload }
        return nil
    }

    /// Inserts or replaces the entry for `token`.
    mutating func set(_ payload: Payload, for token: SolverToken) {
        if primaryToken === token {
            primary = payload
            return
        }
        if let index = overflow.firstIndex(where: { $0.token === token }) {
            overflow[index].payload = payload
            return
        }
        if primaryToken == nil || !primaryToken!.isAlive {
            primaryToken = token
            primary = payload
            if !overflow.isEmpty { overflow.removeAll { !$0.token.isAlive } }
            return
        }
        overflow.removeAll { !$0.token.isAlive }
        overflow.append((token, payload))
    }

    mutating func remove(for token: SolverToken) {
        if primaryToken === token {
            primaryToken = nil
            primary = nil
            return
        }
        if let index = overflow.firstIndex(where: { $0.token === token }) {
            overflow.remove(at: index)
        }
    }
}
