/// An OpenType feature setting, as HarfBuzz takes it: a four-letter tag and a value (0 turns
/// the feature off, 1 on; some features take the index of an alternate).
///
/// ```swift
/// let style = try TextStyle(fonts: chain, features: [.noLigatures, .tabularFigures])
/// ```
public struct FontFeature: Hashable, Sendable, CustomStringConvertible {
    /// The feature's tag: four characters from U+0020 to U+007E (`"liga"`, `"kern"`, `"tnum"`).
    public let tag: String
    /// The value: 0 off, 1 on, or an alternate's index.
    public let value: UInt32

    /// The setting of feature `tag` to `value`.
    /// - Throws: ``InvalidArgumentError`` when `tag` is not four printable ASCII characters.
    public init(_ tag: String, _ value: UInt32 = 1) throws {
        guard tag.utf8.count == 4, tag.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) else {
            throw InvalidArgumentError(argument: "feature", requirement: "a tag of four printable ASCII characters",
                                       value: "\"\(tag)\"")
        }
        self.tag = tag
        self.value = value
    }

    private init(known tag: String, _ value: UInt32) {
        self.tag = tag
        self.value = value
    }

    /// Standard and contextual ligatures off (`liga` 0, `clig` 0).
    public static let noLigatures: [FontFeature] = [FontFeature(known: "liga", 0), FontFeature(known: "clig", 0)]
    /// Kerning off (`kern` 0).
    public static let noKerning = FontFeature(known: "kern", 0)
    /// Tabular (fixed-width) figures (`tnum` 1).
    public static let tabularFigures = FontFeature(known: "tnum", 1)

    /// The tag packed as HarfBuzz packs it (`HB_TAG`).
    var packedTag: UInt32 { tag.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) } }

    /// `"liga=0"`.
    public var description: String { "\(tag)=\(value)" }
}
