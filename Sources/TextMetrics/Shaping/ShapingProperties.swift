import TextSegmentation

/// The segment properties a run is shaped with: script, direction and language.
///
/// The language is held unretained, as a ``RunInFace`` holds its face: whoever makes the
/// properties keeps the language alive while they are used (a prepared text holds it). So the
/// properties are plain data, and the measurer made for each run of a text — seven for a post of
/// Chinese, English and emoji — is copied and dropped without counting a reference.
struct ShapingProperties {
    /// The script (UAX #24).
    let script: UnicodeScript
    /// The ISO 15924 script tag packed as HarfBuzz packs it (`'Latn'` is 0x4C61_746E): read
    /// only when HarfBuzz shapes, so not stored.
    var scriptTag: UInt32 { ShapingProperties.packedTags[Int(script.rawValue)] }
    /// Right-to-left runs are shaped RTL (Arabic joins, Hebrew reads right to left).
    var isRightToLeft: Bool
    /// The language, unretained (see above).
    private let unretainedLanguage: Unmanaged<ShapingLanguage>?
    /// BCP 47 language tag passed to HarfBuzz, or `nil` for none.
    var language: ShapingLanguage? { unretainedLanguage?.takeUnretainedValue() }
    /// Tells apart, in a face's segment cache, the same bytes shaped with other properties
    /// (never 0, which marks text shaped with properties HarfBuzz guessed).
    let cacheSalt: UInt32
    /// Whether the run is shaped left to right by HarfBuzz's default shaper, so characters
    /// whose glyphs no lookup touches may be measured by their advances alone
    /// (see ``ContextFreeAdvances``).
    let allowsContextFreeAdvances: Bool

    /// Properties of `script` and direction, with `language`, which the caller keeps alive.
    init(script: UnicodeScript, isRightToLeft: Bool, language: ShapingLanguage?) {
        self.init(script: script, isRightToLeft: isRightToLeft, unretainedLanguage: language.map(Unmanaged.passUnretained))
    }

    /// Properties of `script` and direction, with a language held unretained.
    init(script: UnicodeScript, isRightToLeft: Bool, unretainedLanguage: Unmanaged<ShapingLanguage>?) {
        self.script = script
        self.isRightToLeft = isRightToLeft
        self.unretainedLanguage = unretainedLanguage
        allowsContextFreeAdvances = !isRightToLeft && HarfBuzzFont.isDefaultShaped(script)
        let number = unretainedLanguage.map { $0._withUnsafeGuaranteedRef { $0.number } } ?? 0
        cacheSalt = 1 | UInt32(script.rawValue) << 1 | (isRightToLeft ? 1 << 9 : 0) | number << 10
    }

    /// The properties `run` is shaped with: its script and direction, and `language`, which
    /// the caller keeps alive.
    init(_ run: TextRun, language: Unmanaged<ShapingLanguage>?) {
        self.init(script: run.script, isRightToLeft: run.isRightToLeft, unretainedLanguage: language)
    }

    /// Every script's ISO 15924 tag packed as HarfBuzz packs it, by raw value.
    private static let packedTags: [UInt32] = (0...UInt8.max).map { raw in
        UnicodeScript(rawValue: raw).map { $0.tag.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) } } ?? 0
    }
}
