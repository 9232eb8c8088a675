import TextMetrics
import CellLayout

/// The colors a cell picture is drawn in: one outline color per kind of item, as distinct
/// `layer.borderColor`s when debugging a layout, plus tints for insets and the separator.
public enum CellColors {
    /// Outlines of text items (blue).
    public static let text = Color(rgb: 0x1E6FFF)
    /// Outlines of boxes (orange); boxes are also filled faintly, like placeholder images.
    public static let box = Color(rgb: 0xFF8000)
    /// Outlines of columns (green).
    public static let column = Color(rgb: 0x1FA34A)
    /// Outlines of rows (magenta).
    public static let row = Color(rgb: 0xD02CC8)
    /// The faint fill of a box's content area.
    public static let boxFill = Color(rgb: 0xFFF1E0)
    /// The cell's insets (the content view's margins): a band around the content.
    public static let cellInsets = Color(rgb: 0xFFE08A)
    /// An item's own insets, between its frame and its content.
    public static let itemInsets = Color(rgb: 0xDCEBFF)
    /// The separator below the cell.
    public static let separator = Color(rgb: 0x8E8E93)
    /// The text color.
    public static let ink = Color(rgb: 0x1C1C1E)
    /// The baseline a row's items are aligned on.
    public static let baseline = Color(rgb: 0xE5243B)

    /// The outline color of items of `kind`.
    public static func outline(for kind: CellItem.Kind) -> Color {
        switch kind {
        case .text: return text
        case .box: return box
        case .column: return column
        case .row: return row
        }
    }
}
