/// Distances inward from the edges of a box, in points, as `UIEdgeInsets`.
///
/// In a template, insets are written `[top, left, bottom, right]`, as one number for all
/// four sides, or as an object `{"top": 10, "left": 15}` (missing sides are 0).
///
/// ```swift
/// let margins = EdgeInsets(top: 10, left: 15, bottom: 10, right: 15)
/// margins.vertical      // 20
/// ```
public struct EdgeInsets: Hashable, Sendable, CustomStringConvertible {
    /// Inset from the top edge.
    public var top: Double
    /// Inset from the left (leading) edge.
    public var left: Double
    /// Inset from the bottom edge.
    public var bottom: Double
    /// Inset from the right (trailing) edge.
    public var right: Double

    /// Creates insets from their four sides.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on all four sides.
    public init(all value: Double) {
        self.init(top: value, left: value, bottom: value, right: value)
    }

    /// No insets.
    public static let zero = EdgeInsets()

    /// `top + bottom`.
    public var vertical: Double { top + bottom }
    /// `left + right`.
    public var horizontal: Double { left + right }

    /// `"[top, left, bottom, right]"`, the template form.
    public var description: String { "[\(top), \(left), \(bottom), \(right)]" }
}
