import TextMetrics

/// A text view whose intrinsic size comes from measuring its text: `UILabel`.
///
/// The intrinsic width is the text on one line (widest paragraph), the intrinsic height the
/// text laid out at ``preferredMaxLayoutWidth`` with ``numberOfLines`` — both rounded up to
/// the engine's pixel grid, plus ``padding``. A multi-line label's height therefore depends
/// on its width, and is found the way UIKit does it:
/// ``LayoutEngine/systemLayoutSizeFitting(width:)`` solves, sets each label's
/// `preferredMaxLayoutWidth` to its resolved width, which changes its intrinsic height, and
/// solves again.
///
/// ```swift
/// let title = Label(name: "title", text: "How do I reset my password?",
///                   font: try Font(named: "Roboto-Medium", size: 17), numberOfLines: 0)
/// engine.addItem(title)
/// try engine.activate([
///     title.leading.constraint(equalTo: engine.contentView.leading, constant: 15),
///     title.trailing.constraint(equalTo: engine.contentView.trailing, constant: -15),
///     title.top.constraint(equalTo: engine.contentView.top, constant: 10),
///     engine.contentView.bottom.constraint(equalTo: title.bottom, constant: 10),
/// ])
/// let size = try engine.systemLayoutSizeFitting(width: 120)   // two lines tall + 20
/// ```
public final class Label: LayoutItem {
    /// The text shown.
    public var text: String {
        get { measured?.string ?? pendingText }
        set {
            pendingText = newValue
            measured = nil
            invalidateIntrinsicContentSize()
        }
    }

    /// The fonts the text is measured in: the primary font and its fallbacks.
    public var fonts: FontChain {
        didSet {
            if fonts != oldValue {
                measured = nil
                invalidateIntrinsicContentSize()
            }
        }
    }

    /// The primary font; setting it replaces the chain with that one font.
    public var font: Font {
        get { fonts.primary }
        set { fonts = FontChain(newValue) }
    }

    /// The most lines shown; 0 for no limit.
    public var numberOfLines: Int { didSet { if numberOfLines != oldValue { invalidateIntrinsicContentSize() } } }

    /// Where lines break and how overflow is cut.
    public var lineBreakMode: LineBreakMode {
        didSet { if lineBreakMode != oldValue { invalidateIntrinsicContentSize() } }
    }

    /// What a truncated last line ends with ("… more"), or `nil` for "…": its fonts may make
    /// the last line taller.
    public var truncationToken: TruncationToken? {
        didSet { if truncationToken != oldValue { invalidateIntrinsicContentSize() } }
    }

    /// Whether the label keeps its baseline anchors at its text's baselines (padding +
    /// the first or last line's baseline, on the grid) as its height is resolved; `false`
    /// when whoever lays it out sets them (``LayoutItem/setBaselineOffsets(first:last:)``).
    public var providesBaselineOffsets = true

    /// Space around the text inside the label (a padded label), added to the intrinsic size.
    public var padding: EdgeInsets { didSet { if padding != oldValue { invalidateIntrinsicContentSize() } } }

    /// The width, in points, the text wraps at when computing the intrinsic height
    /// (padding excluded); `nil` for none (one line per paragraph).
    public var preferredMaxLayoutWidth: Double? {
        didSet { if preferredMaxLayoutWidth != oldValue { invalidateIntrinsicHeight() } }
    }

    /// Whether the label reports an intrinsic width. Turn it off for a label whose width is
    /// always set by its container (leading and trailing pinned): it then gets no horizontal
    /// content constraints, as `noIntrinsicMetric` — fewer rows for the solver.
    public var providesIntrinsicWidth = true {
        didSet { if providesIntrinsicWidth != oldValue { invalidateIntrinsicContentSize() } }
    }

    private var pendingText: String
    private var measured: SizedText?
    /// Whether the intrinsic height is stale (new text since it was computed).
    private var heightIsStale = true
    /// Pixels per point for rounding the intrinsic size; the engine's scale once added.
    var scale: Double = 1 {
        didSet { if scale != oldValue { invalidateIntrinsicContentSize() } }
    }

    /// Creates a label in one font.
    public convenience init(name: String = "label", text: String = "", font: Font, numberOfLines: Int = 1,
                            lineBreakMode: LineBreakMode = .truncateTail, padding: EdgeInsets = .zero) {
        self.init(name: name, text: text, fonts: FontChain(font), numberOfLines: numberOfLines,
                  lineBreakMode: lineBreakMode, padding: padding)
    }

    /// Creates a label in a font fallback chain.
    public init(name: String = "label", text: String = "", fonts: FontChain, numberOfLines: Int = 1,
                lineBreakMode: LineBreakMode = .truncateTail, padding: EdgeInsets = .zero) {
        self.pendingText = text
        self.fonts = fonts
        self.numberOfLines = numberOfLines
        self.lineBreakMode = lineBreakMode
        self.padding = padding
        super.init(name: name)
        invalidateIntrinsicContentSize()
    }

