/// Everything a range of text is drawn with: its fonts at their size, letter spacing, OpenType
/// features, shaping language, and what is carried for drawing (color, link, underline, tag).
/// The style of a whole ``AttributedText``, which its ranges' ``TextAttributes`` refine.
///
/// ```swift
/// let body = TextStyle(fonts: try FontChain(named: ["Roboto-Regular", "NotoColorEmoji"], size: 15))
/// let mention = try body.applying(TextAttributes(fonts: try FontChain(named: ["Roboto-Medium"], size: 15)))
/// ```
public struct TextStyle: Hashable, Sendable {
    /// The fonts: a font or a fallback chain, at one size.
    public var fonts: FontChain
    /// Letter spacing in points after each grapheme cluster (0: none).
    public var kern: Double
    /// OpenType feature settings (none: each script's defaults).
    public var features: [FontFeature]
    /// The BCP 47 shaping language, or `nil`.
    public var language: String?
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
        self.fonts = fonts
        kern = 0
        features = []
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
        try attributes.validate()
        var style = self
        if let fonts = attributes.fonts {
            style.fonts = attributes.fontsKeepSize && attributes.size == nil ? try fonts.resized(to: self.fonts.size) : fonts
        }
        if let size = attributes.size, size != style.fonts.size { style.fonts = try style.fonts.resized(to: size) }
        if let kern = attributes.kern { style.kern = kern }
        if let features = attributes.features { style.features = features }
        if let language = attributes.language { style.language = language }
        if let color = attributes.color { style.color = color }
        if let link = attributes.link { style.link = link }
        if let underline = attributes.underline { style.underline = underline }
        if let tag = attributes.tag { style.tag = tag }
        return style
    }

    /// Whether `other` is shaped exactly as this style is (the same fonts, size, spacing,
    /// features and language), whatever it carries for drawing.
    func shapesLike(_ other: TextStyle) -> Bool {
        fonts == other.fonts && kern == other.kern && features == other.features && language == other.language
    }
}
