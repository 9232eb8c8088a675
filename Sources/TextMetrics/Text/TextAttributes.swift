/// What a range of an ``AttributedText`` asks for, as `NSAttributedString` attributes do:
/// every attribute left `nil` keeps what the text, or an earlier range, gives it.
///
/// The first five change shapes and widths — the fonts, the size, letter spacing, OpenType
/// features and the shaping language; the others (``color``, ``link``, ``underline``,
/// ``tag``) are carried to the layout for whoever draws it or hit-tests it, and never split a
/// shaping run or a cache entry.
public struct TextAttributes: Hashable, Sendable {
    /// A font or a fallback chain, at its own size — unless ``size`` is set, or
    /// ``fontsKeepSize`` is.
    public var fonts: FontChain?
    /// Whether ``fonts`` take the size in effect where the range lies (the text's, or an
    /// earlier range's) rather than their own, as CSS keeps a font's family apart from its
    /// size; what a JSON span with a `"font"` and no `"size"` means.
    public var fontsKeepSize = false
    /// A point size: the range's fonts (these or the text's) at this size.
    public var size: Double?
    /// Letter spacing in points after each grapheme cluster, as `NSAttributedString.Key.kern`;
    /// negative tightens.
    public var kern: Double?
    /// OpenType feature settings, replacing those the text gives.
    public var features: [FontFeature]?
    /// A BCP 47 tag to shape the range with (line breaking keeps the text's language).
    public var language: String?
    /// A color to draw the range in.
    public var color: TextColor?
    /// A link the range stands for.
    public var link: String?
    /// Whether the range is underlined.
    public var underline: Bool?
    /// An app's own tag for the range (a mention, a hashtag…).
    public var tag: String?

    /// Attributes; every one left `nil` keeps what the text gives. (Inlinable: a feed builds
    /// attributes for every entity of every row, and an opaque call copies each argument in.)
    @inlinable
    public init(fonts: FontChain? = nil, size: Double? = nil, kern: Double? = nil, features: [FontFeature]? = nil,
                language: String? = nil, color: TextColor? = nil, link: String? = nil, underline: Bool? = nil,
                tag: String? = nil, fontsKeepSize: Bool = false) {
        self.fonts = fonts
        self.fontsKeepSize = fontsKeepSize
        self.size = size
        self.kern = kern
        self.features = features
        self.language = language
        self.color = color
        self.link = link
        self.underline = underline
        self.tag = tag
    }

    /// Throws unless every attribute can be set over a style: a size that is a positive finite
    /// number, a finite kern (a negative kern is valid: it tightens), a well-formed language tag.
    /// - Throws: ``InvalidArgumentError`` for the first that is not (in that order).
    func validate() throws {
        if let size { try InvalidArgumentError.requirePositiveFinite(size, "size") }
        if let kern, !kern.isFinite {
            throw InvalidArgumentError(argument: "kern", requirement: "a finite number of points", value: "\(kern)")
        }
        if let language { try ShapingOptions.validate(language: language) }
    }

    /// Whether no attribute is set: equal to `TextAttributes()`, found without building one.
    var isEmpty: Bool {
        !changesShapes && !fontsKeepSize && color == nil && underline == nil && !TextAttributes.isSet(link)
            && !TextAttributes.isSet(tag)
    }

    /// Whether any attribute that changes shapes is set.
    var changesShapes: Bool {
        size != nil || kern != nil || TextAttributes.isSet(fonts) || TextAttributes.isSet(features)
            || TextAttributes.isSet(language)
    }

    /// `attributes` with only those that change shapes (``changesShapes``): what the styles a
    /// span resolves to depend on (``ResolvedStyles/Key``).
    init(shapingOf attributes: TextAttributes) {
        self.init(fonts: attributes.fonts, size: attributes.size, kern: attributes.kern, features: attributes.features,
                  language: attributes.language, fontsKeepSize: attributes.fontsKeepSize)
    }

    /// Whether the attributes `lhs` and `rhs` point to set the same attributes that change
    /// shapes (those ``init(shapingOf:)`` keeps), read in place.
    static func shapeAlike(_ lhs: UnsafePointer<TextAttributes>, _ rhs: UnsafePointer<TextAttributes>) -> Bool {
        lhs.pointee.fontsKeepSize == rhs.pointee.fontsKeepSize && lhs.pointee.size == rhs.pointee.size
            && lhs.pointee.kern == rhs.pointee.kern && lhs.pointee.language == rhs.pointee.language
            && lhs.pointee.features == rhs.pointee.features && lhs.pointee.fonts == rhs.pointee.fonts
    }

    /// Folds the attributes `attributes` points to that change shapes into `digest`, equal
    /// for attributes that shape alike (``shapeAlike(_:_:)``; −0 and 0 are one size or kern).
    static func foldShaping(_ attributes: UnsafePointer<TextAttributes>, into digest: inout UInt64) {
        if let fonts = attributes.pointee.fonts { digest = fonts.fonts.digest(seed: digest) }
        ByteHash.mix(attributes.pointee.fontsKeepSize ? 1 : 2, into: &digest)
        ByteHash.mix(attributes.pointee.size.map { ($0 + 0).bitPattern } ?? 3, into: &digest)
        ByteHash.mix(attributes.pointee.kern.map { ($0 + 0).bitPattern } ?? 5, into: &digest)
        if let features = attributes.pointee.features { ShapingStyle.fold(features, into: &digest) }
        if let language = attributes.pointee.language { ShapingStyle.fold(language, into: &digest) }
    }

    /// Whether `value` is set, looked at in place (`!= nil` copies the value out first,
    /// retaining what it holds).
    @inline(__always)
    private static func isSet<T>(_ value: T?) -> Bool {
        if case .none = value { return false }
        return true
    }
}
