/// One-call measuring, as `sizeWithFont:constrainedToSize:lineBreakMode:` does it.
///
/// ```swift
/// let font = try Font(named: "Roboto-Regular", size: 15)
/// let layout = try TextMeasurer.layout("Hello world", font: font,
///                                      in: TextContainer(width: 320, numberOfLines: 2))
/// layout.size                        // exact
/// layout.size.roundedUp(scale: 2)    // on the @2x pixel grid
/// ```
///
/// To lay the same text out at several widths, prepare it once with ``PreparedText``.
public enum TextMeasurer {
    /// Lays out `text` in `font` within `container`.
    /// - Throws: ``InvalidArgumentError`` for a text too long to measure.
    public static func layout(_ text: String, font: Font, in container: TextContainer = .unlimited) throws -> TextLayout {
        try PreparedText(text, font: font).layout(in: container)
    }

    /// The exact size of `text` in `font` within `container`.
    /// - Throws: ``InvalidArgumentError`` for a text too long to measure.
    public static func size(_ text: String, font: Font, in container: TextContainer = .unlimited) throws -> Size {
        try PreparedText(text, font: font).size(in: container)
    }
}
