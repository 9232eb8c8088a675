import Synchronization
import TextJSON
import TextMetrics

/// Lays feed cells out by frame arithmetic — no constraint solving — from a template and a
/// row's data: the height of a cell, or the frame of every item.
///
/// ```swift
/// let engine = try CellLayoutEngine(CellTemplate(json: templateText))
/// let row = try RowData(json: #"{"question": "How do I reset my password?", "answer": "Open …"}"#)
/// let height = try engine.height(for: row)                    // at the template's width and scale
/// let rotated = try engine.height(for: row, width: 812)
/// let layout = try engine.layout(for: row)                    // height + every item's frame
/// ```
///
/// ## The rules
///
/// All arithmetic is in whole pixels (`scale` pixels per point), so sums are exact and every
/// frame and height lands on the grid:
/// - Template lengths (insets, spacing, box sizes, minimum heights, width) are snapped to the
///   nearest pixel. A text's measured height (lines × line height) and single-line width are
///   rounded **up** to the grid, as `UILabel`'s intrinsic size is.
/// - An item's box = its content plus its `insets`; its height is
///   `max(minHeight, contentHeight + insets.top + insets.bottom)`. A box's content width is
///   the box width minus the left and right insets; it is an error if that is negative.
/// - **text**: content height = the text laid out at the content width (the width the label
///   gets), with its `numberOfLines` and `lineBreakMode`, rounded up. An empty text is 0.
///   Its natural width is its widest paragraph on one line, rounded up.
/// - **box**: content height = `height`, else `round(contentWidth ÷ aspectRatio)`. A box with
///   a `width` (or with a `height` and a ratio: width = `round(height × ratio)`) is *fixed*:
///   it keeps that width everywhere; a ratio-only box takes the width it is offered.
/// - **column**: present items top to bottom, `spacing` between consecutive present ones;
///   content height = their heights + spacings. Cross axis: `fill` (the default) gives each
///   item the column's content width; `leading`/`center`/`trailing` give it its natural width
///   capped at the content width (`center` puts the odd pixel on the right). Fixed boxes keep
///   their width (placed at the leading edge under `fill`); one wider than the column is an
///   error.
/// - **row**: present items left to right with `spacing`. Widths, from the content width
///   minus the spacings: fixed boxes (not growing) take their width — an error if that leaves
///   less than nothing; then the other non-growing items, in order, take their natural width
///   up to what is left; then items with `grow > 0` share the rest by weight
///   (`floor(rest × grow ÷ totalGrow)` each, left-over pixels one each to the first growing
///   items). Without growing items the rest stays empty at the trailing end. Content height
///   = the tallest item. Cross axis: `top` (the default), `center` (odd pixel below),
///   `bottom`, or `fill` (every item's box stretched to the row's content height).
/// - **if**: an item whose `if` field is missing, `null`, `false`, `""`, `[]` or `{}` is
///   absent: it and its children take no space and no spacing.
/// - **cell**: the root is laid out at `width − insets.left − insets.right`;
///   `height = max(minHeight, max(minContentHeight, rootHeight) + insets.top + insets.bottom)
///   + separator`. The root's frame then fills the whole content area
///   (`width − left − right` × `height − separator − top − bottom`), as a content view's
///   subview pinned to its margins: a column's items start at its top, a label taller than
///   its text centers the text (see ``CellLayout/Text/frame``).
///
/// So `MAX(textHeight, 44) + 2 × margin` is `insets` of `margin` with `minContentHeight` 44,
/// and a Q&A block `MAX(minHeight, ceil(textHeight) + 2 × verticalMargin)` is a text item with
/// `insets` and `minHeight` in a column.
///
/// The engine compiles the template once into a flat array, loads each font once, and keeps
/// a bounded cache of prepared texts shared by all threads. It is `Sendable`.
public final class CellLayoutEngine: Sendable {
    /// The template laid out.
    public let template: CellTemplate
    /// A number unique to this engine in the process (part of ``HeightCache`` keys).
    public let id: Int
    let program: CellProgram
    let textCache: TextCache
    /// The fonts rows' spans name, loaded once.
    let spanFonts: SpanFonts
    /// The template's cell-level numbers, copied out of it so the per-row path reads plain
    /// values (the template holds the item tree).
    private let insets: EdgeInsets
    private let minHeight, minContentHeight, separator: Double
    /// The nodes' lengths in pixels at the template's scale and at 1, 2 and 3 (other scales
    /// work them out per call): the scales, and every scale's lengths one after the other in
    /// one flat array, read in place (an array of arrays would be copied, and so retained,
    /// out of its element for every row — an atomic write to an array every thread reads).
    private let keptScales: [Double]
    private let keptLengths: [PixelLengths]

