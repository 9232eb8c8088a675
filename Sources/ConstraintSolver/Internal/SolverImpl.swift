/// What the solver remembers about one edit variable.
struct EditInfo {
    let variable: Variable
    /// The `variable == constant` constraint at the edit strength.
    let constraint: Constraint
    let tag: ConstraintTag
    /// The value most recently suggested (0 until the first suggestion).
    var constant: Double
}

/// The tableau and the simplex machinery behind `Solver`.
///
/// Layout, following kiwi's design of the incremental Cassowary algorithm:
/// * `rows` holds every tableau row in a slot. Slot 0 is the objective,
///   slot 1 the artificial objective used while adding a constraint through
///   an artificial variable, slots 2… the basic rows (freed slots are
///   recycled through `freeSlots`).
/// * `rowOf[symbol.id]` is the slot of the row whose basic symbol that is,
///   or -1 when the symbol is parametric (non-basic, value 0).
/// * `columns[symbol.id]` lists the slots whose cells hold the symbol (the
///   objective rows included). It makes substitution, the ratio tests and
///   edits proportional to how many rows a symbol touches rather than to
///   the size of the tableau.
///
/// Invariants between public calls: every restricted basic row (slack,
/// error or dummy subject) has a constant >= 0; external symbols never
/// appear in restricted rows or in the objective; cells are sorted by
/// symbol and hold no near-zero coefficient.
struct SolverImpl {
    static let objectiveSlot = 0
    static let artificialSlot = 1

    private(set) var token = SolverToken()
    var rows: [Row] = [.empty, .empty]
    var freeSlots: [Int32] = []
    var rowOf: [Int32] = [-1]
    var columns: [[Int32]] = [[]]
    var nextID: Int32 = 1
    var variables: [Variable] = []
    var variableSymbols: [Symbol] = []
    var edits: [EditInfo] = []
    var infeasible: [Symbol] = []
    var scratch: [Cell] = []
    private(set) var constraintCount = 0
    /// Statistics for tests: additions that needed the artificial-variable
    /// phase, and how many of those failed.
    private(set) var artificialAdditions = 0
    private(set) var artificialFailures = 0

    // MARK: - Public operations

    mutating func addConstraint(_ constraint: Constraint) throws(SolverError) {
        if constraint.registrations.payload(for: token) != nil {
            throw .duplicateConstraint(constraint)
        }
        if !constraint.expression.isFinite {
            throw .nonFiniteConstraint(constraint)
        }
        let mark = SymbolMark(variableCount: variables.count, nextID: nextID)
        var (row, tag) = createRow(constraint)
        var subject = chooseSubject(row, tag)

        // A row made only of dummies is either redundant (constant 0: the
        // new marker may enter the basis) or contradicts required equalities.
        if !subject.isValid && allDummies(row) {
            if !nearZero(row.constant) {
                rollbackSymbols(to: mark)
                throw .unsatisfiableConstraint(constraint)
            }
            subject = tag.marker
        }

        if subject.isValid {
            row.solve(for: subject)
            let slot = install(row, basic: subject)
            substitute(subject, from: slot)
        } else {
            // The phase-one search pivots the tableau; keep the old arrays
            // (copy-on-write makes this O(1) until the first write) so a
            // failure can be undone completely.
            let snapshot = Snapshot(rows: rows, freeSlots: freeSlots, rowOf: rowOf, columns: columns, infeasible: infeasible)
            let success: Bool
            do {
                success = try addWithArtificialVariable(row)
            } catch {
                restore(snapshot)
                rollbackSymbols(to: mark)
                throw error
            }
            artificialAdditions += 1
            if !success {
                artificialFailures += 1
                restore(snapshot)
                rollbackSymbols(to: mark)
                throw .unsatisfiableConstraint(constraint)
            }
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

        // Take the errors out of the objective before pivoting, so the
        // substitutions below do not carry stale weights around.
        if !constraint.strength.isRequired {
            let weight = constraint.strength.weight
            if tag.marker.isError { addToObjective(tag.marker, weight: -weight) }
            if tag.other.isError { addToObjective(tag.other, weight: -weight) }
        }

        let markerSlot = Int(rowOf[tag.marker.id])
        if markerSlot >= 0 {
            _ = uninstall(markerSlot)
        } else {
            let leaving = getMarkerLeavingRow(tag.marker)
            if leaving >= 0 {
                pivot(leaving, entering: tag.marker)
                _ = uninstall(leaving)
            }
        }
        try optimize(Self.objectiveSlot)
        if !infeasible.isEmpty { try dualOptimize() }
    }

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
        edits.append(EditInfo(variable: variable, constraint: constraint, tag: tag, constant: 0))
        registration.editIndex = Int32(edits.count - 1)
        variable.registrations.set(registration, for: token)
    }

