// Consistency checks, state dumps and statistics used by the test targets
// (`@testable import ConstraintSolver`); not part of the public API.

extension SolverImpl {
    /// Describes every broken tableau invariant; empty when all hold.
    ///
    /// - Complexity: O(tableau size × log), for tests only.
    func invariantViolations() -> [String] {
        var problems: [String] = []
        let freeSlotSet = Set((0..<freeSlots.count).map { Int(freeSlots[$0]) })
        let freeIDs = Set((0..<symbols.free.count).map { Int(symbols.free[$0]) })
        let idCount = symbols.entries.count
        var expectedColumns = Array(repeating: Set<Int32>(), count: idCount)
        func live(_ symbol: Symbol) -> Bool { symbol.id > 0 && symbol.id < idCount && !freeIDs.contains(symbol.id) }
        for slot in 0..<rows.count {
            let row = rows[slot]
            if freeSlotSet.contains(slot) {
                if row.count != 0 || row.basic.isValid { problems.append("free slot \(slot) not empty") }
                continue
            }
            if row.count > row.capacity { problems.append("slot \(slot) overflows its block") }
            if slot >= 2 {
                if !row.basic.isValid {
                    problems.append("slot \(slot) has no basic symbol")
                } else if !live(row.basic) {
                    problems.append("slot \(slot) has a released basic symbol \(row.basic.raw)")
                } else if symbols[row.basic].row != Int32(slot) {
                    problems.append("row of \(row.basic.raw) != \(slot)")
                }
                if !row.basic.isExternal && row.constant < -1e-7 {
                    problems.append("restricted row \(row.basic.raw) infeasible: \(row.constant)")
                }
                if row.basic.isDummy && !nearZero(row.constant) {
                    problems.append("dummy row \(row.basic.raw) not at zero: \(row.constant)")
                }
            } else if row.basic.isValid {
                problems.append("objective slot \(slot) has a basic symbol")
            }
            if slot == Self.artificialSlot && row.count != 0 {
                problems.append("artificial objective left behind")
            }
            var previous: Int32 = 0
            for index in 0..<Int(row.count) {
                let cell = cellPool.pointer(row.start)[index]
                if cell.symbol.raw <= previous { problems.append("slot \(slot) cells unsorted") }
                previous = cell.symbol.raw
                if !live(cell.symbol) {
                    problems.append("slot \(slot) holds released symbol \(cell.symbol.raw)")
                    continue
                }
                if nearZero(cell.coefficient) { problems.append("slot \(slot) holds a near-zero cell") }
                if !cell.coefficient.isFinite { problems.append("slot \(slot) holds a non-finite cell") }
                if cell.symbol == row.basic { problems.append("slot \(slot) holds its own basic symbol") }
                if symbols[cell.symbol].row >= 0 { problems.append("slot \(slot) holds basic symbol \(cell.symbol.raw)") }
                if cell.symbol.isExternal && (slot < 2 || !row.basic.isExternal) {
                    problems.append("external symbol in restricted row or objective (slot \(slot))")
                }
                expectedColumns[cell.symbol.id].insert(Int32(slot))
            }
        }
        for id in 1..<idCount {
            let entry = symbols.entries[id]
            let actual = (0..<Int(entry.columnCount)).map { columnPool.pointer(entry.columnStart)[$0] }
            if Set(actual) != expectedColumns[id] || Set(actual).count != actual.count {
                problems.append("column \(id) out of step: \(actual) vs \(expectedColumns[id].sorted())")
            }
            if entry.columnCount > entry.columnCapacity { problems.append("column \(id) overflows its block") }
            if entry.row >= 0 {
                let slot = Int(entry.row)
                if slot >= rows.count || rows[slot].basic.id != id { problems.append("row of \(id) dangling") }
            }
            if freeIDs.contains(id) && (entry.row >= 0 || entry.columnCount != 0 || entry.uses != 0) {
                problems.append("released id \(id) still in use")
            }
        }
        if freeIDs.count != symbols.free.count { problems.append("an id is free twice") }
        for index in 0..<variables.count {
            let entry = variables[index]
            let variable = entry.variable.takeUnretainedValue()
            guard let registration = variable.registrations.payload(for: token) else {
                problems.append("variable \(variable) listed but not registered")
                continue
            }
            if registration.symbol != entry.symbol || registration.listIndex != Int32(index) {
                problems.append("variable \(variable) registration out of step")
            }
            if !live(entry.symbol) || symbols[entry.symbol].uses <= 0 {
                problems.append("variable \(variable) listed without a live use")
            }
        }
        if journal.isActive { problems.append("a rollback window was left open") }
        if !infeasible.isEmpty || !positiveDummies.isEmpty { problems.append("repairs left queued") }
        return problems
    }

