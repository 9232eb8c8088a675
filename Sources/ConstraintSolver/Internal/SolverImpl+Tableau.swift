// Tableau maintenance: rows in their pool blocks, column indexes, the sparse merge kernel.
// Every primitive that changes a row or a column touches it first (see `Journal`).

extension SolverImpl {
    // MARK: - Reading rows

    /// The cells of the row in `slot` (valid until the cell pool next allocates).
    @inline(__always)
    func cells(_ slot: Int) -> UnsafeMutablePointer<Cell> {
        cellPool.pointer(rows[slot].start)
    }

    /// The coefficient of `symbol` in the row in `slot`, or 0.
    @inline(__always)
    func coefficient(_ slot: Int, _ symbol: Symbol) -> Double {
        let header = rows[slot]
        let cells = cellPool.pointer(header.start)
        let (index, found) = searchCells(cells, Int(header.count), symbol)
        return found ? cells[index].coefficient : 0
    }

    // MARK: - Column indexes

    /// The slots whose rows hold `symbol`.
    @inline(__always)
    func column(_ symbol: Symbol) -> UnsafeMutableBufferPointer<Int32> {
        let entry = symbols[symbol]
        return UnsafeMutableBufferPointer(start: columnPool.pointer(entry.columnStart), count: Int(entry.columnCount))
    }

    @inline(__always)
    mutating func columnAppend(_ symbol: Symbol, _ slot: Int32) {
        touchColumn(symbol)
        let entry = symbols[symbol]
        if entry.columnCount == entry.columnCapacity { growColumn(symbol) }
        columnPool.pointer(symbols[symbol].columnStart)[Int(entry.columnCount)] = slot
        symbols[symbol].columnCount = entry.columnCount + 1
    }

    @inline(never)
    private mutating func growColumn(_ symbol: Symbol) {
        let entry = symbols[symbol]
        let block = columnPool.allocate(atLeast: Int(entry.columnCount) + 1)
        if entry.columnCount > 0 {
            moveElements(from: columnPool.pointer(entry.columnStart), to: columnPool.pointer(block.start), count: Int(entry.columnCount))
        }
        columnPool.release(start: entry.columnStart, capacity: entry.columnCapacity)
        symbols[symbol].columnStart = block.start
        symbols[symbol].columnCapacity = block.capacity
    }

    /// Removes `slot` from the column of `symbol` (the last entry takes its place).
    @inline(__always)
    mutating func columnRemove(_ symbol: Symbol, _ slot: Int32) {
        touchColumn(symbol)
        let entry = symbols[symbol]
        let slots = columnPool.pointer(entry.columnStart)
        let last = Int(entry.columnCount) - 1
        var index = 0
        while index <= last && slots[index] != slot { index &+= 1 }
        if index > last { return }
        slots[index] = slots[last]
        symbols[symbol].columnCount = Int32(last)
    }

    // MARK: - Row blocks

    /// Makes the block of the row in `slot` hold at least `count` cells, keeping its cells
    /// when `keeping`.
    @inline(__always)
    mutating func reserveCells(_ slot: Int, _ count: Int, keeping: Bool = true) {
        if Int(rows[slot].capacity) < count { moveRow(slot, capacity: count, keeping: keeping) }
    }

    @inline(never)
    private mutating func moveRow(_ slot: Int, capacity: Int, keeping: Bool) {
        let header = rows[slot]
        let block = cellPool.allocate(atLeast: capacity)
        if keeping && header.count > 0 {
            moveElements(from: cellPool.pointer(header.start), to: cellPool.pointer(block.start), count: Int(header.count))
        }
        cellPool.release(start: header.start, capacity: header.capacity)
        rows[slot].start = block.start
        rows[slot].capacity = block.capacity
    }

