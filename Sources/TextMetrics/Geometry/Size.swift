/// A width and a height in points.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal extent in points.
    public var width: Double
    /// Vertical extent in points.
    public var height: Double

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The zero size.
    public static let zero = Size(width: 0, height: 0)

    /// The size rounded up to the pixel grid of a screen with `scale` pixels per point,
    /// as Apple asks callers to `ceil` what `boundingRect(with:…)` returns.
    ///
    /// ```swift
    /// Size(width: 291.42, height: 52.73).roundedUp(scale: 2)  // 291.5 × 53.0
    /// ```
    public func roundedUp(scale: Double) -> Size {
        Size(width: PixelGrid(scale: scale).ceil(width), height: PixelGrid(scale: scale).ceil(height))
    }

    /// `"291.42 × 52.73"`.
    public var description: String { "\(width) × \(height)" }
}
