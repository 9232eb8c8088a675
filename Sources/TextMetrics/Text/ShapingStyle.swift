/// What of a ``TextStyle`` changes shapes and widths: the fonts at their size, letter spacing,
/// OpenType features and shaping language. Two ranges of equal shaping styles are shaped as
/// one stretch, whatever else (color, link, underline, tag) they carry.
struct ShapingStyle: Hashable, Sendable {
    /// The fonts: a font or a fallback chain, at one size.
    var fonts: FontChain
    /// Letter spacing in points after each grapheme cluster (0: none).
    var kern: Double
    /// OpenType feature settings (none: each script's defaults).
    var features: [FontFeature]
    /// The BCP 47 shaping language, or `nil`.
    var language: String?

    /// `fonts` with no letter spacing, features or language.
    init(fonts: FontChain) {
        self.fonts = fonts
        kern = 0
        features = []
    }

    /// Sets the shaping attributes `attributes` points to, checked already
    /// (``TextAttributes/validate()``), over this style: the fonts (at the size in effect when
    /// ``TextAttributes/fontsKeepSize``), the size, kern, features and language. Read in place,
    /// field by field (see ``SpanPieces/forEachAttributes(over:covering:spans:taken:_:)``).
    /// - Throws: only what resizing the fonts throws, which checked attributes never make it.
    mutating func set(_ attributes: UnsafePointer<TextAttributes>) throws {
        if let given = attributes.pointee.fonts {
            if let size = attributes.pointee.size {
                fonts = try given.resized(to: size)
            } else {
                fonts = attributes.pointee.fontsKeepSize ? try given.resized(to: fonts.size) : given
            }
        } else if let size = attributes.pointee.size, size != fonts.size {
            fonts = try fonts.resized(to: size)
        }
        if let kern = attributes.pointee.kern { self.kern = kern }
        if let features = attributes.pointee.features { self.features = features }
        if let language = attributes.pointee.language { self.language = language }
    }

    /// Whether a text of this style alone shapes as its string does in ``fonts`` and
    /// ``language``: no letter spacing, no features.
    var isPlain: Bool { kern == 0 && features.isEmpty }

    /// Folds the style into `digest` (a multiply and a shift per font and setting), equal for
    /// equal styles: for the digest of a cache key made of styles.
    func fold(into digest: inout UInt64) {
        digest = fonts.fonts.digest(seed: digest)
        ByteHash.mix((kern + 0).bitPattern, into: &digest)  // + 0: −0 and 0 are one spacing
        ShapingStyle.fold(features, into: &digest)
        if let language { ShapingStyle.fold(language, into: &digest) }
    }

    /// Folds feature settings into `digest` (a style's, or a span's).
    static func fold(_ features: [FontFeature], into digest: inout UInt64) {
        for feature in features { ByteHash.mix(UInt64(feature.packedTag) << 32 | UInt64(feature.value), into: &digest) }
    }

    /// Folds a language tag into `digest` (a style's, or a span's).
    static func fold(_ language: String, into digest: inout UInt64) {
        for byte in language.utf8 { ByteHash.mix(UInt64(byte), into: &digest) }
    }
}