    /// Adds `coefficient · symbol` to the row in `slot`, keeping the column index in step.
    mutating func addCell(_ slot: Int, _ symbol: Symbol, _ coefficient: Double) {
        touchRow(slot)
        let count = Int(rows[slot].count)
        let (index, found) = searchCells(cells(slot), count, symbol)
        if found {
            let cells = cells(slot)
            let sum = cells[index].coefficient + coefficient
            if nearZero(sum) {
                removeCell(slot, at: index)
                columnRemove(symbol, Int32(slot))
            } else {
                cells[index].coefficient = sum
            }
        } else if !nearZero(coefficient) {
            reserveCells(slot, count + 1)
            let cells = cells(slot)
            moveElements(from: cells + index, to: cells + index + 1, count: count - index)
            cells[index] = Cell(symbol: symbol, coefficient: coefficient)
            rows[slot].count = Int32(count + 1)
            columnAppend(symbol, Int32(slot))
        }
    }

    /// Removes the cell at `index` of the row in `slot`; the caller updates the column.
    @inline(__always)
    mutating func removeCell(_ slot: Int, at index: Int) {
        touchRow(slot)
        let count = Int(rows[slot].count)
        let cells = cells(slot)
        moveElements(from: cells + index + 1, to: cells + index, count: count - index - 1)
        rows[slot].count = Int32(count - 1)
    }

    /// Multiplies the constant and every coefficient of the row in `slot`.
    @inline(__always)
    mutating func scaleRow(_ slot: Int, by factor: Double) {
        touchRow(slot)
        rows[slot].constant *= factor
        let cells = cells(slot)
        for index in 0..<Int(rows[slot].count) { cells[index].coefficient *= factor }
    }

    // MARK: - Installing rows

