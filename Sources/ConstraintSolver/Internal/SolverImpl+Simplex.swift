// The simplex machinery: pivots, the primal simplex (optimize), the dual simplex
// (dualOptimize) and the choice of entering and leaving symbols, named as in the paper.

extension SolverImpl {
    /// Replaces `symbol` by the row in slot `source` (whose basic it has just become) in
    /// every row that mentions it, objectives included.
    mutating func substitute(_ symbol: Symbol, from source: Int) {
        let count = Int(symbols[symbol].columnCount)
        if count == 0 { return }
        touchColumn(symbol)
        targets.removeAll()
        _ = targets.append(from: column(symbol).baseAddress!, count: count)
        symbols[symbol].columnCount = 0
        let sourceConstant = rows[source].constant
        for index in 0..<count {
            let slot = Int(targets[index])
            let (position, found) = searchCells(cells(slot), Int(rows[slot].count), symbol)
            if !found { continue }
            let coefficient = cells(slot)[position].coefficient
            touchRow(slot)
            rows[slot].constant += coefficient * sourceConstant
            mergeRow(into: slot, from: source, scale: coefficient, skip: symbol)
            if slot >= 2 {
                let basic = rows[slot].basic
                if !basic.isExternal && rows[slot].constant < 0 { infeasible.append(basic) }
            }
        }
        assert(symbols[symbol].columnCount == 0, "substitution reintroduced the symbol")
    }

    /// Exchanges the basic symbol of the row in `slot` for `entering`, then substitutes the
    /// new row everywhere `entering` appears.
    mutating func pivot(_ slot: Int, entering: Symbol) {
        pivotCount &+= 1
        touchRow(slot)
        let slot32 = Int32(slot)
        let leaving = rows[slot].basic
        symbols[leaving].row = -1
        let (index, found) = searchCells(cells(slot), Int(rows[slot].count), entering)
        precondition(found, "pivot on a symbol the row does not hold")
        let coefficient = cells(slot)[index].coefficient
        removeCell(slot, at: index)
        columnRemove(entering, slot32)
        // leaving = constant + cells + a·entering  ⇒  entering = (leaving − constant − cells) / a
        addCell(slot, leaving, -1)
        scaleRow(slot, by: -1 / coefficient)
        rows[slot].basic = entering
        symbols[entering].row = slot32
        substitute(entering, from: slot)
    }

    /// Primal simplex on the objective in `objectiveSlot`, until no symbol with a negative
    /// objective coefficient remains. Entering symbols are taken in symbol order and ratio
    /// ties go to the lowest basic symbol (Bland's rule), so degenerate systems cannot cycle.
    mutating func optimize(_ objectiveSlot: Int) throws(SolverError) {
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

    /// Dual simplex: restores feasibility of the rows queued in `infeasible` while keeping
    /// the objective optimal (used after edits and constant changes).
    mutating func dualOptimize() throws(SolverError) {
        let limit = 10_000 + 200 * rows.count
        var iterations = 0
        while let leaving = infeasible.popLast() {
            let slot = Int(symbols[leaving].row)
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

    /// Drives every dummy queued in `positiveDummies` back to zero: a dummy row with a
    /// positive constant is the mirror image of an infeasible row, so the dual step pivots
    /// in the symbol with a negative coefficient that keeps the objective optimal. Throws
    /// when a dummy cannot be brought down (the required equalities conflict).
    mutating func repairPositiveDummies() throws(SolverError) {
        while let dummy = positiveDummies.popLast() {
            let slot = Int(symbols[dummy].row)
            if slot < 0 || nearZero(rows[slot].constant) { continue }
            if rows[slot].constant < 0 {
                infeasible.append(dummy)
                continue
            }
            var entering = Symbol.invalid
            var bestRatio = Double.infinity
            let count = Int(rows[slot].count)
            for index in 0..<count {
                let cell = cells(slot)[index]
                if cell.coefficient < 0 && !cell.symbol.isDummy {
                    let ratio = coefficient(Self.objectiveSlot, cell.symbol) / -cell.coefficient
                    if ratio < bestRatio {
                        bestRatio = ratio
                        entering = cell.symbol
                    }
                }
            }
            if !entering.isValid {
                positiveDummies.removeAll()
                throw .internalError("a required equality cannot hold")
            }
            pivot(slot, entering: entering)
        }
    }

    /// The first (lowest) non-dummy symbol with a negative objective coefficient, or the
    /// invalid symbol when the objective is optimal.
    func getEnteringSymbol(_ objectiveSlot: Int) -> Symbol {
        let cells = cells(objectiveSlot)
        for index in 0..<Int(rows[objectiveSlot].count) {
            let cell = cells[index]
            if cell.coefficient < 0 && !cell.symbol.isDummy { return cell.symbol }
        }
        return .invalid
    }

    /// The restricted row that limits how far `entering` can grow (minimum ratio), ties
    /// broken by the lowest basic symbol; -1 if unbounded.
    func getLeavingRow(_ entering: Symbol) -> Int {
        var best = -1
        var bestRatio = Double.infinity
        var bestRaw = Int32.max
        for slot32 in column(entering) {
            let slot = Int(slot32)
            if slot < 2 { continue }
            let basic = rows[slot].basic
            if basic.isExternal { continue }
            let coefficient = coefficient(slot, entering)
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

    /// For the infeasible row in `slot`, the symbol with a positive coefficient that keeps
    /// the objective optimal (minimum ratio of objective coefficient to row coefficient).
    func getDualEnteringSymbol(_ slot: Int) -> Symbol {
        var entering = Symbol.invalid
        var bestRatio = Double.infinity
        let objective = rows[Self.objectiveSlot]
        let objectiveCells = cellPool.pointer(objective.start)
        let cells = cells(slot)
        for index in 0..<Int(rows[slot].count) {
            let cell = cells[index]
            if cell.coefficient > 0 && !cell.symbol.isDummy {
                let (position, found) = searchCells(objectiveCells, Int(objective.count), cell.symbol)
                let cost = found ? objectiveCells[position].coefficient : 0
                let ratio = cost / cell.coefficient
                if ratio < bestRatio {
                    bestRatio = ratio
                    entering = cell.symbol
                }
            }
        }
        return entering
    }

    /// The row to pivot on so that a non-basic `marker` can become basic and its row be
    /// dropped: the tightest restricted row where the marker has a negative coefficient,
    /// else the tightest with a positive one, else any external row holding it; -1 if no
    /// row holds it.
    func getMarkerLeavingRow(_ marker: Symbol) -> Int {
        var first = -1, second = -1, third = -1
        var firstRatio = Double.infinity, secondRatio = Double.infinity
        for slot32 in column(marker) {
            let slot = Int(slot32)
            if slot < 2 { continue }
            let basic = rows[slot].basic
            if basic.isExternal {
                third = slot
                continue
            }
            let coefficient = coefficient(slot, marker)
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
}
