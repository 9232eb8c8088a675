/// The pixel grid of a screen: `scale` pixels per point (1, 2 or 3 on iOS devices).
///
/// Rounding up tolerates floating-point noise: a value within 1e-9 pt of a grid line is on it,
/// so `17.0000000000001` stays `17` rather than jumping a pixel.
public struct PixelGrid: Hashable, Sendable {
    /// Pixels per point.
    public var scale: Double

    /// A grid of `scale` pixels per point. Use ``validated(scale:)`` for untrusted input.
    public init(scale: Double) { self.scale = scale }

    /// A grid for `scale`, which must be a positive finite number.
    /// - Throws: ``InvalidArgumentError``.
    public static func validated(scale: Double) throws -> PixelGrid {
        try InvalidArgumentError.requirePositiveFinite(scale, "scale")
        return PixelGrid(scale: scale)
    }

    /// The smallest grid value ≥ `value`.
    public func ceil(_ value: Double) -> Double {
        Double(PixelRounding.ceil(value, scale: scale)) / scale
    }

    /// The nearest grid value to `value` (ties away from zero), where frames land.
    public func round(_ value: Double) -> Double {
        (value * scale).rounded() / scale
    }
}
