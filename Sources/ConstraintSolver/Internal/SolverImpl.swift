/// What the solver remembers about one edit variable.
struct EditInfo {
    let variable: Variable
    /// The `variable == constant` constraint at the edit strength.
    let constraint: Constraint
    let tag: ConstraintTag
    /// The edit strength's weight.
    let weight: Double
    /// The value most recently suggested (0 until the first suggestion).
    var constant: Double
}

/// A variable the solver knows, held strongly until no live constraint names it.
struct VariableEntry {
    let variable: Unmanaged<Variable>
    let symbol: Symbol
}

/// The tableau and the simplex machinery behind `Solver`.
///
/// Layout, following kiwi's design of the incremental Cassowary algorithm, with every table
/// a flat array so that a solver allocates nothing per row or symbol once it has grown:
/// * `rows` holds every tableau row in a slot. Slot 0 is the objective, slot 1 the
///   artificial objective used while adding a constraint through an artificial variable,
///   slots 2… the basic rows (freed slots are recycled through `freeSlots`). A row's cells
///   live in a block of `cellPool`.
/// * `symbols` has an entry per symbol id: the slot of the row whose basic symbol it is
///   (or -1 when parametric, value 0), and its column index — the slots whose cells hold
///   it, in a block of `columnPool` — which makes substitution, the ratio tests and edits
///   proportional to how many rows a symbol touches rather than to the tableau's size.
/// * Removing a constraint releases its marker and error symbols, and a variable no live
///   constraint names any more; released ids and blocks are reused. So a solver's memory
///   and the cost of its operations depend on the constraints it holds, not on how many
///   came and went.
///
/// Invariants between public calls: every restricted basic row (slack, error or dummy
/// subject) has a constant >= 0; external symbols never appear in restricted rows or in
/// the objective; cells are sorted by symbol and hold no near-zero coefficient; no row
/// holds a released symbol.
struct SolverImpl {
    static let objectiveSlot = 0
    static let artificialSlot = 1

    private(set) var token = SolverToken()
    var rows = RawArray<RowHeader>()
    var freeSlots = RawArray<Int32>()
    var symbols = SymbolTable()
    var cellPool = BlockPool<Cell>()
    var columnPool = BlockPool<Int32>()
    var variables = RawArray<VariableEntry>()
    var edits: [EditInfo] = []
    var infeasible = RawArray<Symbol>()
    /// Restricted rows whose basic symbol is a dummy with a positive value, to repair.
    var positiveDummies = RawArray<Symbol>()
    /// The row being built for a new constraint: `0 = buildingConstant + Σ building`.
    var building = RawArray<Cell>()
    var buildingConstant = 0.0
    /// Work space of the sparse kernels.
    var scratch = RawArray<Cell>()
    var columnChanges = RawArray<Int32>()
    var targets = RawArray<Int32>()
    var journal = Journal()
    private(set) var constraintCount = 0
    /// Statistics for tests: additions that needed the artificial-variable phase, how many
    /// of those failed, released symbols that still had cells (round-off), pivots, and the
    /// cells written by row merges.
    var artificialAdditions = 0
    var artificialFailures = 0
    var residualPurges = 0
    var pivotCount = 0
    var mergedCells = 0

    init() {
        rows.reserve(16)
        rows.append(.empty)
        rows.append(.empty)
        symbols.entries.reserve(32)
    }

    /// Frees every table; called once, by the owning `Solver`'s `deinit`.
    mutating func deallocate() {
        token.isAlive = false
        releaseVariables()
        rows.deallocate()
        freeSlots.deallocate()
        symbols.deallocate()
        cellPool.deallocate()
        columnPool.deallocate()
        variables.deallocate()
        infeasible.deallocate()
        positiveDummies.deallocate()
        building.deallocate()
        scratch.deallocate()
        columnChanges.deallocate()
        targets.deallocate()
        journal.deallocate()
    }

    // MARK: - Public operations

