import JSON
import TextMetrics

/// A style as JSON gives it — the shared form of a span's attributes, a template style and a
/// truncation token's style: every field optional, fonts by name (loaded by whoever sizes).
///
/// ```json
/// {"font": ["Roboto-Medium", "NotoColorEmoji"], "size": 15, "kern": 0.5,
///  "features": {"liga": 0, "tnum": 1}, "language": "ja",
///  "color": "#1DA1F2", "link": "https://example.com", "underline": true, "tag": "mention"}
/// ```
public struct StyleDescription: Hashable, Sendable {
    /// The `"font"` field: a font name or path, or a fallback chain of them.
    public var fonts: [String]?
    /// The `"size"` field, in points.
    public var size: Double?
    /// The `"kern"` field: letter spacing in points after each grapheme cluster.
    public var kern: Double?
    /// The `"features"` field: OpenType feature settings, in the order given.
    public var features: [FontFeature]?
    /// The `"language"` field: a BCP 47 tag.
    public var language: String?
    /// The `"color"` field (`"#RRGGBB"` or `"#RRGGBBAA"`).
    public var color: TextColor?
    /// The `"link"` field.
    public var link: String?
    /// The `"underline"` field.
    public var underline: Bool?
    /// The `"tag"` field: an app's own name for the range.
    public var tag: String?

    /// A description with no field set.
    public init() {}

    /// The style's fields, for a table of an object that holds them (a span adds its range).
    public static let fieldReaders: KeyValuePairs<StaticString, JSONFields<StyleDescription>.FieldReader> = [
        "font": { reader, style in style.fonts = try TextJSON.fontNames(&reader) },
        "size": { reader, style in
            guard let size = try reader.optionalNumber() else { return style.size = nil }
            guard size.isFinite, size > 0 else {
                throw JSONFieldError.invalid(requirement: "a positive number of points", given: JSONValue.number(size).serialized)
            }
            style.size = size
        },
        "kern": { reader, style in style.kern = try reader.optionalNumber() },
        "features": { reader, style in style.features = try TextJSON.features(&reader) },
        "language": { reader, style in style.language = try TextJSON.languageTag(&reader) },
        "color": { reader, style in
            guard let text = try reader.optionalString() else { return style.color = nil }
            guard let color = TextColor(hex: text) else {
                throw JSONFieldError.invalid(requirement: "a color \"#RRGGBB\" or \"#RRGGBBAA\"",
                                             given: JSONValue.string(text).serialized)
            }
            style.color = color
        },
        "link": { reader, style in style.link = try reader.optionalString() },
        "underline": { reader, style in style.underline = try reader.optionalBool() },
        "tag": { reader, style in style.tag = try reader.optionalString() },
    ]

    /// The table of a style object.
    public static let fields = JSONFields<StyleDescription>("a style", fieldReaders)

    /// Whether no field is set.
    public var isEmpty: Bool { self == StyleDescription() }

    /// `own`'s fields over those of the style `name` names in `styles` — a span's or a token's
    /// style in a template — or `own` alone when `name` is `nil`.
    /// - Throws: ``JSONFieldError`` naming `"style"` when `styles` has no style `name`.
    public static func resolving(_ name: String?, under own: StyleDescription,
                                 in styles: [String: StyleDescription]) throws -> StyleDescription {
        guard let name else { return own }
        guard let named = styles[name] else {
            let known = styles.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
            throw JSONFieldError.invalid("style", requirement: known.isEmpty ? "a style the template declares (it declares none)"
                                                           : "one of the template's styles: " + known,
                                         given: JSONValue.string(name).serialized)
        }
        return named.merging(own)
    }

    /// This description with every field `other` sets set over it.
    public func merging(_ other: StyleDescription) -> StyleDescription {
        var merged = self
        if let fonts = other.fonts { merged.fonts = fonts }
        if let size = other.size { merged.size = size }
        if let kern = other.kern { merged.kern = kern }
        if let features = other.features { merged.features = features }
        if let language = other.language { merged.language = language }
        if let color = other.color { merged.color = color }
        if let link = other.link { merged.link = link }
        if let underline = other.underline { merged.underline = underline }
        if let tag = other.tag { merged.tag = tag }
        return merged
    }

    /// The attributes this description sets: its fonts loaded by `loadFonts` at its own size,
    /// or, when it gives none, at the size in effect where it applies (``TextAttributes/fontsKeepSize``;
    /// loaded at `defaultSize`, then resized).
    /// - Throws: ``JSONFieldError`` naming the field at fault (`"font"` for a font that cannot
    ///   be loaded, `"kern"` for a NaN or infinite one).
    public func attributes(defaultSize: Double,
                           loadingFonts loadFonts: (_ names: [String], _ size: Double) throws -> FontChain) throws
        -> TextAttributes {
        var attributes = TextAttributes(size: size, features: features, language: language, color: color, link: link,
                                        underline: underline, tag: tag)
        if let kern {
            guard kern.isFinite else {
                throw JSONFieldError.invalid("kern", requirement: "a finite number of points", given: "\(kern)")
            }
            attributes.kern = kern
        }
        if let fonts {
            do {
                attributes.fonts = try loadFonts(fonts, size ?? defaultSize)
                attributes.fontsKeepSize = size == nil
            } catch let error as JSONFieldError {
                throw error.inside("font")
            } catch {
                throw JSONFieldError.invalid("font", requirement: "fonts that can be loaded", given: "\(error)")
            }
        }
        return attributes
    }
}
