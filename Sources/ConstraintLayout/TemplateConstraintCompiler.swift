import JSON
import TextMetrics
import CellLayout

/// Compiles a feed cell template (the fast path's ``CellTemplate``) to Auto Layout items and
/// constraints, and sizes rows with them — the way an iOS developer pins the same cell.
///
/// ## How items are pinned
///
/// Every item is a ``LayoutItem`` (a text is a ``Label`` whose padding is the item's insets);
/// absent `if` items are simply not created. All template lengths are snapped to the pixel
/// grid as the fast path snaps them. With *content* edges meaning an item's edges moved in
/// by its insets:
/// - **cell**: the root's edges are pinned to the content view with the cell's insets (its
///   bottom also above the separator); `root.height >= minContentHeight`,
///   `contentView.height >= minHeight + separator`; the content view's height is minimized
///   at the fitting-size priority (``LayoutEngine``).
/// - **every item**: `height >= minHeight` (required); `width >= 0` where the width is not
///   pinned.
/// - **text**: the label's intrinsic height (its text at its own width, the
///   `preferredMaxLayoutWidth` pass) with hugging 250 and compression resistance 750; where
///   the label sizes to its content horizontally (see below), its intrinsic width with
///   hugging 300 and a compression resistance by turn.
/// - **box**: `width == w` for a fixed box; `height >= h` (required) and `height <= h`
///   (hugging, 250) for a fixed height; otherwise the aspect-ratio constraint
///   `height >= width / ratio + c` (required; `c` accounts for the insets and snaps the
///   height to the grid per row) with its hugging twin at 250.
/// - **column**: first child's top to the column's content top; each next top to the
///   previous bottom + spacing; the last bottom `<=` the content bottom (required) and `==`
///   at a low priority (100 + depth) — slack stays below, as in a stack view. Children
///   fill the content width (leading and trailing pinned), or under `leading`/`center`/
///   `trailing` stay inside it with that edge (or center) pinned and their own width.
/// - **row**: first leading to the content leading, each next leading to the previous
///   trailing + spacing; the last trailing `==` the content trailing when something grows,
///   else `<=`. Growing items share what is left by proportional widths
///   (`width_i == width_0 × grow_i / grow_0 + c_i` at 950, `c_i` snapping the shares to
///   pixels) and keep `width >= 0`;
///   non-growing items size to their content: hugging (300) and compression resistance
///   — 900, 860, 820, … in the order the fast path hands out width, so earlier items keep
///   their width and later ones are compressed first. Vertically: `top`, `center`,
///   `bottom` pin that edge (or the center, snapped so the odd pixel goes below) and keep
///   children inside; `fill` pins both edges; the row hugs its tallest child at 100 + depth.
/// - A stack that sizes to its content in a row reports its natural width (its children's
///   widths and spacing) as an intrinsic width, as a container view overriding
///   `intrinsicContentSize`, hugging it at its compression-resistance priority (its width is
///   settled before its children's claims count); a ratio-only box (or a stack holding one) instead asks for
///   the container's whole content width at its compression-resistance turn.
///
/// ## Two ways to size rows
///
/// - ``solve(_:width:)`` / ``height(for:width:)`` reuse one ``CellConstraintSystem`` per
///   presence pattern of the `if` items: per row only intrinsic sizes, snapping constants
///   and the width are suggested, and the solver re-solves incrementally.
/// - ``solveFresh(_:width:)`` / ``freshHeight(for:width:)`` build a new system for every row —
///   the offscreen template cell rebuilt per row.
///
/// Both give identical results, equal to the fast path's frames on the pixel grid.
///
/// ```swift
/// let compiler = try TemplateConstraintCompiler(CellTemplate(json: feedItemJSON))
/// let height = try compiler.height(for: row)           // reused system
/// let cell = try compiler.solve(row, width: 414)       // every frame
/// ```
///
/// Not `Sendable` (it owns solvers and a text cache): use one compiler per thread.
public final class TemplateConstraintCompiler {
    /// The template compiled.
    public let template: CellTemplate
    /// Pixels per point.
    public let scale: Double
    let flat: FlatTemplate
    private var systems: [[Bool]: CellConstraintSystem] = [:]
    /// Prepared texts by the bytes of the text and the font, as the fast path keeps them.
    private let textCache: TextCache
    private let spanFonts: SpanFonts
    private var textNodes: [Int] = []

    /// Compiles `template` for the pixel grid `scale` (the template's when `nil`), loading its
    /// fonts.
    /// - Throws: ``TemplateError`` naming an item whose font cannot be loaded, or a box with
    ///   neither a height nor a ratio.
    public init(_ template: CellTemplate, scale: Double? = nil, textCacheCapacity: Int = 65_536,
                library: FontLibrary = .shared) throws {
        let scale = scale ?? template.scale
        guard scale.isFinite, scale > 0 else {
            throw TemplateError(path: "template", reason: "the scale must be a positive finite number, got \(scale)")
        }
        self.template = template
        self.scale = scale
        flat = FlatTemplate(try CellProgram(template, library: library), scale: scale)
        textCache = TextCache(capacity: max(0, textCacheCapacity))
        spanFonts = SpanFonts(library: library)
        textNodes = flat.nodes.indices.filter { flat.nodes[$0].kind == .text }
    }

    /// Reads and compiles a JSON template.
    /// - Throws: ``TemplateError``.
    public convenience init(json: String) throws {
        try self.init(CellTemplate(json: json))
    }

