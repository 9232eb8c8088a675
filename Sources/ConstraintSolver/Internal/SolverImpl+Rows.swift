// Adding a constraint's row: building it, choosing its subject, and the artificial-variable
// phase for a row without one.

extension SolverImpl {
    /// Builds the row of `constraint` in `building`, with basic variables substituted by
    /// their rows, plus the slack / error / dummy symbols its relation and strength call
    /// for. The row reads `0 = buildingConstant + Σ building` with a constant >= 0. Counts a
    /// use of each variable named; the objective is not touched.
    mutating func createRow(_ constraint: Constraint) -> ConstraintTag {
        let expression = constraint.expression
        building.removeAll()
        buildingConstant = expression.constant
        for term in expression.terms {
            let coefficient = term.coefficient
            if nearZero(coefficient) { continue }
            let symbol = symbol(for: term.variable)
            symbols[symbol].uses += 1
            let slot = Int(symbols[symbol].row)
            if slot >= 0 {
                buildingConstant += coefficient * rows[slot].constant
                mergeBuilding(from: slot, scale: coefficient)
            } else {
                addToBuilding(symbol, coefficient)
            }
        }

        var tag = ConstraintTag(marker: .invalid, other: .invalid)
        let required = constraint.strength.isRequired
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sign: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
            tag.marker = symbols.make(.slack)
            addToBuilding(tag.marker, sign)
            if !required {
                tag.other = symbols.make(.error)
                addToBuilding(tag.other, -sign)
            }
        case .equal:
            if required {
                tag.marker = symbols.make(.dummy)
                addToBuilding(tag.marker, 1)
            } else {
                tag.marker = symbols.make(.error)
                tag.other = symbols.make(.error)
                addToBuilding(tag.marker, -1)
                addToBuilding(tag.other, 1)
            }
        }
        if buildingConstant < 0 {
            buildingConstant = -buildingConstant
            for index in 0..<building.count { building[index].coefficient = -building[index].coefficient }
        }
        return tag
    }

    /// The coefficient of a constraint's marker in its row as `createRow` writes it before
    /// the sign normalisation: `expression + markerCoefficient · marker (+ …) = 0`.
    static func markerCoefficient(_ relation: Relation, required: Bool) -> Double {
        switch relation {
        case .lessThanOrEqual: 1
        case .greaterThanOrEqual: -1
        case .equal: required ? 1 : -1
        }
    }

    /// Picks the symbol to solve the building row for: an external symbol when there is one
    /// (preferring one no other row mentions, which makes the substitution free), else the
    /// constraint's own slack or error symbol when its coefficient is negative (so the
    /// solved row stays feasible).
    func chooseSubject(_ tag: ConstraintTag) -> Symbol {
        var firstExternal = Symbol.invalid
        for index in 0..<building.count {
            let symbol = building[index].symbol
            if !symbol.isExternal { continue }
            if symbols[symbol].columnCount == 0 { return symbol }
            if !firstExternal.isValid { firstExternal = symbol }
        }
        if firstExternal.isValid { return firstExternal }
        if tag.marker.isPivotable && buildingCoefficient(tag.marker) < 0 { return tag.marker }
        if tag.other.isPivotable && buildingCoefficient(tag.other) < 0 { return tag.other }
        return .invalid
    }

    private func buildingCoefficient(_ symbol: Symbol) -> Double {
        let (index, found) = searchCells(building.pointer, building.count, symbol)
        return found ? building[index].coefficient : 0
    }

    func buildingHasOnlyDummies() -> Bool {
        for index in 0..<building.count where !building[index].symbol.isDummy { return false }
        return true
    }

    /// Rewrites the building row `0 = constant + Σ cells` as `symbol = …`, removing
    /// `symbol` from the cells.
    mutating func solveBuilding(for symbol: Symbol) {
        let count = building.count
        let (index, found) = searchCells(building.pointer, count, symbol)
        precondition(found, "solve(for:) on a symbol the row does not hold")
        let factor = -1 / building[index].coefficient
        moveElements(from: building.pointer + index + 1, to: building.pointer + index, count: count - index - 1)
        building.removeLast()
        buildingConstant *= factor
        for position in 0..<building.count { building[position].coefficient *= factor }
    }

    /// Phase one for a building row without a usable subject: make an artificial variable
    /// basic for it, minimise that variable with the row as the artificial objective, and
    /// succeed only if it reaches zero. Runs inside a rollback window; on failure the
    /// caller restores the tableau.
    mutating func phaseOne() throws(SolverError) -> (success: Bool, artificial: Symbol) {
        let artificial = symbols.make(.slack)
        install(basic: artificial)
        setRow(Self.artificialSlot, basic: .invalid)
        try optimize(Self.artificialSlot)
        let success = nearZero(rows[Self.artificialSlot].constant)
        uninstall(Self.artificialSlot, freeing: false)
        return (success, artificial)
    }

    /// After a successful phase one: if the artificial variable is still basic, pivot its
    /// row onto another symbol; then fix the artificial variable at zero (drop it) and
    /// release it.
    mutating func finishArtificial(_ artificial: Symbol) {
        let artificialSlot = Int(symbols[artificial].row)
        if artificialSlot >= 0 {
            uninstall(artificialSlot, keeping: true)
            if !building.isEmpty {
                var entering = Symbol.invalid
                for index in 0..<building.count where building[index].symbol.isPivotable {
                    entering = building[index].symbol
                    break
                }
                // Only dummies left: the constraint is redundant with required equalities;
                // a dummy may be basic at value 0.
                if !entering.isValid { entering = building[0].symbol }
                // 0 = constant + cells − artificial, with the artificial at zero.
                solveBuilding(for: entering)
                let slot = install(basic: entering)
                substitute(entering, from: slot)
            }
        }
        // Zero wherever it is left: dropping its cells is expected, not round-off.
        release(artificial, expectingCells: true)
    }
}
