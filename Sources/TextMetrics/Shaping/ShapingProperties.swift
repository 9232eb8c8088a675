import TextSegmentation

/// The segment properties a run is shaped with: script, direction, language and features.
///
/// The options are held unretained, as a ``RunInFace`` holds its face: whoever makes the
/// properties keeps the options alive while they are used (a prepared text holds them). So the
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
    /// The language and features, unretained (see above).
    private let unretainedOptions: Unmanaged<ShapingOptions>?
    /// The language and features, or `nil` for none.
    var options: ShapingOptions? { unretainedOptions?.takeUnretainedValue() }
    /// Tells apart, in a face's segment cache, the same bytes shaped with other properties
    /// (never 0, which marks text shaped with properties HarfBuzz guessed); ``uncachedSalt``
    /// when the options have no number, and nothing shaped with them may be cached.
    let cacheSalt: UInt32
    /// Whether the run is shaped left to right by HarfBuzz's default shaper with no feature
    /// set, so characters whose glyphs no lookup touches may be measured by their advances
    /// alone (see ``ContextFreeAdvances``).
    let allowsContextFreeAdvances: Bool

    /// The salt of properties whose shaping is not cached.
    static let uncachedSalt = UInt32.max

    /// Properties of `script` and direction, with `options`, which the caller keeps alive.
    init(script: UnicodeScript, isRightToLeft: Bool, options: ShapingOptions?) {
        self.init(script: script, isRightToLeft: isRightToLeft, unretainedOptions: options.map(Unmanaged.passUnretained))
    }

    /// Properties of `script` and direction, with options held unretained.
    init(script: UnicodeScript, isRightToLeft: Bool, unretainedOptions: Unmanaged<ShapingOptions>?) {
        self.script = script
        self.isRightToLeft = isRightToLeft
        self.unretainedOptions = unretainedOptions
        let (number, plain) = unretainedOptions.map { options in
            options._withUnsafeGuaranteedRef { ($0.number, $0.features.isEmpty) }
        } ?? (0, true)
        allowsContextFreeAdvances = plain && !isRightToLeft && HarfBuzzFont.isDefaultShaped(script)
        cacheSalt = number.map { 1 | UInt32(script.rawValue) << 1 | (isRightToLeft ? 1 << 9 : 0) | $0 << 10 }
            ?? ShapingProperties.uncachedSalt
    }

    /// The properties `run` is shaped with: its script and direction, and `options`, which
    /// the caller keeps alive.
    init(_ run: TextRun, options: Unmanaged<ShapingOptions>?) {
        self.init(script: run.script, isRightToLeft: run.isRightToLeft, unretainedOptions: options)
    }

    /// Every script's ISO 15924 tag packed as HarfBuzz packs it, by raw value.
    private static let packedTags: [UInt32] = (0...UInt8.max).map { raw in
        UnicodeScript(rawValue: raw).map { $0.tag.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) } } ?? 0
    }
}
