/// What the solver keeps per symbol id.
struct SymbolEntry {
    /// The slot of the row whose basic symbol this is, or -1 when it is parametric.
    var row: Int32 = -1
    /// The column index: the slots of the rows whose cells hold the symbol (objective rows
    /// included), in a block of the solver's column pool.
    var columnStart: Int32 = 0
    var columnCount: Int32 = 0
    var columnCapacity: Int32 = 0
    /// For an external symbol: the terms of live constraints that name its variable. The
    /// variable is released when this drops to zero.
    var uses: Int32 = 0
    /// The journal epoch in which the column was last saved (see `Journal`).
    var stamp: UInt32 = 0

    /// The entry of an unused id. The column block stays, for the id's next symbol.
    mutating func clear() {
        row = -1
        columnCount = 0
        uses = 0
    }
}

/// Symbol ids and their per-symbol entries, with a free list: an id comes back into use
/// once its symbol is released, so the table's size follows the largest number of symbols
/// alive at once, never the number ever made.
struct SymbolTable {
    /// Entry 0 belongs to the invalid symbol and is never handed out.
    var entries = RawArray<SymbolEntry>()
    /// Released ids, reused last in, first out.
    var free = RawArray<Int32>()

    init() {
        entries.append(SymbolEntry())
    }

    /// Symbols alive: issued and not released.
    var liveCount: Int { entries.count - 1 - free.count }

    @inline(__always)
    subscript(symbol: Symbol) -> SymbolEntry {
        unsafeAddress { UnsafePointer(entries.pointer + symbol.id) }
        nonmutating unsafeMutableAddress { entries.pointer + symbol.id }
    }

    /// A new symbol of `kind`, on a released id when there is one.
    @inline(__always)
    mutating func make(_ kind: Symbol.Kind) -> Symbol {
        if let id = free.popLast() {
            return Symbol(id: id, kind: kind)
        }
        let id = entries.extend(by: 1)
        precondition(id < 1 << 29, "more than 2²⁹ symbols alive at once")
        entries[id] = SymbolEntry()
        return Symbol(id: Int32(id), kind: kind)
    }

    /// Returns the id of `symbol` to the free list; its column block stays with the id. The
    /// symbol must be in no row.
    @inline(__always)
    mutating func release(_ symbol: Symbol) {
        assert(self[symbol].row < 0 && self[symbol].columnCount == 0, "released a symbol still in the tableau")
        self[symbol].clear()
        free.append(Int32(symbol.id))
    }

    /// The state to return to if the symbols made from now on must be taken back.
    struct Mark {
        var entryCount: Int
        var freeCount: Int
    }

    var mark: Mark { Mark(entryCount: entries.count, freeCount: free.count) }

    /// The ids made since `mark` (nothing may have been released since): the reused ones
    /// are `free.pointer[reusedPositions]` (popping leaves them in the free list's memory),
    /// the fresh ones are `freshIDs`.
    func made(since mark: Mark) -> (reusedPositions: Range<Int>, freshIDs: Range<Int>) {
        assert(free.count <= mark.freeCount, "a symbol was released inside a rollback window")
        return (free.count..<mark.freeCount, mark.entryCount..<entries.count)
    }

    /// Takes back every symbol made since `mark`, leaving the free list exactly as it was.
    /// The caller has taken them out of every row, and returned the column blocks of the
    /// fresh ids (which the table forgets) to the pool.
    mutating func rollBack(to mark: Mark) {
        let (reused, _) = made(since: mark)
        for position in reused { entries[Int(free.pointer[position])].clear() }
        _ = free.extend(by: reused.count)
        entries.truncate(to: mark.entryCount)
    }

    mutating func removeAll() {
        entries.removeAll()
        entries.append(SymbolEntry())
        free.removeAll()
    }

    mutating func deallocate() {
        entries.deallocate()
        free.deallocate()
    }

    var footprint: Int { entries.footprint + free.footprint }
}
