import TextMetrics

/// The heights of every row of a feed at one width and scale, computed in parallel on all
/// cores, stored as whole pixels (4 bytes a row).
///
/// ```swift
/// let rows = try questions.map(RowData.init)           // [RowData]
/// let heights = try FeedHeights(rows, engine: engine)  // all cores
/// heights[2]                                           // 64.5
/// heights.error(ofRow: 7)                              // a TemplateError, or nil
/// var offsets = heights.offsets()                      // y of each row, row at a y
/// ```
///
/// A row that cannot be laid out (a missing field…) gets height 0 and its error; the others
/// get their heights.
public struct FeedHeights: Sendable {
    /// The cell width, in points.
    public let width: Double
    /// Pixels per point.
    public let scale: Double
    /// Each row's height in pixels (`height × scale`, exact).
    public private(set) var pixels: [Int32]
    /// The rows that could not be laid out, by index.
    public private(set) var errors: [Int: TemplateError]

    /// Measures every row with `engine` (texts through its text cache), in parallel.
    /// - Throws: ``TemplateError`` (path `template`) only for a missing or bad width or scale.
    /// - Complexity: O(rows × cost of one cell) ÷ cores.
    public init(_ rows: [RowData], engine: CellLayoutEngine, width: Double? = nil, scale: Double? = nil) throws {
        let (width, scale) = try engine.resolve(width, scale)
        try self.init(count: rows.count, width: width, scale: scale) { index in
            try engine.heightPixels(rows[index], width: width, scale: scale)
        }
    }

    /// Heights from `height(index)` for `0..<count`, in parallel; a thrown ``TemplateError``
    /// becomes that row's error (other errors are wrapped in one).
    public init(count: Int, width: Double, scale: Double, _ pixelHeight: @Sendable (Int) throws -> Int) rethrows {
        self.width = width
        self.scale = scale
        var pixels = [Int32](repeating: 0, count: count)
        errors = pixels.withUnsafeMutableBufferPointer { buffer in
            let out = UncheckedSendable(buffer)
            return ConcurrentChunks.forEachRow(count: count) { index in
                out.value[index] = Int32(clamping: try pixelHeight(index))
            }
        }
        self.pixels = pixels
    }

    /// The number of rows.
    public var count: Int { pixels.count }

    /// The height of row `index` in points.
    public subscript(index: Int) -> Double { Double(pixels[index]) / scale }

    /// The error of row `index`, or `nil` when it was laid out.
    public func error(ofRow index: Int) -> TemplateError? { errors[index] }

    /// Running offsets over these heights (all counted as measured).
    /// - Complexity: O(n).
    public func offsets() -> FeedOffsets {
        FeedOffsets(pixelHeights: pixels, scale: scale)
    }
}
