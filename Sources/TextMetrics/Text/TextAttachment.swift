/// An inline box in a line of text, like `NSTextAttachment`: an image or a chip drawn at a
/// U+FFFC OBJECT REPLACEMENT CHARACTER of an ``AttributedText``.
///
/// It is one unbreakable cluster with a line break opportunity on each side (UAX #14 rule
/// LB20, as for an image in a line), as wide as ``width``; it stands on the baseline,
/// ``ascent`` above it and ``descent`` below, and raises its line to them. It is never shaped
/// nor cached.
public struct TextAttachment: Hashable, Sendable {
    /// The box's width in points.
    public let width: Double
    /// How far the box reaches above the baseline, in points.
    public let ascent: Double
    /// How far the box reaches below the baseline, in points (positive downward).
    public let descent: Double

    /// The widest box, in points: a text's widths are whole layout units of 64 bits.
    public static let maxWidth = InvalidArgumentError.maxPoints

    /// A box `width` wide, `ascent` above the baseline and `descent` below it.
    /// - Throws: ``InvalidArgumentError`` for a NaN, infinite or negative width, a width over
    ///   ``maxWidth``, or a NaN or infinite ascent or descent.
    public init(width: Double, ascent: Double, descent: Double = 0) throws {
        try InvalidArgumentError.requirePoints(width, "width", negativeAllowed: false)
        guard ascent.isFinite else {
            throw InvalidArgumentError(argument: "ascent", requirement: "a finite number", value: "\(ascent)")
        }
        guard descent.isFinite else {
            throw InvalidArgumentError(argument: "descent", requirement: "a finite number", value: "\(descent)")
        }
        self.width = width
        self.ascent = ascent
        self.descent = descent
    }
}