    /// Shows an already prepared text (shared from a cache), without preparing it again.
    ///
    /// The intrinsic width is updated at once; the intrinsic height when the width the label
    /// wraps at is next resolved (``LayoutEngine/systemLayoutSizeFitting(width:)``), as a
    /// `UILabel` defers it until layout.
    /// - Precondition: `text` was prepared in ``font``.
    public func setText(_ text: SizedText) {
        if let measured, measured === text { return }
        measured = text
        pendingText = ""
        heightIsStale = true
        if providesIntrinsicWidth {
            intrinsicContentSize.width = intrinsicWidth(text)
        }
    }

    /// Shows an attributed text — spans, attachments, a paragraph style — prepared now.
    /// - Throws: ``InvalidArgumentError`` as ``PreparedText/init(_:)`` does.
    public func setAttributedText(_ text: AttributedText) throws {
        setText(try SizedText(text))
    }

    /// The prepared text, preparing it on first use.
    /// - Throws: ``InvalidArgumentError`` for a text too long to measure.
    public func measuredText() throws -> SizedText {
        if let measured { return measured }
        let prepared = try SizedText(pendingText, fonts: fonts)
        measured = prepared
        return prepared
    }

    /// The padding's left + right, each side snapped to the grid.
    var horizontalPadding: Double {
        let grid = PixelGrid(scale: scale)
        return grid.round(padding.left) + grid.round(padding.right)
    }

    /// The padding's top + bottom, each side snapped to the grid.
    var verticalPadding: Double {
        let grid = PixelGrid(scale: scale)
        return grid.round(padding.top) + grid.round(padding.bottom)
    }

    private func intrinsicWidth(_ text: SizedText) -> Double {
        PixelGrid(scale: scale).ceil(text.naturalWidth) + horizontalPadding
    }

    /// The text's height at `width` points (padding excluded; `nil` for no limit) rounded up
    /// to the grid, plus the vertical padding.
    /// - Throws: ``InvalidArgumentError`` for a text too long to measure.
    public func intrinsicHeight(forWidth width: Double?) throws -> Double {
        let text = try measuredText()
        let height = try text.height(width: width ?? .infinity, numberOfLines: numberOfLines,
                                     lineBreakMode: lineBreakMode, truncationToken: truncationToken)
        return PixelGrid(scale: scale).ceil(height) + verticalPadding
    }

    /// The text's first and last baselines at `width` points (padding excluded; `nil` for no
    /// limit), in points from the text's top: from the same layout as its intrinsic height.
    /// - Throws: ``InvalidArgumentError`` for a text too long to measure.
    public func textBaselines(forWidth width: Double?) throws -> (first: Double, last: Double) {
        try measuredText().baselines(width: width ?? .infinity, numberOfLines: numberOfLines,
                                     lineBreakMode: lineBreakMode, truncationToken: truncationToken)
    }

    /// Puts the baseline anchors at the text's baselines: the top padding plus each, on the
    /// grid — when a baseline anchor is first used, and again whenever the height is resolved.
    override func prepareBaselineOffsets() {
        guard providesBaselineOffsets, let (first, last) = try? textBaselines(forWidth: preferredMaxLayoutWidth) else { return }
        let grid = PixelGrid(scale: scale)
        let top = grid.round(padding.top)
        setBaselineOffsets(first: top + grid.round(first), last: top + grid.round(last))
    }

    /// Recomputes both intrinsic dimensions (after the text, font or limits change).
    public func invalidateIntrinsicContentSize() {
        guard let text = try? measuredText() else {
            intrinsicContentSize = .none
            return
        }
        heightIsStale = false
        let height = (try? intrinsicHeight(forWidth: preferredMaxLayoutWidth)) ?? 0
        intrinsicContentSize = IntrinsicContentSize(width: providesIntrinsicWidth ? intrinsicWidth(text) : nil,
                                                    height: height)
        if baselineOffsets != nil { prepareBaselineOffsets() }
    }

    private func invalidateIntrinsicHeight() {
        heightIsStale = false
        guard let height = try? intrinsicHeight(forWidth: preferredMaxLayoutWidth) else { return }
        intrinsicContentSize.height = height
        if baselineOffsets != nil { prepareBaselineOffsets() }
    }

    /// The layout pass's second step for this label: wrap at `width` (padding excluded) and
    /// bring the intrinsic height up to date. Returns whether it changed.
    @discardableResult
    func resolveWidth(_ width: Double) throws -> Bool {
        guard width != preferredMaxLayoutWidth || heightIsStale else { return false }
        let before = intrinsicContentSize.height
        heightIsStale = false
        if width != preferredMaxLayoutWidth {
            preferredMaxLayoutWidth = width   // didSet recomputes the height
        } else {
            intrinsicContentSize.height = try intrinsicHeight(forWidth: width)
            if baselineOffsets != nil { prepareBaselineOffsets() }
        }
        return intrinsicContentSize.height != before
    }
}
