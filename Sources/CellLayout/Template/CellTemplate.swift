import TextMetrics

/// A feed cell's description: its width, pixel grid, margins, minimum heights, separator and
/// the tree of items inside — what a `UITableViewCell` subclass's `layoutSubviews` encodes.
///
/// The height of a cell for a row is
///
///     height = max(minHeight, max(minContentHeight, rootHeight) + insets.top + insets.bottom) + separator
///
/// where `rootHeight` is the height of the root item's box laid out at
/// `width − insets.left − insets.right` (see ``CellLayoutEngine`` for every rule). So a
/// single label with 10 pt margins and `minContentHeight` 44 is `MAX(textHeight, 44) + 2 × 10`.
///
/// ```swift
/// let template = try CellTemplate(json: #"{"width": 320, "scale": 2, "insets": [10, 10, 10, 10],"#
///     + #" "minContentHeight": 44, "root": {"text": "text", "size": 14}}"#)
/// // or as a value:
/// let same = CellTemplate(width: 320, scale: 2, insets: EdgeInsets(all: 10), minContentHeight: 44,
///                         root: .text("text", size: 14))
/// ```
public struct CellTemplate: Hashable, Sendable {
    /// The cell's width in points, or `nil` when every call gives one.
    public var width: Double?
    /// Pixels per point (1, 2 or 3 on iOS devices): where frames and heights are rounded.
    public var scale: Double
    /// The content view's margins, around the root item.
    public var insets: EdgeInsets
    /// The least height of the whole cell, separator excluded; 0 for none.
    public var minHeight: Double
    /// The least height of what is inside the insets (the `MAX(h, 44)` of the classic
    /// formula); 0 for none.
    public var minContentHeight: Double
    /// Points added below the content (a separator line); 0 for none.
    public var separator: Double
    /// The item filling the content area.
    public var root: CellItem

    /// The pixel grid used when a template gives none.
    public static let defaultScale = 2.0

    /// Creates a template.
    public init(width: Double? = nil, scale: Double = CellTemplate.defaultScale, insets: EdgeInsets = .zero,
                minHeight: Double = 0, minContentHeight: Double = 0, separator: Double = 0, root: CellItem) {
        self.width = width
        self.scale = scale
        self.insets = insets
        self.minHeight = minHeight
        self.minContentHeight = minContentHeight
        self.separator = separator
        self.root = root
    }
}