    /// Puts the building row into a free slot as the row of `basic` and indexes its cells.
    @discardableResult
    mutating func install(basic: Symbol) -> Int {
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = Int(free)
        } else {
            slot = rows.count
            rows.append(.empty)
        }
        setRow(slot, basic: basic)
        return slot
    }

    /// Makes the row in `slot` a copy of the building row, with `basic` as its basic symbol,
    /// and indexes its cells.
    mutating func setRow(_ slot: Int, basic: Symbol) {
        touchRow(slot)
        let count = building.count
        reserveCells(slot, count, keeping: false)
        if count > 0 { moveElements(from: building.pointer, to: cells(slot), count: count) }
        rows[slot].count = Int32(count)
        rows[slot].constant = buildingConstant
        rows[slot].basic = basic
        let slot32 = Int32(slot)
        for index in 0..<count { columnAppend(building[index].symbol, slot32) }
        if basic.isValid { symbols[basic].row = slot32 }
    }

    /// Takes the row out of `slot`, unindexing its cells, and returns its slot to the free
    /// list when `freeing`. With `keeping`, the row is left in the building row.
    mutating func uninstall(_ slot: Int, freeing: Bool = true, keeping: Bool = false) {
        touchRow(slot)
        let header = rows[slot]
        let count = Int(header.count)
        let slot32 = Int32(slot)
        for index in 0..<count { columnRemove(cells(slot)[index].symbol, slot32) }
        if keeping {
            building.removeAll()
            _ = building.append(from: cells(slot), count: count)
            buildingConstant = header.constant
        }
        if header.basic.isValid { symbols[header.basic].row = -1 }
        rows[slot].count = 0
        rows[slot].constant = 0
        rows[slot].basic = .invalid
        // The block stays with the slot, for the next row installed there.
        if freeing { freeSlots.append(slot32) }
    }

    /// Adds `weight · symbol` to the objective, expanding the symbol's row if it is basic.
    mutating func addToObjective(_ symbol: Symbol, weight: Double) {
        let objective = Self.objectiveSlot
        let basicSlot = Int(symbols[symbol].row)
        if basicSlot >= 0 {
            touchRow(objective)
            rows[objective].constant += weight * rows[basicSlot].constant
            mergeRow(into: objective, from: basicSlot, scale: weight, skip: .invalid)
        } else {
            addCell(objective, symbol, weight)
        }
    }

    // MARK: - Releasing symbols

    /// Drops `symbol` from the tableau — its row if it is basic, its cells elsewhere — and
    /// returns its id to the free list. In exact arithmetic a released marker, error or
    /// variable is already in no row; anything left is round-off, counted in
    /// `residualPurges` unless the caller is `expectingCells` (a parametric artificial
    /// variable, fixed at zero).
    mutating func release(_ symbol: Symbol, expectingCells: Bool = false) {
        let basicSlot = Int(symbols[symbol].row)
        if basicSlot >= 0 {
            if !expectingCells { residualPurges += 1 }
            uninstall(basicSlot)
        }
        let count = Int(symbols[symbol].columnCount)
        if count > 0 {
            if !expectingCells { residualPurges += 1 }
            targets.removeAll()
            _ = targets.append(from: column(symbol).baseAddress!, count: count)
            for index in 0..<count {
                let slot = Int(targets[index])
                let (position, found) = searchCells(cells(slot), Int(rows[slot].count), symbol)
                if found { removeCell(slot, at: position) }
            }
            symbols[symbol].columnCount = 0
        }
        symbols.release(symbol)
    }

    // MARK: - Building rows

    /// Adds `coefficient · symbol` to the building row, dropping the cell if the sum is
    /// near zero.
    @inline(__always)
    mutating func addToBuilding(_ symbol: Symbol, _ coefficient: Double) {
        let count = building.count
        let (index, found) = searchCells(building.pointer, count, symbol)
        if found {
            let sum = building[index].coefficient + coefficient
            if nearZero(sum) {
                moveElements(from: building.pointer + index + 1, to: building.pointer + index, count: count - index - 1)
                building.removeLast()
            } else {
                building[index].coefficient = sum
            }
        } else if !nearZero(coefficient) {
            _ = building.extend(by: 1)
            moveElements(from: building.pointer + index, to: building.pointer + index + 1, count: count - index)
            building[index] = Cell(symbol: symbol, coefficient: coefficient)
        }
    }

    /// `building += scale · (the row in slot source)`.
    mutating func mergeBuilding(from source: Int, scale: Double) {
        let sourceCount = Int(rows[source].count)
        let targetCount = building.count
        scratch.removeAll()
        _ = scratch.extend(by: targetCount + sourceCount)
        let (written, _) = Self.merge(building.pointer, targetCount, cells(source), sourceCount, scale: scale,
                                      skip: .invalid, into: scratch.pointer, changes: nil)
        scratch.truncate(to: written)
        swap(&building, &scratch)
    }

    /// `row[slot] += scale · row[source]`, dropping `skip` from the target (the caller has
    /// accounted for it), keeping the column index in step. The constant is the caller's.
    mutating func mergeRow(into slot: Int, from source: Int, scale: Double, skip: Symbol) {
        touchRow(slot)
        let sourceCount = Int(rows[source].count)
        let targetCount = Int(rows[slot].count)
        // In place (a binary search per source cell) unless both rows are long and of
        // similar size, where inserting cell by cell would move the target again and again.
        if sourceCount <= 16 || sourceCount * 4 < targetCount {
            mergeShortRow(into: slot, from: source, scale: scale, skip: skip)
            return
        }
        // The sum goes straight into a new block, which replaces the target's.
        columnChanges.reserve(targetCount + sourceCount)
        let block = cellPool.allocate(atLeast: targetCount + sourceCount)
        let (written, changed) = Self.merge(cells(slot), targetCount, cells(source), sourceCount, scale: scale,
                                            skip: skip, into: cellPool.pointer(block.start),
                                            changes: columnChanges.pointer)
        mergedCells &+= written
        cellPool.release(start: rows[slot].start, capacity: rows[slot].capacity)
        rows[slot].start = block.start
        rows[slot].capacity = block.capacity
        rows[slot].count = Int32(written)
        let slot32 = Int32(slot)
        let changes = columnChanges.pointer
        for index in 0..<changed {
            let change = changes[index]
            if change > 0 {
                columnAppend(Symbol(raw: change), slot32)
            } else {
                columnRemove(Symbol(raw: -change), slot32)
            }
        }
    }

    /// `mergeRow` for a short source, or one much shorter than the target (a row substituted
    /// into the objective or into a long row): each source cell is found by binary search and
    /// updated, inserted or removed in place, instead of rewriting the whole target.
    private mutating func mergeShortRow(into slot: Int, from source: Int, scale: Double, skip: Symbol) {
        let sourceCount = Int(rows[source].count)
        var count = Int(rows[slot].count)
        reserveCells(slot, count + sourceCount)
        let target = cells(slot)
        let sourceCells = cells(source)
        let slot32 = Int32(slot)
        if skip.isValid {
            let (index, found) = searchCells(target, count, skip)
            if found {
                moveElements(from: target + index + 1, to: target + index, count: count - index - 1)
                count -= 1
            }
        }
        var low = 0
        for j in 0..<sourceCount {
            let b = sourceCells[j]
            let value = b.coefficient * scale
            let (offset, found) = searchCells(target + low, count - low, b.symbol)
            let index = low + offset
            if found {
                let sum = target[index].coefficient + value
                if nearZero(sum) {
                    moveElements(from: target + index + 1, to: target + index, count: count - index - 1)
                    count -= 1
                    rows[slot].count = Int32(count)
                    columnRemove(b.symbol, slot32)
                    low = index
                } else {
                    target[index].coefficient = sum
                    low = index + 1
                }
            } else if !nearZero(value) {
                moveElements(from: target + index, to: target + index + 1, count: count - index)
                target[index] = Cell(symbol: b.symbol, coefficient: value)
                count += 1
                rows[slot].count = Int32(count)
                columnAppend(b.symbol, slot32)
                low = index + 1
            } else {
                low = index
            }
        }
        mergedCells &+= sourceCount
        rows[slot].count = Int32(count)
    }

    /// The sparse kernel: writes `target + scale · source` (two sorted cell lists) to `out`,
    /// dropping near-zero sums and any target cell for `skip`. Returns the cells written
    /// and, with `changes`, how many symbols it recorded there as appearing (`+raw`) or
    /// cancelling out (`−raw`).
    @inline(__always)
    static func merge(_ target: UnsafePointer<Cell>, _ targetCount: Int, _ source: UnsafePointer<Cell>,
                      _ sourceCount: Int, scale: Double, skip: Symbol, into out: UnsafeMutablePointer<Cell>,
                      changes: UnsafeMutablePointer<Int32>?) -> (written: Int, changed: Int) {
        var i = 0, j = 0, n = 0, c = 0
        let skipRaw = skip.raw
        while i < targetCount || j < sourceCount {
            // An exhausted side reads as the largest symbol, so the other side drains.
            let aRaw = i < targetCount ? target[i].symbol.raw : Int32.max
            let bRaw = j < sourceCount ? source[j].symbol.raw : Int32.max
            if aRaw < bRaw {
                if aRaw != skipRaw { out[n] = target[i]; n &+= 1 }
                i &+= 1
            } else if aRaw > bRaw {
                let value = source[j].coefficient * scale
                if !nearZero(value) {
                    out[n] = Cell(symbol: source[j].symbol, coefficient: value)
                    n &+= 1
                    if let changes { changes[c] = bRaw; c &+= 1 }
                }
                j &+= 1
            } else {
                let value = target[i].coefficient + source[j].coefficient * scale
                if nearZero(value) {
                    if let changes { changes[c] = -aRaw; c &+= 1 }
                } else {
                    out[n] = Cell(symbol: target[i].symbol, coefficient: value)
                    n &+= 1
                }
                i &+= 1
                j &+= 1
            }
        }
        return (n, c)
    }
}
