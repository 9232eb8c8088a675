/// One non-zero entry of a row: `coefficient · symbol`.
struct Cell {
    var symbol: Symbol
    var coefficient: Double
}

/// A tableau row, `basic = constant + Σ coefficient · symbol`.
///
/// Cells are kept sorted by symbol and never hold a near-zero coefficient,
/// so lookups are binary searches and combining rows is a linear merge.
/// The objective rows use the same layout with an invalid `basic`; a row
/// being built (not yet in the tableau) reads `0 = constant + Σ cells`.
struct Row {
    var cells: [Cell]
    var constant: Double
    var basic: Symbol

    static var empty: Row { Row(cells: [], constant: 0, basic: .invalid) }

    /// Position of `symbol` in `cells`, or where it would be inserted.
    @inline(__always)
    static func search(_ cells: UnsafeBufferPointer<Cell>, _ symbol: Symbol) -> (index: Int, found: Bool) {
        var low = 0, high = cells.count
        let raw = symbol.raw
        while low < high {
            let mid = (low &+ high) >> 1
            let r = cells[mid].symbol.raw
            if r < raw { low = mid &+ 1 } else if r > raw { high = mid } else { return (mid, true) }
        }
        return (low, false)
    }

    @inline(__always)
    static func search(_ cells: [Cell], _ symbol: Symbol) -> (index: Int, found: Bool) {
        cells.withUnsafeBufferPointer { search($0, symbol) }
    }

    /// The coefficient of `symbol`, or 0 when it is absent.
    @inline(__always)
    func coefficient(for symbol: Symbol) -> Double {
        cells.withUnsafeBufferPointer { buffer in
            let (index, found) = Row.search(buffer, symbol)
            return found ? buffer[index].coefficient : 0
        }
    }

    /// Multiplies the constant and every coefficient.
    mutating func scale(by factor: Double) {
        constant *= factor
        cells.withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices { buffer[index].coefficient *= factor }
        }
    }

    /// Adds `coefficient · symbol` to an untracked row, dropping the cell if
    /// the sum is near zero.
    mutating func add(_ symbol: Symbol, _ coefficient: Double) {
        let (index, found) = Row.search(cells, symbol)
        if found {
            let sum = cells[index].coefficient + coefficient
            if nearZero(sum) { cells.remove(at: index) } else { cells[index].coefficient = sum }
        } else if !nearZero(coefficient) {
            cells.insert(Cell(symbol: symbol, coefficient: coefficient), at: index)
        }
    }

    /// Rewrites the untracked row `0 = constant + Σ cells` as
    /// `symbol = …`, removing `symbol` from the cells.
    mutating func solve(for symbol: Symbol) {
        let (index, found) = Row.search(cells, symbol)
        precondition(found, "solve(for:) on a symbol the row does not hold")
        let factor = -1 / cells[index].coefficient
        cells.remove(at: index)
        scale(by: factor)
    }
}