    mutating func removeEditVariable(_ variable: Variable) throws(SolverError) {
        guard var registration = variable.registrations.payload(for: token), registration.editIndex >= 0 else {
            throw .unknownEditVariable(variable)
        }
        let index = Int(registration.editIndex)
        try removeConstraint(edits[index].constraint)
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
        registration.editIndex = -1
        variable.registrations.set(registration, for: token)
    }

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
        let tag = edits[index].tag

        // The objective row is Σ w·e plus multiples of the original
        // equations; the edit equation's multiplier is w − d, where d is the
        // objective's current coefficient of e⁺. Keep its constant (the
        // objective value) exact.
        let objective = Self.objectiveSlot
        let objectiveCoefficient = rows[objective].coefficient(for: tag.marker)
        rows[objective].constant += (objectiveCoefficient - edits[index].constraint.strength.weight) * delta

        // The edit row reads v − c = e⁺ − e⁻, so moving c by delta shifts
        // every row that mentions e⁺ (as basic or parametric) accordingly.
        let plusSlot = Int(rowOf[tag.marker.id])
        if plusSlot >= 0 {
            rows[plusSlot].constant -= delta
            if rows[plusSlot].constant < 0 { infeasible.append(tag.marker) }
        } else {
            let minusSlot = Int(rowOf[tag.other.id])
            if minusSlot >= 0 {
                rows[minusSlot].constant += delta
                if rows[minusSlot].constant < 0 { infeasible.append(tag.other) }
            } else {
                for slot32 in columns[tag.marker.id] where slot32 >= 2 {
                    let slot = Int(slot32)
                    let coefficient = rows[slot].coefficient(for: tag.marker)
                    rows[slot].constant += delta * coefficient
                    let basic = rows[slot].basic
                    if !basic.isExternal && rows[slot].constant < 0 { infeasible.append(basic) }
                }
            }
        }
        try dualOptimize()
    }

    func updateVariables() {
        rows.withUnsafeBufferPointer { rowBuffer in
            rowOf.withUnsafeBufferPointer { rowOfBuffer in
                for index in variables.indices {
                    let slot = Int(rowOfBuffer[variableSymbols[index].id])
                    variables[index].value = slot >= 0 ? rowBuffer[slot].constant : 0
                }
            }
        }
    }

    func value(of variable: Variable) -> Double {
        guard let registration = variable.registrations.payload(for: token) else { return 0 }
        let slot = Int(rowOf[registration.symbol.id])
        return slot >= 0 ? rows[slot].constant : 0
    }

    mutating func reset() {
        token.isAlive = false
        token = SolverToken()
        rows = [.empty, .empty]
        freeSlots = []
        rowOf = [-1]
        columns = [[]]
        nextID = 1
        variables = []
        variableSymbols = []
        edits = []
        infeasible = []
        constraintCount = 0
    }

    /// The current value of the objective: Σ weight × violation over the
    /// non-required constraints (edit constraints included).
    var objectiveValue: Double { rows[Self.objectiveSlot].constant }

    // MARK: - Symbols and rollback

    struct SymbolMark {
        var variableCount: Int
        var nextID: Int32
    }

    struct Snapshot {
        var rows: [Row]
        var freeSlots: [Int32]
        var rowOf: [Int32]
        var columns: [[Int32]]
        var infeasible: [Symbol]
    }

    private mutating func restore(_ snapshot: Snapshot) {
        rows = snapshot.rows
        freeSlots = snapshot.freeSlots
        rowOf = snapshot.rowOf
        columns = snapshot.columns
        infeasible = snapshot.infeasible
    }

    /// Forgets the variables and symbols created since `mark`.
    private mutating func rollbackSymbols(to mark: SymbolMark) {
        for index in mark.variableCount..<variables.count {
            variables[index].registrations.remove(for: token)
        }
        variables.removeSubrange(mark.variableCount...)
        variableSymbols.removeSubrange(mark.variableCount...)
        nextID = mark.nextID
        let count = Int(mark.nextID)
        if rowOf.count > count {
            rowOf.removeSubrange(count...)
            columns.removeSubrange(count...)
        }
    }

    @inline(__always)
    private mutating func newSymbol(_ kind: Symbol.Kind) -> Symbol {
        precondition(nextID < (1 << 29), "symbol space exhausted; call reset()")
        let symbol = Symbol(id: nextID, kind: kind)
        nextID += 1
        rowOf.append(-1)
        columns.append([])
        return symbol
    }

    @inline(__always)
    private mutating func symbol(for variable: Variable) -> Symbol {
        if let registration = variable.registrations.payload(for: token) {
            return registration.symbol
        }
        let symbol = newSymbol(.external)
        variable.registrations.set(VariableRegistration(symbol: symbol, editIndex: -1), for: token)
        variables.append(variable)
        variableSymbols.append(symbol)
        return symbol
    }

    // MARK: - Building rows

    /// Builds the row for a constraint, with basic variables substituted by
    /// their rows, plus the slack / error / dummy symbols the relation and
    /// strength call for. The row reads `0 = constant + Σ cells` and has a
    /// non-negative constant. The objective is not touched here.
    private mutating func createRow(_ constraint: Constraint) -> (Row, ConstraintTag) {
        let expression = constraint.expression
        var row = Row(cells: [], constant: expression.constant, basic: .invalid)
        row.cells.reserveCapacity(expression.terms.count + 2)
        for term in expression.terms {
            let coefficient = term.coefficient
            if nearZero(coefficient) { continue }
            let symbol = symbol(for: term.variable)
            let slot = Int(rowOf[symbol.id])
            if slot >= 0 {
                row.constant += coefficient * rows[slot].constant
                let source = rows[slot].cells
                source.withUnsafeBufferPointer { buffer in
                    Self.merge(&row.cells, buffer, scale: coefficient, skip: .invalid,
                               scratch: &scratch, columns: &columns, slot: -1)
                }
            } else {
                row.add(symbol, coefficient)
            }
        }

        // Fresh symbols have the largest ids, so appending keeps cells sorted.
        var tag = ConstraintTag(marker: .invalid, other: .invalid)
        let required = constraint.strength.isRequired
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sign: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
            let slack = newSymbol(.slack)
            tag.marker = slack
            row.cells.append(Cell(symbol: slack, coefficient: sign))
            if !required {
                let error = newSymbol(.error)
                tag.other = error
                row.cells.append(Cell(symbol: error, coefficient: -sign))
            }
        case .equal:
            if required {
                let dummy = newSymbol(.dummy)
                tag.marker = dummy
                row.cells.append(Cell(symbol: dummy, coefficient: 1))
            } else {
                let plus = newSymbol(.error)
                let minus = newSymbol(.error)
                tag.marker = plus
                tag.other = minus
                row.cells.append(Cell(symbol: plus, coefficient: -1))
                row.cells.append(Cell(symbol: minus, coefficient: 1))
            }
        }
        if row.constant < 0 { row.scale(by: -1) }
        return (row, tag)
    }

    /// Picks the symbol to solve a new row for: an external symbol when
    /// there is one (preferring one no other row mentions, which makes the
    /// substitution free), else the constraint's own slack or error symbol
    /// when its coefficient is negative (so the solved row stays feasible).
    private func chooseSubject(_ row: Row, _ tag: ConstraintTag) -> Symbol {
        var firstExternal = Symbol.invalid
        for cell in row.cells where cell.symbol.isExternal {
            if columns[cell.symbol.id].isEmpty { return cell.symbol }
            if !firstExternal.isValid { firstExternal = cell.symbol }
        }
        if firstExternal.isValid { return firstExternal }
        if tag.marker.isPivotable && row.coefficient(for: tag.marker) < 0 { return tag.marker }
        if tag.other.isPivotable && row.coefficient(for: tag.other) < 0 { return tag.other }
        return .invalid
    }

    private func allDummies(_ row: Row) -> Bool {
        for cell in row.cells where !cell.symbol.isDummy { return false }
        return true
    }

    /// Phase one for a row without a usable subject: make an artificial
    /// variable basic for it, minimise that variable, and succeed only if it
    /// reaches zero. Returns false when the constraint cannot be satisfied
    /// (the caller restores the snapshot).
    private mutating func addWithArtificialVariable(_ row: Row) throws(SolverError) -> Bool {
        let artificial = newSymbol(.slack)
        _ = install(row, basic: artificial)
        let objective = Self.artificialSlot
        rows[objective].cells = row.cells
        rows[objective].constant = row.constant
        for cell in row.cells { columns[cell.symbol.id].append(Int32(objective)) }

        try optimize(objective)
        let success = nearZero(rows[objective].constant)
        let finished = uninstall(objective, freeing: false)
        _ = finished
        if !success { return false }

        let artificialSlot = Int(rowOf[artificial.id])
        if artificialSlot >= 0 {
            var basicRow = uninstall(artificialSlot)
            if basicRow.cells.isEmpty { return true }
            var entering = Symbol.invalid
            for cell in basicRow.cells where cell.symbol.isPivotable {
                entering = cell.symbol
                break
            }
            // Only dummies left: the constraint is redundant with required
            // equalities; a dummy may be basic at value 0.
            if !entering.isValid { entering = basicRow.cells[0].symbol }
            basicRow.basic = .invalid
            basicRow.add(artificial, -1)
            basicRow.solve(for: entering)
            let slot = install(basicRow, basic: entering)
            substitute(entering, from: slot)
        }

        // The artificial variable is now parametric: fix it at zero.
        var targets: [Int32] = []
        swap(&targets, &columns[artificial.id])
        for slot32 in targets {
            let slot = Int(slot32)
            let (index, found) = Row.search(rows[slot].cells, artificial)
            if found { rows[slot].cells.remove(at: index) }
        }
        return true
    }

    // MARK: - Tableau maintenance

    /// Puts `row` into a free slot as the row of `basic` and indexes its cells.
    @discardableResult
    private mutating func install(_ row: Row, basic: Symbol) -> Int {
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = Int(free)
        } else {
            slot = rows.count
            rows.append(.empty)
        }
        let slot32 = Int32(slot)
        for cell in row.cells { columns[cell.symbol.id].append(slot32) }
        rowOf[basic.id] = slot32
        rows[slot] = row
        rows[slot].basic = basic
        return slot
    }

    /// Takes the row out of `slot`, unindexing its cells.
    private mutating func uninstall(_ slot: Int, freeing: Bool = true) -> Row {
        var row = Row.empty
        swap(&row, &rows[slot])
        let slot32 = Int32(slot)
        for cell in row.cells { Self.removeSlot(slot32, from: &columns[cell.symbol.id]) }
        if row.basic.isValid { rowOf[row.basic.id] = -1 }
        if freeing { freeSlots.append(slot32) }
        return row
    }

    /// Adds `weight · symbol` to the objective, expanding the symbol's row
    /// if it is basic.
    private mutating func addToObjective(_ symbol: Symbol, weight: Double) {
        let objective = Self.objectiveSlot
        let basicSlot = Int(rowOf[symbol.id])
        if basicSlot >= 0 {
            rows[objective].constant += weight * rows[basicSlot].constant
            let source = rows[basicSlot].cells
            source.withUnsafeBufferPointer { buffer in
                Self.merge(&rows[objective].cells, buffer, scale: weight, skip: .invalid,
                           scratch: &scratch, columns: &columns, slot: Int32(objective))
            }
        } else {
            let (index, found) = Row.search(rows[objective].cells, symbol)
            if found {
                let sum = rows[objective].cells[index].coefficient + weight
                if nearZero(sum) {
                    rows[objective].cells.remove(at: index)
                    Self.removeSlot(Int32(objective), from: &columns[symbol.id])
                } else {
                    rows[objective].cells[index].coefficient = sum
                }
            } else if !nearZero(weight) {
                rows[objective].cells.insert(Cell(symbol: symbol, coefficient: weight), at: index)
                columns[symbol.id].append(Int32(objective))
            }
        }
    }

    /// Replaces `symbol` by the row in slot `source` (whose basic it has
    /// just become) in every row that mentions it, objectives included.
    private mutating func substitute(_ symbol: Symbol, from source: Int) {
        var targets: [Int32] = []
        swap(&targets, &columns[symbol.id])
        if targets.isEmpty { return }
        let sourceCells = rows[source].cells
        let sourceConstant = rows[source].constant
        sourceCells.withUnsafeBufferPointer { buffer in
            for slot32 in targets {
                let slot = Int(slot32)
                let (index, found) = Row.search(rows[slot].cells, symbol)
                if !found { continue }
                let coefficient = rows[slot].cells[index].coefficient
                rows[slot].constant += coefficient * sourceConstant
                Self.merge(&rows[slot].cells, buffer, scale: coefficient, skip: symbol,
                           scratch: &scratch, columns: &columns, slot: slot32)
                if slot >= 2 {
                    let basic = rows[slot].basic
                    if !basic.isExternal && rows[slot].constant < 0 { infeasible.append(basic) }
                }
            }
        }
        assert(columns[symbol.id].isEmpty, "substitution reintroduced the symbol")
        targets.removeAll(keepingCapacity: true)
        swap(&targets, &columns[symbol.id])
    }

    /// Exchanges the basic symbol of the row in `slot` for `entering`, then
    /// substitutes the new row everywhere `entering` appears.
    private mutating func pivot(_ slot: Int, entering: Symbol) {
        var row = Row.empty
        swap(&row, &rows[slot])
        let leaving = row.basic
        let slot32 = Int32(slot)
        rowOf[leaving.id] = -1

        var (index, found) = Row.search(row.cells, entering)
        precondition(found, "pivot on a symbol the row does not hold")
        let coefficient = row.cells[index].coefficient
        row.cells.remove(at: index)
        Self.removeSlot(slot32, from: &columns[entering.id])

        // leaving = constant + cells + a·entering
        //   ⇒ entering = (leaving − constant − cells) / a
        (index, found) = Row.search(row.cells, leaving)
        if found {
            row.cells[index].coefficient -= 1
        } else {
            row.cells.insert(Cell(symbol: leaving, coefficient: -1), at: index)
            columns[leaving.id].append(slot32)
        }
        row.scale(by: -1 / coefficient)
        row.basic = entering
        rowOf[entering.id] = slot32
        swap(&row, &rows[slot])
        substitute(entering, from: slot)
    }

    // MARK: - Simplex

    /// Primal simplex on the objective in `objectiveSlot`, until no symbol
    /// with a negative objective coefficient remains. Entering symbols are
    /// taken in symbol order and ratio ties go to the lowest basic symbol
    /// (Bland's rule), so degenerate systems cannot cycle.
    private mutating func optimize(_ objectiveSlot: Int) throws(SolverError) {
        let limit = 10_000 + 200 * rows.count
        var iterations = 0
        while true {
            let entering = getEnteringSymbol(objectiveSlot)
            if !entering.isValid { return }
            let leaving = getLeavingRow(entering)
            if leaving < 0 { throw .internalError("the objective is unbounded") }
            pivot(leaving, entering: entering)
            iterations += 1
            if iterations > limit { return }  // safety net against round-off loops
        }
    }

    /// Dual simplex: restores feasibility of the rows queued in `infeasible`
    /// while keeping the objective optimal (used after edits).
    private mutating func dualOptimize() throws(SolverError) {
        let limit = 10_000 + 200 * rows.count
        var iterations = 0
        while let leaving = infeasible.popLast() {
            let slot = Int(rowOf[leaving.id])
            if slot < 0 { continue }
            let constant = rows[slot].constant
            if !(constant < 0) || nearZero(constant) { continue }
            let entering = getDualEnteringSymbol(slot)
            if !entering.isValid {
                infeasible.removeAll()
                throw .internalError("dual optimize found no entering symbol")
            }
            pivot(slot, entering: entering)
            iterations += 1
            if iterations > limit {
                infeasible.removeAll()
                return
            }
        }
    }

    /// The first (lowest) non-dummy symbol with a negative objective
    /// coefficient, or the invalid symbol when the objective is optimal.
    private func getEnteringSymbol(_ objectiveSlot: Int) -> Symbol {
        rows[objectiveSlot].cells.withUnsafeBufferPointer { cells in
            for cell in cells where cell.coefficient < 0 && !cell.symbol.isDummy {
                return cell.symbol
            }
            return .invalid
        }
    }

    /// The restricted row that limits how far `entering` can grow (minimum
    /// ratio), ties broken by the lowest basic symbol; -1 if unbounded.
    private func getLeavingRow(_ entering: Symbol) -> Int {
        var best = -1
        var bestRatio = Double.infinity
        var bestRaw = Int32.max
        for slot32 in columns[entering.id] {
            let slot = Int(slot32)
            if slot < 2 { continue }
            let basic = rows[slot].basic
            if basic.isExternal { continue }
            let coefficient = rows[slot].coefficient(for: entering)
            if coefficient < 0 {
                let ratio = -rows[slot].constant / coefficient
                if ratio < bestRatio || (ratio == bestRatio && basic.raw < bestRaw) {
                    best = slot
                    bestRatio = ratio
                    bestRaw = basic.raw
                }
            }
        }
        return best
    }

    /// For the infeasible row in `slot`, the symbol with a positive
    /// coefficient that keeps the objective optimal (minimum ratio of
    /// objective coefficient to row coefficient).
    private func getDualEnteringSymbol(_ slot: Int) -> Symbol {
        var entering = Symbol.invalid
        var bestRatio = Double.infinity
        let objective = rows[Self.objectiveSlot].cells
        objective.withUnsafeBufferPointer { objectiveCells in
            rows[slot].cells.withUnsafeBufferPointer { cells in
                for cell in cells where cell.coefficient > 0 && !cell.symbol.isDummy {
                    let (index, found) = Row.search(objectiveCells, cell.symbol)
                    let cost = found ? objectiveCells[index].coefficient : 0
                    let ratio = cost / cell.coefficient
                    if ratio < bestRatio {
                        bestRatio = ratio
                        entering = cell.symbol
                    }
                }
            }
        }
        return entering
    }

    /// The row to pivot on so that a non-basic `marker` can become basic
    /// and its row be dropped: the tightest restricted row where the marker
    /// has a negative coefficient, else the tightest with a positive one,
    /// else any external row holding it; -1 if no row holds it.
    private func getMarkerLeavingRow(_ marker: Symbol) -> Int {
        var first = -1, second = -1, third = -1
        var firstRatio = Double.infinity, secondRatio = Double.infinity
        for slot32 in columns[marker.id] {
            let slot = Int(slot32)
            if slot < 2 { continue }
            let basic = rows[slot].basic
            if basic.isExternal {
                third = slot
                continue
            }
            let coefficient = rows[slot].coefficient(for: marker)
            if coefficient < 0 {
                let ratio = -rows[slot].constant / coefficient
                if ratio < firstRatio { firstRatio = ratio; first = slot }
            } else {
                let ratio = rows[slot].constant / coefficient
                if ratio < secondRatio { secondRatio = ratio; second = slot }
            }
        }
        if first >= 0 { return first }
        if second >= 0 { return second }
        return third
    }

    // MARK: - Sparse kernels

    /// `target += scale · source`, a merge of two sorted cell lists. A target
    /// cell for `skip` is dropped (the caller has already accounted for it).
    /// When `slot >= 0` the column index is kept in step for that slot.
    @inline(__always)
    static func merge(_ target: inout [Cell], _ source: UnsafeBufferPointer<Cell>, scale: Double, skip: Symbol,
                      scratch: inout [Cell], columns: inout [[Int32]], slot: Int32) {
        let targetCount = target.count
        let sourceCount = source.count
        let track = slot >= 0
        scratch.removeAll(keepingCapacity: true)
        scratch.reserveCapacity(targetCount + sourceCount)
        let skipRaw = skip.raw
        target.withUnsafeBufferPointer { existing in
            var i = 0, j = 0
            while i < targetCount && j < sourceCount {
                let a = existing[i]
                let b = source[j]
                if a.symbol.raw < b.symbol.raw {
                    if a.symbol.raw != skipRaw { scratch.append(a) }
                    i &+= 1
                } else if a.symbol.raw > b.symbol.raw {
                    let value = b.coefficient * scale
                    if !nearZero(value) {
                        scratch.append(Cell(symbol: b.symbol, coefficient: value))
                        if track { columns[b.symbol.id].append(slot) }
                    }
                    j &+= 1
                } else {
                    let value = a.coefficient + b.coefficient * scale
                    if nearZero(value) {
                        if track { removeSlot(slot, from: &columns[a.symbol.id]) }
                    } else {
                        scratch.append(Cell(symbol: a.symbol, coefficient: value))
                    }
                    i &+= 1
                    j &+= 1
                }
            }
            while i < targetCount {
                let a = existing[i]
                if a.symbol.raw != skipRaw { scratch.append(a) }
                i &+= 1
            }
            while j < sourceCount {
                let b = source[j]
                let value = b.coefficient * scale
                if !nearZero(value) {
                    scratch.append(Cell(symbol: b.symbol, coefficient: value))
                    if track { columns[b.symbol.id].append(slot) }
                }
                j &+= 1
            }
        }
        swap(&target, &scratch)
    }

    @inline(__always)
    static func removeSlot(_ slot: Int32, from column: inout [Int32]) {
        let count = column.count
        let position: Int? = column.withUnsafeBufferPointer { buffer in
            for index in 0..<count where buffer[index] == slot { return index }
            return nil
        }
        guard let position else { return }
        if position != count - 1 { column.swapAt(position, count - 1) }
        column.removeLast()
    }
}
