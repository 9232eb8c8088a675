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
/// It holds every prepared text (about 3 KB a row of the Q&A example), which is the price of
/// re-layout without shaping.
public final class PreparedFeed: Sendable {
    /// The engine the rows were prepared for.
    public let engine: CellLayoutEngine
    /// Each row's presence of every item, ``CellLayoutEngine``'s node count a row, and each
    /// row's texts, its text node count a row: one array each for the whole feed, not two per
    /// row. A re-layout reads them in order, where two arrays of its own per row were two more
    /// cache misses and TLB walks a row, on objects scattered through the heap.
    private let present: [Bool]
    private let texts: [SizedText?]
    /// The template's node count and text node count: a row's share of ``present`` and ``texts``.
    private let nodeCount: Int
    private let textCount: Int
    /// The number of rows.
    public let count: Int
    /// The rows that could not be prepared (a missing field…), by index.
    public let errors: [Int: TemplateError]

    /// Prepares every row in parallel on all cores.
    /// - Complexity: O(total text length) ÷ cores, less for segments already shaped.
    public init(_ rows: [RowData], engine: CellLayoutEngine) {
        self.engine = engine
        let nodeCount = engine.program.nodes.count, textCount = engine.program.textNodeCount
        var present = [Bool](repeating: false, count: rows.count * nodeCount)
        var texts = [SizedText?](repeating: nil, count: rows.count * textCount)
        let errors = present.withUnsafeMutableBufferPointer { present in
            texts.withUnsafeMutableBufferPointer { texts in
                let out = UncheckedSendable((present, texts))
                return ConcurrentChunks.forEachRow(count: rows.count) { index in
                    try engine.prepare(rows[index],
                                       present: UnsafeMutableBufferPointer(rebasing: out.value.0[PreparedFeed.share(of: index, nodeCount)]),
                                       texts: UnsafeMutableBufferPointer(rebasing: out.value.1[PreparedFeed.share(of: index, textCount)]))
                }
            }
        }
        self.present = present
        self.texts = texts
        self.nodeCount = nodeCount
        self.textCount = textCount
        self.count = rows.count
        self.errors = errors
    }

    /// The range of row `index`'s share of an array of `perRow` entries a row.
    private static func share(of index: Int, _ perRow: Int) -> Range<Int> {
        index * perRow..<(index + 1) * perRow
    }

    /// The prepared cell of row `index`, or `nil` when it could not be prepared.
    public subscript(index: Int) -> PreparedCell? {
        guard errors[index] == nil else { return nil }
        return PreparedCell(present: Array(present[PreparedFeed.share(of: index, nodeCount)]),
                            texts: Array(texts[PreparedFeed.share(of: index, textCount)]), engineID: engine.id)
    }

    /// Every row's height at `width` and `scale`, in parallel, with no shaping.
    /// - Throws: ``TemplateError`` (path `template`) only for a missing or bad width or scale.
    /// - Complexity: O(rows × items + segments of wrapping texts) ÷ cores.
    public func heights(width: Double? = nil, scale: Double? = nil) throws -> FeedHeights {
        let (width, scale) = try engine.resolve(width, scale)
        let engine = self.engine, nodeCount = self.nodeCount, textCount = self.textCount
        let prepareErrors = self.errors
        return try present.withUnsafeBufferPointer { present in
            try texts.withUnsafeBufferPointer { texts in
                // Read in place for the call (the arrays outlive it): no reference counts.
                let feed = UncheckedSendable((present, texts))
                return try FeedHeights(count: count, width: width, scale: scale) { index in
                    if !prepareErrors.isEmpty, let error = prepareErrors[index] { throw error }
                    return try engine.withPreparedContent(
                        present: UnsafeBufferPointer(rebasing: feed.value.0[PreparedFeed.share(of: index, nodeCount)]),
                        texts: UnsafeBufferPointer(rebasing: feed.value.1[PreparedFeed.share(of: index, textCount)])
                    ) { try engine.heightPixels($0, width: width, scale: scale) }
                }
            }
        }
    }
}