    mutating func addConstraint(_ constraint: Constraint) throws(SolverError) {
        if constraint.registrations.payload(for: token) != nil {
            throw .duplicateConstraint(constraint)
        }
        if !constraint.expression.isFinite {
            throw .nonFiniteConstraint(constraint)
        }
        let symbolMark = symbols.mark
        let variableMark = variables.count
        let tag = createRow(constraint)
        var subject = chooseSubject(tag)

        // A row made only of dummies is either redundant (constant 0: the new marker may
        // enter the basis) or contradicts required equalities.
        if !subject.isValid && buildingHasOnlyDummies() {
            if !nearZero(buildingConstant) {
                takeBack(constraint, symbols: symbolMark, variables: variableMark)
                throw .unsatisfiableConstraint(constraint)
            }
            subject = tag.marker
        }

        if subject.isValid {
            solveBuilding(for: subject)
            let slot = install(basic: subject)
            substitute(subject, from: slot)
        } else {
            // Phase one pivots the tableau: the journal records what it touches, so that a
            // failure is undone by restoring only that.
            beginJournal()
            let outcome: (success: Bool, artificial: Symbol)
            do {
                outcome = try phaseOne()
            } catch {
                rollBackJournal()
                takeBack(constraint, symbols: symbolMark, variables: variableMark)
                throw error
            }
            artificialAdditions += 1
            if !outcome.success {
                artificialFailures += 1
                rollBackJournal()
                takeBack(constraint, symbols: symbolMark, variables: variableMark)
                throw .unsatisfiableConstraint(constraint)
            }
            endJournal()
            finishArtificial(outcome.artificial)
        }

        if !constraint.strength.isRequired {
            let weight = constraint.strength.weight
            if tag.marker.isError { addToObjective(tag.marker, weight: weight) }
            if tag.other.isError { addToObjective(tag.other, weight: weight) }
        }
        constraint.registrations.set(tag, for: token)
        constraintCount += 1

        try optimize(Self.objectiveSlot)
        if !infeasible.isEmpty { try dualOptimize() }
    }

    mutating func removeConstraint(_ constraint: Constraint) throws(SolverError) {
        guard let tag = constraint.registrations.payload(for: token) else {
            throw .unknownConstraint(constraint)
        }
        constraint.registrations.remove(for: token)
        constraintCount -= 1

        // Take the errors out of the objective before pivoting, so the substitutions below
        // do not carry stale weights around.
        if !constraint.strength.isRequired {
            let weight = constraint.strength.weight
            if tag.marker.isError { addToObjective(tag.marker, weight: -weight) }
            if tag.other.isError { addToObjective(tag.other, weight: -weight) }
        }

        let markerSlot = Int(symbols[tag.marker].row)
        if markerSlot >= 0 {
            uninstall(markerSlot)
        } else {
            let leaving = getMarkerLeavingRow(tag.marker)
            if leaving >= 0 {
                pivot(leaving, entering: tag.marker)
                uninstall(leaving)
            }
        }
        // The marker row was the only one holding the constraint's symbols; release them,
        // and the variables no live constraint names any more.
        release(tag.marker)
        if tag.other.isValid { release(tag.other) }
        releaseVariables(of: constraint)
        if constraintCount == 0 {
            // Nothing left to violate: drop the round-off the objective's value gathered.
            rows[Self.objectiveSlot].constant = 0
        }

        try optimize(Self.objectiveSlot)
        if !infeasible.isEmpty { try dualOptimize() }
    }

    @inline(__always)
    func hasConstraint(_ constraint: Constraint) -> Bool {
        constraint.registrations.payload(for: token) != nil
    }

    mutating func addEditVariable(_ variable: Variable, strength: Strength) throws(SolverError) {
        if let registration = variable.registrations.payload(for: token), registration.editIndex >= 0 {
            throw .duplicateEditVariable(variable)
        }
        if strength.isRequired {
            throw .requiredEditStrength(variable)
        }
        let constraint = Constraint(Expression(variable), .equal, strength: strength)
        try addConstraint(constraint)
        guard let tag = constraint.registrations.payload(for: token),
              var registration = variable.registrations.payload(for: token) else {
            throw .internalError("edit constraint was not registered")
        }
        edits.append(EditInfo(variable: variable, constraint: constraint, tag: tag, weight: strength.weight, constant: 0))
        registration.editIndex = Int32(edits.count - 1)
        variable.registrations.set(registration, for: token)
    }

    mutating func removeEditVariable(_ variable: Variable) throws(SolverError) {
        guard var registration = variable.registrations.payload(for: token), registration.editIndex >= 0 else {
            throw .unknownEditVariable(variable)
        }
        let index = Int(registration.editIndex)
        let constraint = edits[index].constraint
        registration.editIndex = -1
        variable.registrations.set(registration, for: token)
        let last = edits.count - 1
        if index != last {
            edits[index] = edits[last]
            let moved = edits[index].variable
            if var movedRegistration = moved.registrations.payload(for: token) {
                movedRegistration.editIndex = Int32(index)
                moved.registrations.set(movedRegistration, for: token)
            }
        }
        edits.removeLast()
        // Last: this may release the variable itself.
        try removeConstraint(constraint)
    }

    @inline(__always)
    func hasEditVariable(_ variable: Variable) -> Bool {
        guard let registration = variable.registrations.payload(for: token) else { return false }
        return registration.editIndex >= 0
    }

