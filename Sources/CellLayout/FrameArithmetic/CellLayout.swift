import TextMetrics

/// A cell laid out for one row: its height and the frame of every present item, in cell
/// coordinates (points, origin at the cell's top left), all on the pixel grid.
///
/// ```swift
/// let layout = try engine.layout(for: row)
/// layout.height                       // 86.5
/// for item in layout.items {          // pre-order: parents before children
///     print(item.path, item.frame)    // root.column.items[1].text (15.0, 54.0, 345.0 × 44.0)
///     if let text = item.text { draw(text.layout, of: text.string, in: text.font, at: text.frame) }
/// }
/// ```
///
/// Absent items (whose `if` field is missing or empty, or inside one) are not listed.
public struct CellLayout: Sendable, CustomStringConvertible {
    /// The cell's width in points.
    public var width: Double
    /// The cell's height in points, separator included, exact on the grid.
    public var height: Double
    /// Pixels per point.
    public var scale: Double
    /// The content area inside the cell's insets, which the root item fills.
    public var contentFrame: Rect
    /// The separator's rectangle at the bottom of the cell (empty height when none).
    public var separatorFrame: Rect
    /// Every present item, parents before children, siblings in template order.
    public var items: [Item]

    /// Creates a layout from its parts.
    public init(width: Double, height: Double, scale: Double, contentFrame: Rect, separatorFrame: Rect, items: [Item]) {
        self.width = width
        self.height = height
        self.scale = scale
        self.contentFrame = contentFrame
        self.separatorFrame = separatorFrame
        self.items = items
    }

    /// The item at `path`, if present.
    public func item(at path: String) -> Item? {
        items.first { $0.path == path }
    }

    /// `height 86.5: root.column (8.0, 8.0, 359.0 × 70.5); …`.
    public var description: String {
        "height \(height): " + items.map { "\($0.path) \($0.frame)" }.joined(separator: "; ")
    }

    /// One laid-out item.
    public struct Item: Sendable, Hashable {
        /// The item's path in the template (`root.column.items[1].text`).
        public var path: String
        /// What the item is.
        public var kind: CellItem.Kind
        /// Depth in the tree: 0 for the root.
        public var depth: Int
        /// The item's box, insets included.
        public var frame: Rect
        /// The box inside the item's insets: where a label is, where a stack's items go.
        public var contentFrame: Rect
        /// For a text item: what to draw and where.
        public var text: Text?
        /// For a row aligned on baselines: the baseline its items share, in points from the
        /// cell's top.
        public var baseline: Double?

        /// Creates an item.
        public init(path: String, kind: CellItem.Kind, depth: Int, frame: Rect, contentFrame: Rect, text: Text? = nil,
                    baseline: Double? = nil) {
            self.path = path
            self.kind = kind
            self.depth = depth
            self.frame = frame
            self.contentFrame = contentFrame
            self.text = text
            self.baseline = baseline
        }
    }

    /// A laid-out label.
    ///
    /// Like `UILabel`, a label taller than its text (a `minHeight` that wins, a stretched row)
    /// draws the text vertically centered: ``frame`` is where the lines go, with the text's
    /// height rounded up to the grid; line baselines in ``layout`` are relative to its top.
    public struct Text: Sendable, Hashable {
        /// The text shown (the row field's value).
        public var string: String
        /// The fonts it was measured in: the template's chain, loaded.
        public var fonts: FontChain
        /// The template's font fallback chain.
        public var fontChain: [String]
        /// The lines.
        public var layout: TextLayout
        /// Where the lines are drawn: the content frame's width, the text's height on the
        /// grid, vertically centered in the content frame (the odd pixel below).
        public var frame: Rect

        /// The prepared text the lines are of — an attributed one for a styled row field or an
        /// item with a paragraph style — what a renderer draws glyphs from.
        public var prepared: PreparedText

        /// Creates a laid-out label.
        public init(prepared: PreparedText, fontChain: [String], layout: TextLayout, frame: Rect) {
            self.string = prepared.text
            self.fonts = prepared.fonts
            self.fontChain = fontChain
            self.prepared = prepared
            self.layout = layout
            self.frame = frame
        }

        /// Labels are equal when their strings, attributes, fonts, lines and frames are.
        public static func == (lhs: Text, rhs: Text) -> Bool {
            lhs.string == rhs.string && lhs.prepared.attributedText == rhs.prepared.attributedText && lhs.fonts == rhs.fonts
                && lhs.fontChain == rhs.fontChain && lhs.layout == rhs.layout && lhs.frame == rhs.frame
        }

        /// Hashes the string, lines and frame.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(string)
            hasher.combine(layout)
            hasher.combine(frame)
        }
    }
}
