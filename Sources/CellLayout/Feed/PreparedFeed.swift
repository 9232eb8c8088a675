import TextMetrics

/// A feed whose rows are prepared once — presence decided, every text segmented and shaped
/// — so the whole feed can be laid out again at any width by arithmetic alone (rotation,
/// split view, a resized window).
///
/// ```swift
/// let feed = PreparedFeed(rows, engine: engine)         // shapes every text, all cores
/// let portrait = try feed.heights(width: 375)           // arithmetic only
/// let landscape = try feed.heights(width: 812)
/// ```
///
/// It holds every prepared text (about 40 bytes per word of text), which is the price of
/// re-layout without shaping.
public final class PreparedFeed: Sendable {
    /// The engine the rows were prepared for.
    public let engine: CellLayoutEngine
    private let cells: [PreparedCell?]
    /// The rows that could not be prepared (a missing field…), by index.
    public let errors: [Int: TemplateError]

    /// Prepares every row in parallel on all cores.
    /// - Complexity: O(total text length) ÷ cores, less for segments already shaped.
    public init(_ rows: [RowData], engine: CellLayoutEngine) {
        self.engine = engine
        var cells = [PreparedCell?](repeating: nil, count: rows.count)
        let failures = ErrorList()
        cells.withUnsafeMutableBufferPointer { buffer in
            let out = UncheckedSendable(buffer)
            ConcurrentChunks.run(count: rows.count) { range in
                var local: [(Int, TemplateError)] = []
                for index in range {
                    do {
                        out.value[index] = try engine.prepare(rows[index])
                    } catch let error as TemplateError {
                        local.append((index, error))
                    } catch {
                        local.append((index, TemplateError(path: "row", reason: "\(error)")))
                    }
                }
                if !local.isEmpty { failures.append(local) }
            }
        }
        self.cells = cells
        self.errors = failures.dictionary
    }

    /// The number of rows.
    public var count: Int { cells.count }

    /// The prepared cell of row `index`, or `nil` when it could not be prepared.
    public subscript(index: Int) -> PreparedCell? { cells[index] }

    /// Every row's height at `width` and `scale`, in parallel, with no shaping.
    /// - Throws: ``TemplateError`` (path `template`) only for a missing or bad width or scale.
    /// - Complexity: O(rows × items + segments of wrapping texts) ÷ cores.
    public func heights(width: Double? = nil, scale: Double? = nil) throws -> FeedHeights {
        let (width, scale) = try engine.resolve(width, scale)
        let engine = self.engine
        let cells = self.cells
        let prepareErrors = self.errors
        return try FeedHeights(count: cells.count, width: width, scale: scale) { index in
            guard let cell = cells[index] else { throw prepareErrors[index]! }
            return try engine.heightPixels(for: cell, width: width, scale: scale)
        }
    }
}