    private static let nextID = Atomic<Int>(1)

    /// The default bound on cached prepared texts: 65,536.
    public static let defaultTextCacheCapacity = 65_536

    /// Compiles `template` and loads its fonts.
    /// - Parameter textCacheCapacity: the most prepared texts kept (0 keeps none).
    /// - Throws: ``TemplateError`` naming the item whose font cannot be loaded, or whose
    ///   numbers are unusable.
    /// - Complexity: O(items) plus loading each distinct font once.
    public init(_ template: CellTemplate, textCacheCapacity: Int = CellLayoutEngine.defaultTextCacheCapacity,
                library: FontLibrary = .shared) throws {
        for (name, value) in [("minHeight", template.minHeight), ("minContentHeight", template.minContentHeight),
                              ("separator", template.separator), ("insets", template.insets.top),
                              ("insets", template.insets.left), ("insets", template.insets.bottom),
                              ("insets", template.insets.right)] {
            try TemplateLimits.check(value, name, path: "template")
        }
        try TemplateLimits.check(template.scale, "scale", path: "template", positive: true, maximum: TemplateLimits.maxScale)
        if let width = template.width { try TemplateLimits.check(width, "width", path: "template", positive: true) }
        self.template = template
        self.insets = template.insets
        self.minHeight = template.minHeight
        self.minContentHeight = template.minContentHeight
        self.separator = template.separator
        self.program = try CellProgram(template, library: library)
        let program = self.program
        self.keptScales = Set([template.scale, 1, 2, 3]).sorted()
        self.keptLengths = keptScales.flatMap { PixelLengths.of(program, scale: $0) }
        self.textCache = TextCache(capacity: max(0, textCacheCapacity))
        self.spanFonts = SpanFonts(library: library)
        self.id = CellLayoutEngine.nextID.wrappingAdd(1, ordering: .relaxed).oldValue
    }

    /// Reads and compiles a JSON template.
    /// - Throws: ``TemplateError``.
    public convenience init(json: String) throws {
        try self.init(CellTemplate(json: json))
    }

    // MARK: - Rows

    /// The cell's height for `row`, in points, exact on the pixel grid.
    ///
    /// - Parameters:
    ///   - width: the cell's width; `nil` for the template's.
    ///   - scale: pixels per point; `nil` for the template's.
    /// - Throws: ``TemplateError`` naming the item that cannot be laid out (a missing field,
    ///   no width left); ``TemplateError`` with path `template` for a missing or bad width.
    /// - Complexity: O(items) plus measuring each shown text; a text seen before (cached) is
    ///   re-fitted at the width by summing its segments, or O(1) when it fits on one line.
    public func height(for row: RowData, width: Double? = nil, scale: Double? = nil) throws -> Double {
        let (width, scale) = try resolve(width, scale)
        return Double(try heightPixels(row, width: width, scale: scale)) / scale
    }

    /// The cell's height and every present item's frame for `row`.
    /// - Throws: ``TemplateError``, as ``height(for:width:scale:)``.
    public func layout(for row: RowData, width: Double? = nil, scale: Double? = nil) throws -> CellLayout {
        let (width, scale) = try resolve(width, scale)
        return try withRowContent(row) { try layout($0, width: width, scale: scale) }
    }

