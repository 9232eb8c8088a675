/// What a rollback window changed in the tableau, saved at first touch.
///
/// An operation that may fail half-way — adding a required constraint through phase one,
/// changing the constant of a required constraint — opens a window. Every primitive that
/// changes a row or a column index first saves that row or column, once per window (a
/// stamp per row and per symbol remembers the window). A failure restores exactly what was
/// saved, so undoing costs what the operation touched, never a copy of the tableau.
struct Journal {
    struct SavedRow {
        var slot: Int32
        var constant: Double
        var basic: Symbol
        var count: Int32
        /// Where the row's cells are in `cells`.
        var offset: Int32
    }

    struct SavedColumn {
        var id: Int32
        var count: Int32
        /// Where the column's slots are in `slots`.
        var offset: Int32
    }

    var isActive = false
    /// The current window's stamp; rows and symbols saved in it carry it.
    var epoch: UInt32 = 0
    var rows = RawArray<SavedRow>()
    var cells = RawArray<Cell>()
    var columns = RawArray<SavedColumn>()
    var slots = RawArray<Int32>()
    /// The number of row slots, the free slots and the infeasible rows when the window opened.
    var rowCount = 0
    var freeSlots = RawArray<Int32>()
    var infeasible = RawArray<Symbol>()

    /// Forgets what was saved; the memory is kept for the next window.
    mutating func clear() {
        isActive = false
        rows.removeAll()
        cells.removeAll()
        columns.removeAll()
        slots.removeAll()
        freeSlots.removeAll()
        infeasible.removeAll()
    }

    mutating func deallocate() {
        rows.deallocate()
        cells.deallocate()
        columns.deallocate()
        slots.deallocate()
        freeSlots.deallocate()
        infeasible.deallocate()
    }

    var footprint: Int {
        rows.footprint + cells.footprint + columns.footprint + slots.footprint + freeSlots.footprint
            + infeasible.footprint
    }
}
