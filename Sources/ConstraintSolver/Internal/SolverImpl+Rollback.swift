// Rollback windows: the journal of what a failing operation touched, and its undoing.

extension SolverImpl {
    /// Opens a rollback window: from now on every row and column changed is saved first.
    mutating func beginJournal() {
        assert(!journal.isActive, "rollback windows do not nest")
        journal.clear()
        journal.epoch &+= 1
        if journal.epoch == 0 {
            // The stamps wrapped around: clear them so no old stamp matches.
            for slot in 0..<rows.count { rows[slot].stamp = 0 }
            for id in 0..<symbols.entries.count { symbols.entries[id].stamp = 0 }
            journal.epoch = 1
        }
        journal.isActive = true
        journal.rowCount = rows.count
        journal.freeSlots.assign(freeSlots)
        journal.infeasible.assign(infeasible)
    }

    /// Closes the window, keeping every change.
    mutating func endJournal() {
        journal.clear()
    }

    /// Saves the row in `slot` if this window has not yet.
    @inline(__always)
    mutating func touchRow(_ slot: Int) {
        if journal.isActive && rows[slot].stamp != journal.epoch { saveRow(slot) }
    }

    /// Saves the column of `symbol` if this window has not yet.
    @inline(__always)
    mutating func touchColumn(_ symbol: Symbol) {
        if journal.isActive && symbols[symbol].stamp != journal.epoch { saveColumn(symbol) }
    }

    @inline(never)
    private mutating func saveRow(_ slot: Int) {
        rows[slot].stamp = journal.epoch
        let header = rows[slot]
        let offset = journal.cells.append(from: cellPool.pointer(header.start), count: Int(header.count))
        journal.rows.append(Journal.SavedRow(slot: Int32(slot), constant: header.constant, basic: header.basic,
                                             count: header.count, offset: Int32(offset)))
    }

    @inline(never)
    private mutating func saveColumn(_ symbol: Symbol) {
        symbols[symbol].stamp = journal.epoch
        let entry = symbols[symbol]
        let offset = journal.slots.append(from: columnPool.pointer(entry.columnStart), count: Int(entry.columnCount))
        journal.columns.append(Journal.SavedColumn(id: Int32(symbol.id), count: entry.columnCount, offset: Int32(offset)))
    }

    /// Closes the window, restoring every row and column it saved, the row slots, the free
    /// slots and the infeasible rows: the tableau is exactly as when the window opened.
    /// Symbols made inside the window are the caller's to take back.
    mutating func rollBackJournal() {
        assert(journal.isActive)
        for index in 0..<journal.columns.count {
            let saved = journal.columns[index]
            let id = Int(saved.id)
            if saved.count == 0 {
                symbols.entries[id].columnCount = 0
                continue
            }
            if symbols.entries[id].columnCapacity < saved.count {
                releaseColumn(id)
                let block = columnPool.allocate(atLeast: Int(saved.count))
                symbols.entries[id].columnStart = block.start
                symbols.entries[id].columnCapacity = block.capacity
            }
            moveElements(from: journal.slots.pointer + Int(saved.offset), to: columnPool.pointer(symbols.entries[id].columnStart), count: Int(saved.count))
            symbols.entries[id].columnCount = saved.count
        }
        // Basic symbols change only in touched rows: unlink the current ones, then relink
        // the saved ones.
        for index in 0..<journal.rows.count {
            let slot = Int(journal.rows[index].slot)
            let basic = rows[slot].basic
            if basic.isValid && Int(symbols[basic].row) == slot { symbols[basic].row = -1 }
        }
        for slot in journal.rowCount..<rows.count {
            let basic = rows[slot].basic
            if basic.isValid && Int(symbols[basic].row) == slot { symbols[basic].row = -1 }
            cellPool.release(start: rows[slot].start, capacity: rows[slot].capacity)
        }
        rows.truncate(to: journal.rowCount)
        for index in 0..<journal.rows.count {
            let saved = journal.rows[index]
            let slot = Int(saved.slot)
            if slot >= journal.rowCount { continue }
            rows[slot].constant = saved.constant
            rows[slot].basic = saved.basic
            if saved.count > 0 {
                if rows[slot].capacity < saved.count {
                    cellPool.release(start: rows[slot].start, capacity: rows[slot].capacity)
                    let block = cellPool.allocate(atLeast: Int(saved.count))
                    rows[slot].start = block.start
                    rows[slot].capacity = block.capacity
                }
                moveElements(from: journal.cells.pointer + Int(saved.offset), to: cellPool.pointer(rows[slot].start), count: Int(saved.count))
            }
            rows[slot].count = saved.count
            if saved.basic.isValid { symbols[saved.basic].row = Int32(slot) }
        }
        freeSlots.assign(journal.freeSlots)
        infeasible.assign(journal.infeasible)
        journal.clear()
    }

    /// Returns the column block of symbol `id` to the pool, leaving its column empty.
    @inline(__always)
    mutating func releaseColumn(_ id: Int) {
        let entry = symbols.entries[id]
        columnPool.release(start: entry.columnStart, capacity: entry.columnCapacity)
        symbols.entries[id].columnStart = 0
        symbols.entries[id].columnCount = 0
        symbols.entries[id].columnCapacity = 0
    }
}