    mutating func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {
        guard let registration = variable.registrations.payload(for: token), registration.editIndex >= 0 else {
            throw .unknownEditVariable(variable)
        }
        guard value.isFinite else {
            throw .nonFiniteSuggestedValue(variable, value)
        }
        let index = Int(registration.editIndex)
        let delta = value - edits[index].constant
        if delta == 0 { return }
        edits[index].constant = value
        // The edit row reads v − c − e⁺ + e⁻ = 0: moving c by delta is moving e⁺ by delta.
        shiftMarker(edits[index].tag.marker, by: delta, weight: edits[index].weight)
        try repairPositiveDummies()
        try dualOptimize()
    }

    @inline(__always)
    func updateVariables() {
        let count = variables.count
        if count == 0 { return }
        let entries = variables.pointer
        let table = symbols.entries.pointer
        let rowHeaders = rows.pointer
        for index in 0..<count {
            let entry = entries[index]
            let slot = Int(table[entry.symbol.id].row)
            let value = slot >= 0 ? rowHeaders[slot].constant : 0
            entry.variable._withUnsafeGuaranteedRef { $0.value = value }
        }
    }

    @inline(__always)
    func value(of variable: Variable) -> Double {
        guard let registration = variable.registrations.payload(for: token) else { return 0 }
        let slot = Int(symbols[registration.symbol].row)
        return slot >= 0 ? rows[slot].constant : 0
    }

    mutating func reset() {
        token.isAlive = false
        token = SolverToken()
        releaseVariables()
        rows.removeAll()
        rows.append(.empty)
        rows.append(.empty)
        freeSlots.removeAll()
        symbols.removeAll()
        cellPool.removeAll()
        columnPool.removeAll()
        edits = []
        infeasible.removeAll()
        positiveDummies.removeAll()
        constraintCount = 0
    }

    /// The current value of the objective: Σ weight × violation over the non-required
    /// constraints (edit constraints included).
    var objectiveValue: Double { rows[Self.objectiveSlot].constant }

    // MARK: - Variables

    /// The symbol of `variable`, registering the variable on first use.
    @inline(__always)
    mutating func symbol(for variable: Variable) -> Symbol {
        if let registration = variable.registrations.payload(for: token) {
            return registration.symbol
        }
        let symbol = symbols.make(.external)
        let registration = VariableRegistration(symbol: symbol, editIndex: -1, listIndex: Int32(variables.count))
        variable.registrations.set(registration, for: token)
        variables.append(VariableEntry(variable: .passRetained(variable), symbol: symbol))
        return symbol
    }

    /// Counts one use less of each variable `constraint` names, releasing the variables that
    /// no live constraint names any more.
    private mutating func releaseVariables(of constraint: Constraint) {
        let token = token
        for term in constraint.expression.terms where !nearZero(term.coefficient) {
            let variable = term.variable
            guard let registration = variable.registrations.payload(for: token) else { continue }
            let symbol = registration.symbol
            symbols[symbol].uses -= 1
            if symbols[symbol].uses > 0 { continue }
            release(symbol)
            let index = Int(registration.listIndex)
            let last = variables.count - 1
            if index != last {
                let moved = variables[last]
                variables[index] = moved
                moved.variable._withUnsafeGuaranteedRef { movedVariable in
                    if var movedRegistration = movedVariable.registrations.payload(for: token) {
                        movedRegistration.listIndex = Int32(index)
                        movedVariable.registrations.set(movedRegistration, for: token)
                    }
                }
            }
            variables.removeLast()
            variable.registrations.remove(for: token)
            Unmanaged.passUnretained(variable).release()
        }
    }

    /// Lets go of every variable (reset, deinit).
    private mutating func releaseVariables() {
        for index in 0..<variables.count { variables[index].variable.release() }
        variables.removeAll()
    }

    /// Undoes the bookkeeping of a constraint whose row was built but not added: the uses it
    /// counted, the variables it registered and the symbols it made. The tableau is already
    /// as it was.
    private mutating func takeBack(_ constraint: Constraint, symbols mark: SymbolTable.Mark, variables variableMark: Int) {
        for term in constraint.expression.terms where !nearZero(term.coefficient) {
            if let registration = term.variable.registrations.payload(for: token) {
                symbols[registration.symbol].uses -= 1
            }
        }
        let token = token
        for index in variableMark..<variables.count {
            let entry = variables[index]
            entry.variable._withUnsafeGuaranteedRef { $0.registrations.remove(for: token) }
            entry.variable.release()
        }
        variables.truncate(to: variableMark)
        for id in symbols.made(since: mark).freshIDs { releaseColumn(id) }
        symbols.rollBack(to: mark)
    }
}
