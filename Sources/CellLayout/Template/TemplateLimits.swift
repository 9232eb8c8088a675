import TextMetrics

/// The numbers a cell template, and a call laying one out, may use: finite, not negative, and
/// small enough that every frame, worked out in whole pixels, adds up in integers. A template
/// or call past them is refused with a ``TemplateError`` rather than laid out.
public enum TemplateLimits {
    /// The largest length in points — an inset, a minimum height, a spacing, a box side, a
    /// font size, a cell's width: a million points, far past any screen.
    public static let maxLength = 1_000_000.0
    /// The largest scale, in pixels per point (UIKit's screens have 1, 2 or 3).
    public static let maxScale = 1_000.0
    /// The largest aspect ratio (width ÷ height) of a box.
    public static let maxAspectRatio = 1_000_000.0

    /// Checks `value`, named `name` in the error, of the item at `path`: finite, 0 or more
    /// (more than 0 when `positive`) and at most `maximum`.
    /// - Throws: ``TemplateError`` saying so.
    static func check(_ value: Double, _ name: String, path: String, positive: Bool = false,
                      maximum: Double = maxLength) throws {
        guard value.isFinite, positive ? value > 0 : value >= 0, value <= maximum else {
            throw TemplateError(path: path, reason: "\"\(name)\" must be a \(positive ? "positive" : "non-negative") finite "
                                + "number of at most \(Int(maximum)), got \(value)")
        }
    }
}
