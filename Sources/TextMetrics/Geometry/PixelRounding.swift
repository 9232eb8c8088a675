/// Rounding of lengths to whole pixels, as the frame arithmetic does it: template lengths to
/// the nearest pixel, measured lengths up to the grid.
public enum PixelRounding {
    /// `value.rounded()` (halves away from zero) as an integer, without a call into libm
    /// (x86-64 has no rounding instruction before SSE4.1). Exact for lengths below 2^52.
    @inlinable @inline(__always) public static func nearest(_ value: Double) -> Int {
        let truncated = Int(value)
        let fraction = value - Double(truncated)
        if fraction >= 0.5 { return truncated + 1 }
        if fraction <= -0.5 { return truncated - 1 }
        return truncated
    }

    /// `points` rounded up to the grid of `scale` pixels per point, in pixels, tolerating
    /// floating-point noise (a value within 1e-9 of a grid line is on it), as
    /// ``PixelGrid/ceil(_:)``.
    @inlinable @inline(__always) public static func ceil(_ points: Double, scale: Double) -> Int {
        let pixels = points * scale
        let nearest = nearest(pixels)
        if abs(pixels - Double(nearest)) < 1e-9 * max(1, abs(pixels)) { return nearest }
        let truncated = Int(pixels)
        return Double(truncated) < pixels ? truncated + 1 : truncated
    }
}
