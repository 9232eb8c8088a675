import TextJSON
import TextMetrics

/// One element of a cell template: a text, a box, a column or a row, with the properties
/// every item may have (insets, a minimum height, a growth weight, a condition).
///
/// ```swift
/// let block = CellItem.text("answer", font: ["Roboto-Regular", "wqy-microhei"], size: 15,
///                           insets: EdgeInsets(top: 10, left: 15, bottom: 10, right: 15),
///                           minHeight: 44)
/// let avatarRow = CellItem.row(spacing: 8, align: .center, [
///     .box(width: 50, height: 50),
///     .column(spacing: 1, [.text("name", size: 15, numberOfLines: 1)], grow: 1),
/// ])
/// ```
///
/// The layout rules are those of ``CellLayoutEngine``.
public struct CellItem: Hashable, Sendable {
    /// What the item is.
    public var content: Content
    /// Space inside the item's own box, around its content.
    public var insets: EdgeInsets
    /// The least height of the item's box, insets included (`MAX(minHeight, …)`); 0 for none.
    public var minHeight: Double
    /// In a row: the item's share of the width left after fixed boxes and non-growing
    /// items; 0 (the default) does not grow. Ignored in columns.
    public var grow: Double
    /// The name of a row field: the item is present only when that field is present and
    /// non-empty (see ``RowData/isPresent(_:)``); `nil` for always present. An absent item
    /// takes no space and no spacing.
    public var condition: String?

    /// Creates an item.
    public init(_ content: Content, insets: EdgeInsets = .zero, minHeight: Double = 0, grow: Double = 0,
                condition: String? = nil) {
        self.content = content
        self.insets = insets
        self.minHeight = minHeight
        self.grow = grow
        self.condition = condition
    }

    /// The kinds of item.
    public enum Content: Hashable, Sendable {
        /// A label showing a field of the row.
        case text(Text)
        /// A fixed-size or fixed-ratio view (an image, an avatar).
        case box(Box)
        /// Items stacked top to bottom.
        case column(Stack)
        /// Items left to right.
        case row(Stack)
    }

