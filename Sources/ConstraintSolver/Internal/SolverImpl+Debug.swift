// Consistency checks and state dumps used by the test target
// (`@testable import ConstraintSolver`); not part of the public API.

extension SolverImpl {
    /// Describes every broken tableau invariant; empty when all hold.
    ///
    /// - Complexity: O(tableau size × log), for tests only.
    func invariantViolations() -> [String] {
        var problems: [String] = []
        let free = Set(freeSlots.map(Int.init))
        var expectedColumns = Array(repeating: Set<Int32>(), count: columns.count)
        for slot in rows.indices {
            let row = rows[slot]
            if free.contains(slot) {
                if !row.cells.isEmpty || row.basic.isValid { problems.append("free slot \(slot) not empty") }
                continue
            }
            if slot >= 2 {
                if !row.basic.isValid {
                    problems.append("slot \(slot) has no basic symbol")
                } else if rowOf[row.basic.id] != Int32(slot) {
                    problems.append("rowOf[\(row.basic.raw)] != \(slot)")
                }
                if !row.basic.isExternal && row.constant < -1e-7 {
                    problems.append("restricted row \(row.basic.raw) infeasible: \(row.constant)")
                }
            } else if row.basic.isValid {
                problems.append("objective slot \(slot) has a basic symbol")
            }
            if slot == Self.artificialSlot && !row.cells.isEmpty {
                problems.append("artificial objective left behind")
            }
            var previous: Int32 = 0
            for cell in row.cells {
                if cell.symbol.raw <= previous { problems.append("slot \(slot) cells unsorted") }
                previous = cell.symbol.raw
                if nearZero(cell.coefficient) { problems.append("slot \(slot) holds a near-zero cell") }
                if !cell.coefficient.isFinite { problems.append("slot \(slot) holds a non-finite cell") }
                if cell.symbol == row.basic { problems.append("slot \(slot) holds its own basic symbol") }
                if rowOf[cell.symbol.id] >= 0 { problems.append("slot \(slot) holds basic symbol \(cell.symbol.raw)") }
                if cell.symbol.isExternal && (slot < 2 || !row.basic.isExternal) {
                    problems.append("external symbol in restricted row or objective (slot \(slot))")
                }
                expectedColumns[cell.symbol.id].insert(Int32(slot))
            }
        }
        for id in columns.indices {
            let actual = columns[id]
            if Set(actual) != expectedColumns[id] || Set(actual).count != actual.count {
                problems.append("column \(id) out of step: \(actual) vs \(expectedColumns[id].sorted())")
            }
        }
        for id in rowOf.indices where rowOf[id] >= 0 {
            let slot = Int(rowOf[id])
            if slot >= rows.count || rows[slot].basic.id != id { problems.append("rowOf[\(id)] dangling") }
        }
        if rowOf.count != Int(nextID) || columns.count != Int(nextID) {
            problems.append("symbol arrays not sized to nextID")
        }
        return problems
    }

    /// A complete, deterministic dump of the solver state, for checking that
    /// a failed call changed nothing.
    func stateDump() -> String {
        var lines: [String] = ["next \(nextID) constraints \(constraintCount) vars \(variables.count) free \(freeSlots)"]
        for (slot, row) in rows.enumerated() {
            let cells = row.cells.map { "\($0.symbol.raw):\($0.coefficient)" }.joined(separator: ",")
            lines.append("\(slot) [\(row.basic.raw)] \(row.constant) | \(cells)")
        }
        lines.append("rowOf \(rowOf)")
        lines.append("columns \(columns)")
        lines.append("symbols \(variableSymbols.map(\.raw))")
        lines.append("edits \(edits.map { "\($0.tag.marker.raw)/\($0.tag.other.raw)=\($0.constant)" })")
        lines.append("infeasible \(infeasible.map(\.raw))")
        return lines.joined(separator: "\n")
    }
}
