import TextMetrics

/// The running offsets of a feed's rows — `contentHeight`, the y of row i, the row at a
/// given y — kept in a Fenwick (binary indexed) tree so one row's new height costs
/// O(log n), as a table view needs when a cell is measured or its content changes.
///
/// Heights are whole pixels (`scale` pixels per point), so every offset is exact. Rows not
/// yet measured carry an estimate (``isMeasured(_:)`` is `false`) until
/// ``setHeight(_:ofRow:)`` gives the real one.
///
/// ```swift
/// var offsets = FeedOffsets(count: 1_000_000, estimatedHeight: engine.estimatedHeight(), scale: 3)
/// offsets.setHeight(try engine.height(for: rows[0]), ofRow: 0)  // O(log n)
/// offsets.y(ofRow: 10)        // top of row 10
/// offsets.row(atY: 5_000)     // the row under y = 5000
/// offsets.contentHeight       // the scroll view's content height
/// ```
///
/// Memory: 12.125 bytes a row (a 4-byte height, an 8-byte tree node, one bit).
public struct FeedOffsets: Sendable {
    /// Pixels per point.
    public let scale: Double
    private var heights: [Int32]
    /// 1-based Fenwick tree of pixel heights: `tree[i]` sums rows `i − lowbit(i) ..< i`.
    private var tree: [Int64]
    private var measuredBits: [UInt64]
    private var total: Int64 = 0

    /// `count` rows, each with the estimated height `estimatedHeight` (rounded to the grid).
    /// - Complexity: O(n).
    public init(count: Int, estimatedHeight: Double, scale: Double) {
        let pixels = Int32(clamping: Int((estimatedHeight * scale).rounded()))
        self.init(pixels: [Int32](repeating: max(0, pixels), count: count), measured: false, scale: scale)
    }

    /// Rows with known heights in points (each rounded to the grid).
    /// - Complexity: O(n).
    public init(heights: [Double], scale: Double) {
        self.init(pixels: heights.map { Int32(clamping: Int(($0 * scale).rounded())) }, measured: true, scale: scale)
    }

    /// Rows with known heights in pixels.
    /// - Complexity: O(n).
    public init(pixelHeights: [Int32], scale: Double) {
        self.init(pixels: pixelHeights, measured: true, scale: scale)
    }

    private init(pixels: [Int32], measured: Bool, scale: Double) {
        self.scale = scale
        heights = pixels.map { max(0, $0) }
        let n = heights.count
        tree = [Int64](repeating: 0, count: n + 1)
        for i in 0..<n {
            let node = i + 1
            tree[node] += Int64(heights[i])
            let parent = node + (node & -node)
            if parent <= n { tree[parent] += tree[node] }
        }
        total = heights.reduce(0) { $0 + Int64($1) }
        measuredBits = [UInt64](repeating: measured ? ~0 : 0, count: (n + 63) / 64)
    }

    /// The number of rows.
    public var count: Int { heights.count }

    /// The sum of all heights: the scroll view's content height, in points. O(1).
    public var contentHeight: Double { Double(total) / scale }

    /// The height of row `row` in points (measured or estimated). O(1).
    public func height(ofRow row: Int) -> Double { Double(heights[row]) / scale }

    /// Whether row `row` has its measured height (not an estimate). O(1).
    public func isMeasured(_ row: Int) -> Bool { measuredBits[row >> 6] & (1 << UInt64(row & 63)) != 0 }

    /// The top of row `row` (`row == count` gives ``contentHeight``), in points.
    /// - Complexity: O(log n).
    public func y(ofRow row: Int) -> Double { Double(prefixPixels(row)) / scale }

    /// The sum of the heights of rows `0..<row`, in pixels.
    /// - Complexity: O(log n).
    public func prefixPixels(_ row: Int) -> Int64 {
        precondition(row >= 0 && row <= count, "row \(row) out of 0...\(count)")
        var sum: Int64 = 0
        var node = row
        while node > 0 {
            sum += tree[node]
            node &= node - 1
        }
        return sum
    }

    /// The row covering `y` (its top ≤ y < its bottom), or `nil` when `y` is above the first
    /// row or at or below the end of the content. Rows of height 0 cover nothing.
    /// - Complexity: O(log n) (a descent of the tree, no binary search over prefix sums).
    public func row(atY y: Double) -> Int? {
        guard y >= 0, y.isFinite else { return nil }
        let pixels = Int64((y * scale + 1e-9).rounded(.down))
        guard pixels < total else { return nil }
        var position = 0
        var remaining = pixels
        var step = 1
        while step * 2 <= count { step *= 2 }
        while step > 0 {
            let next = position + step
            if next <= count, tree[next] <= remaining {
                position = next
                remaining -= tree[next]
            }
            step /= 2
        }
        return position < count ? position : nil
    }

    /// The rows intersecting `minY ..< maxY` (what a scroll view shows), as a range.
    /// - Complexity: O(log n).
    public func rows(from minY: Double, to maxY: Double) -> Range<Int> {
        guard count > 0, maxY > minY, maxY > 0, minY < contentHeight else { return 0..<0 }
        let first = row(atY: max(0, minY)) ?? 0
        let last = row(atY: maxY - 0.5 / scale) ?? (count - 1)
        return first..<max(first, last) + 1
    }

    /// Sets the measured height of row `row`, in points (rounded to the grid).
    /// - Complexity: O(log n).
    public mutating func setHeight(_ height: Double, ofRow row: Int) {
        setPixelHeight(Int32(clamping: Int((height * scale).rounded())), ofRow: row, measured: true)
    }

    /// Sets row `row`'s height in pixels; `measured: false` keeps it an estimate.
    /// - Complexity: O(log n).
    public mutating func setPixelHeight(_ pixels: Int32, ofRow row: Int, measured: Bool = true) {
        let pixels = max(0, pixels)
        let delta = Int64(pixels) - Int64(heights[row])
        heights[row] = pixels
        if measured {
            measuredBits[row >> 6] |= 1 << UInt64(row & 63)
        } else {
            measuredBits[row >> 6] &= ~(1 << UInt64(row & 63))
        }
        guard delta != 0 else { return }
        total += delta
        var node = row + 1
        while node <= count {
            tree[node] += delta
            node += node & -node
        }
    }

    /// Adds a row at the end (a page of the feed loaded), measured or estimated.
    /// - Complexity: O(log n) amortized.
    public mutating func append(height: Double, measured: Bool = true) {
        let pixels = max(0, Int32(clamping: Int((height * scale).rounded())))
        let row = count
        heights.append(pixels)
        let node = row + 1
        // tree[node] sums rows node − lowbit(node) ..< node: the new row plus the rows before it.
        let low = node & -node
        tree.append(Int64(pixels) + prefixPixels(row) - prefixPixels(node - low))
        if row >> 6 >= measuredBits.count { measuredBits.append(0) }
        if measured { measuredBits[row >> 6] |= 1 << UInt64(row & 63) }
        total += Int64(pixels)
    }

    /// The bytes held for `count` rows (heights, tree, measured bits), without array headers.
    public var byteCount: Int { heights.capacity * 4 + tree.capacity * 8 + measuredBits.capacity * 8 }
}
