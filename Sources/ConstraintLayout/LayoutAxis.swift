/// The two directions of layout, for per-axis properties such as content hugging.
///
/// ```swift
/// label.setContentHuggingPriority(.defaultHigh, for: .horizontal)
/// ```
public enum LayoutAxis: Hashable, Sendable, CaseIterable {
    /// Left to right: x positions and widths.
    case horizontal
    /// Top to bottom: y positions and heights.
    case vertical
}
