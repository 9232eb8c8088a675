/// One non-zero entry of a row: `coefficient · symbol`.
struct Cell {
    var symbol: Symbol
    var coefficient: Double
}

/// A tableau row, `basic = constant + Σ coefficient · symbol`, whose cells live in a block
/// of the solver's cell pool.
///
/// Cells are kept sorted by symbol and never hold a near-zero coefficient, so lookups are
/// binary searches and combining rows is a linear merge. The objective rows use the same
/// layout with an invalid `basic`. A row with no block has `capacity` 0.
struct RowHeader {
    var constant: Double = 0
    var basic: Symbol = .invalid
    /// Offset of the row's block in the cell pool.
    var start: Int32 = 0
    var count: Int32 = 0
    var capacity: Int32 = 0
    /// The journal epoch in which the row was last saved (see `Journal`).
    var stamp: UInt32 = 0

    static var empty: RowHeader { RowHeader() }
}

/// Binary search of sorted cells: the position of `symbol`, or where it would be inserted.
@inline(__always)
func searchCells(_ cells: UnsafePointer<Cell>, _ count: Int, _ symbol: Symbol) -> (index: Int, found: Bool) {
    var low = 0, high = count
    let raw = symbol.raw
    while low < high {
        let mid = (low &+ high) >> 1
        let r = cells[mid].symbol.raw
        if r < raw { low = mid &+ 1 } else if r > raw { high = mid } else { return (mid, true) }
    }
    return (low, false)
}