    /// The kind of an item, without its properties.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// ``Content/text(_:)``.
        case text
        /// ``Content/box(_:)``.
        case box
        /// ``Content/column(_:)``.
        case column
        /// ``Content/row(_:)``.
        case row
    }

    /// The item's kind.
    public var kind: Kind {
        switch content {
        case .text: return .text
        case .box: return .box
        case .column: return .column
        case .row: return .row
        }
    }

    /// A label: the text of one row field, in a font, with a line limit, like `UILabel`.
    public struct Text: Hashable, Sendable {
        /// The name of the row field whose value is shown (a string; a number shows as its
        /// JSON text; `null` shows as an empty label).
        public var field: String
        /// The font fallback chain: bundled names or paths, tried in order for each grapheme
        /// cluster (see ``FontChain``).
        public var fontChain: [String]
        /// The font size in points.
        public var size: Double
        /// The most lines shown; 0 for no limit.
        public var numberOfLines: Int
        /// How lines break (`charWrap` changes where; the others only change what is shown).
        public var lineBreakMode: LineBreakMode
        /// Named styles a row's spans may use by name (`{"style": "mention"}`): a mention, a
        /// link, a tag (``StyleDescription``: fonts, size, kern, features, color…).
        public var styles: [String: StyleDescription]
        /// The paragraph style of the label's text, or `nil`.
        public var paragraph: ParagraphStyle?
        /// What a truncated text ends with ("… more" in the link's style), or `nil` for "…".
        public var truncationToken: TruncationTokenDescription?

        /// The font used when a template names none.
        public static let defaultFont = "Roboto-Regular"
        /// The size used when a template gives none: 17 pt, as `UILabel`'s system font.
        public static let defaultSize = 17.0

        /// Creates a label description.
        public init(field: String, fontChain: [String] = [Text.defaultFont], size: Double = Text.defaultSize,
                    numberOfLines: Int = 0, lineBreakMode: LineBreakMode = .wordWrap,
                    styles: [String: StyleDescription] = [:], paragraph: ParagraphStyle? = nil,
                    truncationToken: TruncationTokenDescription? = nil) {
            self.field = field
            self.fontChain = fontChain
            self.size = size
            self.numberOfLines = numberOfLines
            self.lineBreakMode = lineBreakMode
            self.styles = styles
            self.paragraph = paragraph
            self.truncationToken = truncationToken
        }
    }

    /// A view of fixed size, or of fixed aspect ratio that fills the width it is given.
    ///
    /// `width` and `height` are the size of the content, inside the item's insets. A box
    /// needs a `height` or an `aspectRatio` (width ÷ height); with only a ratio it takes the
    /// width offered (the whole width in a column; what is left in a row), and its height is
    /// that width ÷ ratio.
    public struct Box: Hashable, Sendable {
        /// The fixed width in points, or `nil`.
        public var width: Double?
        /// The fixed height in points, or `nil`.
        public var height: Double?
        /// Width ÷ height, or `nil`.
        public var aspectRatio: Double?
        /// Where the box's baseline is, in points from the top of its content, for rows that
        /// align on baselines; `nil` for its bottom (as an image's).
        public var baseline: Double?

        /// Creates a box description.
        public init(width: Double? = nil, height: Double? = nil, aspectRatio: Double? = nil, baseline: Double? = nil) {
            self.width = width
            self.height = height
            self.aspectRatio = aspectRatio
            self.baseline = baseline
        }
    }

    /// A column or a row of items.
    public struct Stack: Hashable, Sendable {
        /// The space between consecutive present items, in points.
        public var spacing: Double
        /// Alignment on the cross axis; `nil` for the default (`fill` in a column, `top`
        /// — ``Alignment/start`` — in a row).
        public var align: Alignment?
        /// The items, in order.
        public var items: [CellItem]

        /// Creates a stack description.
        public init(spacing: Double = 0, align: Alignment? = nil, items: [CellItem]) {
            self.spacing = spacing
            self.align = align
            self.items = items
        }
    }

    /// Cross-axis alignment in a stack.
    ///
    /// In JSON: `top`/`leading` are ``start``, `bottom`/`trailing` are ``end``, and `center`,
    /// `fill`, `firstBaseline` and `lastBaseline` (rows only) are themselves.
    public enum Alignment: String, Hashable, Sendable, CaseIterable {
        /// Top of a row; leading (left) edge of a column.
        case start
        /// Centered; the odd pixel goes below / to the right.
        case center
        /// Bottom of a row; trailing (right) edge of a column.
        case end
        /// Stretched to the stack's full cross extent.
        case fill
        /// Rows: items placed so their first baselines line up, as `UIStackView`'s
        /// `.firstBaseline` (a text's first line's, a box's bottom or its `baseline`, a stack's
        /// first item's).
        case firstBaseline
        /// Rows: items placed so their last baselines line up (`.lastBaseline`).
        case lastBaseline

        /// Whether items line up on a baseline.
        public var isBaseline: Bool { self == .firstBaseline || self == .lastBaseline }

        /// ``start`` in a row.
        public static let top = Alignment.start
        /// ``start`` in a column.
        public static let leading = Alignment.start
        /// ``end`` in a row.
        public static let bottom = Alignment.end
        /// ``end`` in a column.
        public static let trailing = Alignment.end

        /// Parses `top`, `leading`, `start`, `center`, `bottom`, `trailing`, `end`, `fill`.
        public init?(name: String) {
            switch name {
            case "top", "leading", "start", "left": self = .start
            case "center", "centre": self = .center
            case "bottom", "trailing", "end", "right": self = .end
            case "fill", "stretch": self = .fill
            case "firstBaseline": self = .firstBaseline
            case "lastBaseline": self = .lastBaseline
            default: return nil
            }
        }
    }

    // MARK: - Building

    /// A label showing the row field `field`.
    public static func text(_ field: String, font: [String] = [Text.defaultFont], size: Double = Text.defaultSize,
                            numberOfLines: Int = 0, lineBreakMode: LineBreakMode = .wordWrap,
                            styles: [String: StyleDescription] = [:], paragraph: ParagraphStyle? = nil,
                            truncationToken: TruncationTokenDescription? = nil,
                            insets: EdgeInsets = .zero, minHeight: Double = 0, grow: Double = 0,
                            if condition: String? = nil) -> CellItem {
        CellItem(.text(Text(field: field, fontChain: font, size: size, numberOfLines: numberOfLines,
                            lineBreakMode: lineBreakMode, styles: styles, paragraph: paragraph,
                            truncationToken: truncationToken)),
                 insets: insets, minHeight: minHeight, grow: grow, condition: condition)
    }

    /// A box of fixed size, or of fixed ratio.
    public static func box(width: Double? = nil, height: Double? = nil, aspectRatio: Double? = nil,
                           baseline: Double? = nil, insets: EdgeInsets = .zero, minHeight: Double = 0, grow: Double = 0,
                           if condition: String? = nil) -> CellItem {
        CellItem(.box(Box(width: width, height: height, aspectRatio: aspectRatio, baseline: baseline)),
                 insets: insets, minHeight: minHeight, grow: grow, condition: condition)
    }

    /// A column of `items`, top to bottom.
    public static func column(spacing: Double = 0, align: Alignment? = nil, _ items: [CellItem],
                              insets: EdgeInsets = .zero, minHeight: Double = 0, grow: Double = 0,
                              if condition: String? = nil) -> CellItem {
        CellItem(.column(Stack(spacing: spacing, align: align, items: items)),
                 insets: insets, minHeight: minHeight, grow: grow, condition: condition)
    }

    /// A row of `items`, left to right.
    public static func row(spacing: Double = 0, align: Alignment? = nil, _ items: [CellItem],
                           insets: EdgeInsets = .zero, minHeight: Double = 0, grow: Double = 0,
                           if condition: String? = nil) -> CellItem {
        CellItem(.row(Stack(spacing: spacing, align: align, items: items)),
                 insets: insets, minHeight: minHeight, grow: grow, condition: condition)
    }
}