    /// Decides which items of `row` are present and prepares every shown text, once, for
    /// layout at any width (`height(for: PreparedCell, width:scale:)`).
    /// - Throws: ``TemplateError`` for a missing or unusable field of a present text.
    /// - Complexity: segmenting and shaping each shown text (cached segments are reused).
    public func prepare(_ row: RowData) throws -> PreparedCell {
        var present = [Bool](repeating: false, count: program.nodes.count)
        var texts = [SizedText?](repeating: nil, count: program.textNodeCount)
        try present.withUnsafeMutableBufferPointer { present in
            try texts.withUnsafeMutableBufferPointer { try prepare(row, present: present, texts: $0) }
        }
        return PreparedCell(present: present, texts: texts, engineID: id)
    }

    /// Prepares `row` into buffers of the program's node count (`present`) and text node count
    /// (`texts`, all `nil`): a prepared cell's arrays, or its share of a ``PreparedFeed``'s.
    /// - Throws: ``TemplateError`` for a missing or bad field; `texts` may then hold some texts.
    func prepare(_ row: RowData, present: UnsafeMutableBufferPointer<Bool>,
                 texts: UnsafeMutableBufferPointer<SizedText?>) throws {
        _ = present.update(fromContentsOf: program.presence(of: row))
        for (index, node) in program.nodes.enumerated() where node.kind == .text && present[index] {
            texts[Int(node.textOrdinal)] = try measuredText(ofNode: index, in: row)
        }
    }

    /// The height of a prepared cell at `width` and `scale`: arithmetic only, no shaping.
    /// - Throws: ``TemplateError`` when no width is left for an item, or the cell was
    ///   prepared by another engine.
    /// - Complexity: O(items + segments of the texts that wrap); O(items) when every text
    ///   fits on one line per paragraph.
    public func height(for cell: PreparedCell, width: Double? = nil, scale: Double? = nil) throws -> Double {
        let (width, scale) = try resolve(width, scale)
        return Double(try heightPixels(for: cell, width: width, scale: scale)) / scale
    }

    /// The layout of a prepared cell at `width` and `scale`.
    /// - Throws: ``TemplateError``, as `height(for: PreparedCell, width:scale:)`.
    public func layout(for cell: PreparedCell, width: Double? = nil, scale: Double? = nil) throws -> CellLayout {
        let (width, scale) = try resolve(width, scale)
        try checkOwner(cell)
        return try withPreparedContent(cell) { try layout($0, width: width, scale: scale) }
    }

    /// A cheap guess of the height for `row` (no shaping: texts are taken as 0.5 em per UTF-8
    /// byte), for rows not yet measured — `estimatedHeightForRowAtIndexPath:`. Within an
    /// order of magnitude of the real height; `nil` row: every item present, 20-byte texts.
    /// Falls back to the template's minimum heights when the guess cannot be laid out.
    public func estimatedHeight(for row: RowData? = nil, width: Double? = nil, scale: Double? = nil) -> Double {
        let scale = scale ?? template.scale
        let width = width ?? template.width ?? 320
        let source = EstimatedContent(row: row, fonts: program.fonts)
        if let pixels = try? heightPixels(source, width: width, scale: scale) { return Double(pixels) / scale }
        return max(template.minHeight, template.minContentHeight + template.insets.vertical) + template.separator
    }

    // MARK: - Text cache

    /// The number of prepared texts held in the text cache.
    public var cachedTextCount: Int { textCache.count }

    /// Empties the text cache (memory pressure; a font size change).
    public func removeCachedTexts() { textCache.removeAll() }

    /// What text node `index` shows for `row`, prepared (from the text cache when seen
    /// before; see ``TextCache/text(ofNode:in:program:spanFonts:)``).
    /// - Throws: ``TemplateError`` at the node's path for a missing or bad field.
    package func measuredText(ofNode index: Int, in row: RowData) throws -> SizedText {
        try textCache.text(ofNode: index, in: row, program: program, spanFonts: spanFonts)
    }

