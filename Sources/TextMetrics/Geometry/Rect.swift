/// A rectangle in points, origin at the top left, y growing downward (UIKit's coordinates).
///
/// ```swift
/// let frame = Rect(x: 15, y: 10, width: 345, height: 24)
/// frame.maxY   // 34
/// ```
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// Creates a rectangle.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The right edge, `x + width`.
    public var maxX: Double { x + width }
    /// The bottom edge, `y + height`.
    public var maxY: Double { y + height }
    /// The size.
    public var size: Size { Size(width: width, height: height) }

    /// The rectangle shrunk by `insets` (it may become empty, never negative).
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(x: x + insets.left, y: y + insets.top,
             width: max(0, width - insets.horizontal), height: max(0, height - insets.vertical))
    }

    /// `"(x, y, width × height)"`.
    public var description: String { "(\(x), \(y), \(width) × \(height))" }
}