    // MARK: - Rows

    /// The cell's height for `row` at `width` (the template's when `nil`), sized with the
    /// reused constraint system of the row's presence pattern.
    /// - Throws: ``TemplateError`` for a missing field, no width, or a layout that cannot hold.
    /// - Complexity: a few incremental re-solves (plus building the system the first time a
    ///   presence pattern is seen).
    public func height(for row: RowData, width: Double? = nil) throws -> Double {
        let (system, texts, pixels) = try prepare(row, width: width, fresh: false)
        return Double(try system.layout(texts: texts, widthPixels: pixels, frames: false).height) / scale
    }

    /// Every present item's frame for `row`, with the reused constraint system.
    /// - Throws: ``TemplateError``, as ``height(for:width:)``.
    public func solve(_ row: RowData, width: Double? = nil) throws -> CellLayout {
        let (system, texts, pixels) = try prepare(row, width: width, fresh: false)
        return solved(system, try system.layout(texts: texts, widthPixels: pixels, frames: true), widthPixels: pixels)
    }

    /// The cell's height for `row`, building a fresh constraint system for it (the offscreen
    /// template cell rebuilt per row).
    /// - Throws: ``TemplateError``, as ``height(for:width:)``.
    /// - Complexity: building every constraint, then the same re-solves as the reused path.
    public func freshHeight(for row: RowData, width: Double? = nil) throws -> Double {
        let (system, texts, pixels) = try prepare(row, width: width, fresh: true)
        return Double(try system.layout(texts: texts, widthPixels: pixels, frames: false).height) / scale
    }

    /// Every present item's frame for `row`, with a fresh constraint system.
    /// - Throws: ``TemplateError``, as ``height(for:width:)``.
    public func solveFresh(_ row: RowData, width: Double? = nil) throws -> CellLayout {
        let (system, texts, pixels) = try prepare(row, width: width, fresh: true)
        return solved(system, try system.layout(texts: texts, widthPixels: pixels, frames: true), widthPixels: pixels)
    }

    /// The constraint system for the items present in `row` (built on first use, then reused).
    /// - Throws: ``TemplateError`` when the constraints cannot be built.
    public func system(for row: RowData) throws -> CellConstraintSystem {
        try system(presence: presence(of: row))
    }

    /// Per template item (in pre-order), whether it is present in `row`: its `if` field and
    /// those of all its ancestors are present (``RowData/isPresent(_:)``).
    public func presence(of row: RowData) -> [Bool] {
        flat.program.presence(of: row)
    }

    /// The number of constraint systems built so far (one per presence pattern seen).
    public var systemCount: Int { systems.count }

    /// The number of prepared texts held in the text cache.
    public var cachedTextCount: Int { textCache.count }

    /// Empties the text cache.
    public func removeCachedTexts() { textCache.removeAll() }

    // MARK: - Internals

    private func system(presence: [Bool]) throws -> CellConstraintSystem {
        if let known = systems[presence] { return known }
        let built = try CellConstraintSystem(flat: flat, template: template, presence: presence)
        systems[presence] = built
        return built
    }

    private func prepare(_ row: RowData, width: Double?, fresh: Bool) throws -> (CellConstraintSystem, [SizedText?], Int) {
        guard let width = width ?? template.width else {
            throw TemplateError(path: "template", reason: "no width: give the template a \"width\" or pass one")
        }
        guard width.isFinite, width > 0 else {
            throw TemplateError(path: "template", reason: "the width must be a positive finite number, got \(width)")
        }
        let present = presence(of: row)
        var texts = [SizedText?](repeating: nil, count: flat.nodes.count)
        for index in textNodes where present[index] {
            texts[index] = try textCache.text(ofNode: index, in: row, program: flat.program, spanFonts: spanFonts)
        }
        let system = fresh ? try CellConstraintSystem(flat: flat, template: template, presence: present)
                           : try system(presence: present)
        return (system, texts, flat.px(width))
    }

    private func solved(_ system: CellConstraintSystem, _ result: (height: Int, frames: [(Int, Int, Int, Int)]),
                        widthPixels: Int) -> CellLayout {
        func pt(_ pixels: Int) -> Double { Double(pixels) / scale }
        let insets = template.insets
        let top = flat.px(insets.top), left = flat.px(insets.left), bottom = flat.px(insets.bottom)
        let right = flat.px(insets.right), separator = flat.px(template.separator)
        let body = result.height - separator
        var items: [CellLayout.Item] = []
        for index in flat.nodes.indices where system.presence[index] {
            let node = flat.nodes[index]
            let (x, y, w, h) = result.frames[index]
            items.append(CellLayout.Item(
                path: node.path, kind: node.kind, depth: node.depth,
                frame: Rect(x: pt(x), y: pt(y), width: pt(w), height: pt(h)),
                contentFrame: Rect(x: pt(x + node.left), y: pt(y + node.top), width: pt(w - node.horizontalInsets),
                                   height: pt(max(0, h - node.verticalInsets)))))
        }
        return CellLayout(
            width: pt(widthPixels), height: pt(result.height), scale: scale,
            contentFrame: Rect(x: pt(left), y: pt(top), width: pt(widthPixels - left - right), height: pt(body - top - bottom)),
            separatorFrame: Rect(x: 0, y: pt(body), width: pt(widthPixels), height: pt(separator)),
            items: items)
    }
}