    /// The width and scale a call with `width` and `scale` (`nil` for the template's) uses.
    /// - Throws: ``TemplateError`` (path `template`) when there is no width, or either is
    ///   not a positive finite number within ``TemplateLimits``.
    public func resolvedWidthAndScale(width: Double?, scale: Double?) throws -> (width: Double, scale: Double) {
        try resolve(width, scale)
    }

    // MARK: - Internals

    /// The width and scale of a call, validated.
    func resolve(_ width: Double?, _ scale: Double?) throws -> (Double, Double) {
        guard let width = width ?? template.width else {
            throw TemplateError(path: "template", reason: "no width: give the template a \"width\" or pass one")
        }
        try TemplateLimits.check(width, "width", path: "template", positive: true)
        let scale = scale ?? template.scale
        try TemplateLimits.check(scale, "scale", path: "template", positive: true, maximum: TemplateLimits.maxScale)
        return (width, scale)
    }

    func checkOwner(_ cell: PreparedCell) throws {
        guard cell.engineID == id else {
            throw TemplateError(path: "template", reason: "the cell was prepared by another engine")
        }
    }

    func heightPixels(for cell: PreparedCell, width: Double, scale: Double) throws -> Int {
        try checkOwner(cell)
        return try withPreparedContent(cell) { try heightPixels($0, width: width, scale: scale) }
    }

    func heightPixels(_ row: RowData, width: Double, scale: Double) throws -> Int {
        try withRowContent(row) { try heightPixels($0, width: width, scale: scale) }
    }

    /// Runs `body` with `row`'s content: the label styles in place (``withLabelStyles(_:)``)
    /// and its texts in a buffer on the stack — an array of optional texts would be allocated
    /// for every row. The texts are moved out one by one: `deinitialize()` destroys a buffer
    /// element by element through the optional's generic witness (~70 instructions each).
    func withRowContent<R>(_ row: RowData, _ body: (RowContent) throws -> R) rethrows -> R {
        try withLabelStyles { styles in
            try withUnsafeTemporaryAllocation(of: SizedText?.self, capacity: program.textNodeCount) { texts in
                texts.initialize(repeating: nil)
                defer { for index in texts.indices { _ = texts.moveElement(from: index) } }
                return try body(RowContent(row: row, engine: self, labelStyles: styles, texts: texts))
            }
        }
    }

    /// Runs `body` with prepared `cell`'s content: its presence, its texts and the label styles
    /// read in place.
    func withPreparedContent<R>(_ cell: PreparedCell, _ body: (PreparedContent) throws -> R) rethrows -> R {
        try cell.present.withUnsafeBufferPointer { present in
            try cell.texts.withUnsafeBufferPointer { try withPreparedContent(present: present, texts: $0, body) }
        }
    }

    /// Runs `body` with the content of a cell this engine prepared into `present` and `texts`
    /// (a prepared cell's arrays, or a row's share of a ``PreparedFeed``'s), read in place, with
    /// the label styles.
    func withPreparedContent<R>(present: UnsafeBufferPointer<Bool>, texts: UnsafeBufferPointer<SizedText?>,
                                _ body: (PreparedContent) throws -> R) rethrows -> R {
        try withLabelStyles { try body(PreparedContent(present: present, texts: texts, labelStyles: $0)) }
    }

    /// Runs `body` with the program's label styles in place, for a content source to read its
    /// tokens from: a copy of the array in each row's source would retain it — an atomic write
    /// to one object every core shares, at every row (re-laying a feed out ran 1.75× as long).
    func withLabelStyles<R>(_ body: (UnsafeBufferPointer<CellProgram.LabelStyle>) throws -> R) rethrows -> R {
        try program.labelStyles.withUnsafeBufferPointer(body)
    }

    private struct CellBox {
        var width, left, top, right, bottom, rootWidth, rootHeight, body, separator: Int
    }