    /// A complete, deterministic dump of the solver's logical state, for checking that a
    /// failed call changed nothing. (Where blocks sit in the pools is not state: a row or
    /// column restored into another block of the same contents is the same row.)
    func stateDump() -> String {
        var lines: [String] = [
            "ids \(symbols.entries.count) free \((0..<symbols.free.count).map { symbols.free[$0] }) "
                + "constraints \(constraintCount) slots \(rows.count) free slots \((0..<freeSlots.count).map { freeSlots[$0] })",
        ]
        for slot in 0..<rows.count {
            let row = rows[slot]
            let cells = (0..<Int(row.count)).map { index in
                let cell = cellPool.pointer(row.start)[index]
                return "\(cell.symbol.raw):\(cell.coefficient)"
            }
            lines.append("\(slot) [\(row.basic.raw)] \(row.constant) | \(cells.joined(separator: ","))")
        }
        for id in 0..<symbols.entries.count {
            let entry = symbols.entries[id]
            let column = (0..<Int(entry.columnCount)).map { columnPool.pointer(entry.columnStart)[$0] }
            lines.append("id \(id) row \(entry.row) uses \(entry.uses) column \(column)")
        }
        lines.append("variables \((0..<variables.count).map { variables[$0].symbol.raw })")
        lines.append("edits \(edits.map { "\($0.tag.marker.raw)/\($0.tag.other.raw)=\($0.constant)" })")
        lines.append("infeasible \((0..<infeasible.count).map { infeasible[$0].raw })")
        return lines.joined(separator: "\n")
    }

    /// What a solver holds, to compare across a long run: symbols alive and ever needed at
    /// once, rows, variables, and the bytes of its tables.
    struct Occupancy: Equatable {
        var symbolTableSize: Int
        var liveSymbols: Int
        var rows: Int
        var variables: Int
        var bytes: Int
    }

    var occupancy: Occupancy {
        Occupancy(symbolTableSize: symbolTableSize, liveSymbols: liveSymbolCount, rows: rowCount,
                  variables: variableCount, bytes: footprint)
    }

    /// Symbols alive (issued and not released).
    var liveSymbolCount: Int { symbols.liveCount }
    /// Symbol ids ever needed at once: the size of the symbol table.
    var symbolTableSize: Int { symbols.entries.count - 1 }
    /// Rows in the tableau, objectives excluded.
    var rowCount: Int { rows.count - 2 - freeSlots.count }
    /// Variables the solver holds.
    var variableCount: Int { variables.count }

    /// Bytes held by the solver's tables (the solver object and the registrations kept in
    /// variables and constraints aside).
    var footprint: Int {
        rows.footprint + freeSlots.footprint + symbols.footprint + cellPool.footprint + columnPool.footprint
            + variables.footprint + infeasible.footprint + positiveDummies.footprint + building.footprint
            + scratch.footprint + columnChanges.footprint + targets.footprint + journal.footprint
            + edits.capacity * MemoryLayout<EditInfo>.stride
    }
}
