/// Everything a range of text is drawn with: its fonts at their size, letter spacing, OpenType
/// features, shaping language, and what is carried for drawing (color, link, underline, tag).
/// The style of a whole ``AttributedText``, which its ranges' ``TextAttributes`` refine.
///
/// ```swift
/// let body = TextStyle(fonts: try FontChain(named: ["Roboto-Regular", "NotoColorEmoji"], size: 15))
/// let mention = try body.applying(TextAttributes(fonts: try FontChain(named: ["Roboto-Medium"], size: 15)))
/// ```
public struct TextStyle: Hashable, Sendable {
    /// What of the style changes shapes: its fonts, kern, features and language.
    var shaping: ShapingStyle
    /// The fonts: a font or a fallback chain, at one size.
    public var fonts: FontChain {
        get { shaping.fonts }
        set { shaping.fonts = newValue }
    }
    /// Letter spacing in points after each grapheme cluster (0: none).
    public var kern: Double {
        get { shaping.kern }
        set { shaping.kern = newValue }
    }
    /// OpenType feature settings (none: each script's defaults).
    public var features: [FontFeature] {
        get { shaping.features }
        set { shaping.features = newValue }
    }
    /// The BCP 47 shaping language, or `nil`.
    public var language: String? {
        get { shaping.language }
        set { shaping.language = newValue }
    }
    /// The color to draw in, or `nil` for the drawer's default.
    public var color: TextColor?
    /// The link the text stands for, or `nil`.
    public var link: String?
    /// Whether the text is underlined.
    public var underline: Bool
    /// An app's own tag, or `nil`.
    public var tag: String?

    /// A style of `fonts`, with no letter spacing, features or language.
    public init(fonts: FontChain) {
        shaping = ShapingStyle(fonts: fonts)
        underline = false
    }

    /// A style of `fonts` and these attributes.
    /// - Throws: ``InvalidArgumentError`` for a NaN or infinite `kern`, or a malformed
    ///   language tag.
    public init(fonts: FontChain, kern: Double = 0, features: [FontFeature] = [], language: String? = nil,
                color: TextColor? = nil, link: String? = nil, underline: Bool = false, tag: String? = nil) throws {
        self.init(fonts: fonts)
        self = try applying(TextAttributes(kern: kern, features: features, language: language, color: color, link: link,
                                           underline: underline, tag: tag))
    }

    /// This style with `attributes` set over it (an attribute left `nil` keeps this style's).
    /// - Throws: ``InvalidArgumentError`` for a size that is not a positive finite number, a
    ///   NaN or infinite kern (a negative kern is valid: it tightens), or a malformed language
    ///   tag.
    public func applying(_ attributes: TextAttributes) throws -> TextStyle {
        var style = self
        try style.apply(attributes)
        return style
    }

    /// Sets `attributes` over this style in place, as ``applying(_:)`` does (no copy of the
    /// style is made); on an error the style is left as it was.
    /// - Throws: what ``applying(_:)`` throws.
    mutating func apply(_ attributes: TextAttributes) throws {
        try attributes.validate()
        try withUnsafePointer(to: attributes) { try set($0) }
    }

    /// Sets the attributes `attributes` points to, checked already
    /// (``TextAttributes/validate()``), over this style in place: for attributes applied again
    /// and again (a span's over each piece it covers), read where they lie (see
    /// ``SpanPieces/forEachAttributes(over:covering:spans:taken:_:)``).
    /// - Throws: only what resizing the fonts throws, which checked attributes never make it.
    mutating func set(_ attributes: UnsafePointer<TextAttributes>) throws {
        try shaping.set(attributes)
        if let color = attributes.pointee.color { self.color = color }
        if let link = attributes.pointee.link { self.link = link }
        if let underline = attributes.pointee.underline { self.underline = underline }
        if let tag = attributes.pointee.tag { self.tag = tag }
    }

    /// Whether `other` is shaped exactly as this style is (the same fonts, size, spacing,
    /// features and language), whatever it carries for drawing.
    func shapesLike(_ other: TextStyle) -> Bool { shaping == other.shaping }
}