    /// Calls `body` with the program's lengths in pixels at `scale`: kept for the usual scales
    /// (read in place), else worked out.
    private func withLengths<R>(atScale scale: Double, _ body: (UnsafeBufferPointer<PixelLengths>) throws -> R) rethrows -> R {
        guard let kept = keptScales.firstIndex(of: scale) else {
            return try PixelLengths.of(program, scale: scale).withUnsafeBufferPointer(body)
        }
        let count = program.nodes.count
        return try keptLengths.withUnsafeBufferPointer { all in
            try body(UnsafeBufferPointer(rebasing: all[kept * count..<(kept + 1) * count]))
        }
    }

    /// Runs pass 1 over the template for one row and computes the cell's vertical sums.
    private func withArithmetic<S: CellContentSource, R>(
        _ source: S, width: Double, scale: Double,
        _ body: (inout FrameArithmetic<S>, CellBox) throws -> R
    ) throws -> R {
        let count = program.nodes.count
        return try program.nodes.withUnsafeBufferPointer { nodes in
            try program.childIndices.withUnsafeBufferPointer { children in
              try program.paths.withUnsafeBufferPointer { paths in
               try withLengths(atScale: scale) { lengths in
                try withUnsafeTemporaryAllocation(of: Int.self, capacity: 5 * count) { scratch in
                    var arithmetic = FrameArithmetic(
                        nodes: nodes, childIndices: children, paths: paths, lengths: lengths, scale: scale, source: source,
                        widths: UnsafeMutableBufferPointer(rebasing: scratch[0..<count]),
                        heights: UnsafeMutableBufferPointer(rebasing: scratch[count..<2 * count]),
                        textHeights: UnsafeMutableBufferPointer(rebasing: scratch[2 * count..<3 * count]),
                        textBaselines: UnsafeMutableBufferPointer(rebasing: scratch[3 * count..<5 * count]))
                    func px(_ points: Double) -> Int { PixelRounding.nearest(points * scale) }
                    let insets = self.insets
                    var box = CellBox(width: px(width), left: px(insets.left), top: px(insets.top), right: px(insets.right),
                                      bottom: px(insets.bottom), rootWidth: 0, rootHeight: 0, body: 0,
                                      separator: px(separator))
                    box.rootWidth = box.width - box.left - box.right
                    guard box.rootWidth >= 0 else {
                        throw TemplateError(path: "template", reason: "the insets (\(insets.left) + \(insets.right) pt) "
                                            + "are wider than the cell (\(width) pt)")
                    }
                    if arithmetic.source.isPresent(nodes.baseAddress!, index: 0) {
                        box.rootHeight = try arithmetic.size(0, width: box.rootWidth)
                    } else {
                        arithmetic.heights[0] = -1
                    }
                    let content = max(px(minContentHeight), box.rootHeight)
                    box.body = max(px(minHeight), content + box.top + box.bottom)
                    return try body(&arithmetic, box)
                }
               }
              }
            }
        }
    }

    func heightPixels<S: CellContentSource>(_ source: S, width: Double, scale: Double) throws -> Int {
        try withArithmetic(source, width: width, scale: scale) { _, box in box.body + box.separator }
    }

    func layout<S: CellContentSource>(_ source: S, width: Double, scale: Double) throws -> CellLayout {
        try withArithmetic(source, width: width, scale: scale) { arithmetic, box in
            let fonts = program.fonts, chains = program.fontChains
            var items: [CellLayout.Item] = []
            items.reserveCapacity(program.nodes.count)
            let rootHeight = box.body - box.top - box.bottom
            if arithmetic.heights[0] != -1 {
                try arithmetic.place(0, x: box.left, y: box.top, width: box.rootWidth, height: rootHeight, depth: 0,
                                     fontOf: { (fonts[Int($0)], chains[Int($0)]) }, into: &items)
            }
            func pt(_ pixels: Int) -> Double { Double(pixels) / scale }
            return CellLayout(
                width: pt(box.width), height: pt(box.body + box.separator), scale: scale,
                contentFrame: Rect(x: pt(box.left), y: pt(box.top), width: pt(box.rootWidth), height: pt(rootHeight)),
                separatorFrame: Rect(x: 0, y: pt(box.body), width: pt(box.width), height: pt(box.separator)),
                items: items)
        }
    }
}
