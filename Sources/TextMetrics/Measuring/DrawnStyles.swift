/// What preparing an attributed text works out from its distinct shaping styles alone
/// (``ShapingStretches/styles``): the chain of every font and size they draw in and its layout
/// unit, each style's fonts' places in that chain, its letter spacing in layout units and its
/// shaping options. Worked out once and kept for the styles of the texts prepared lately
/// (``of(_:byteCount:boxWidth:)``), so that every row of a feed in the same styles reads it instead.
///
/// Immutable and `Sendable`; the cache behind it is safe to use from many threads.
final class DrawnStyles: Sendable {
    /// Every font and size the styles draw in (``FontChain/init(drawing:unitsPerPoint:)``):
    /// the first style's chain first, so its primary font is font 0, then each other style's
    /// fonts not drawn already, in order.
    let chain: FontChain
    /// The chain's layout units per point.
    let unitsPerPoint: Int64
    /// Each style's fonts' indices in ``chain``, all styles' in one list, each style's in a row
    /// starting at ``firstDrawnFont``.
    let drawnFonts: [UInt8]
    /// Where each style's indices start in ``drawnFonts``, by style.
    let firstDrawnFont: [Int]
    /// The fonts that are a style's own first font, not a fallback (bit i: font i of ``chain``).
    let primaryFontMask: UInt32
    /// The styles' letter spacing and shaping options, with no attachment: what the runs of a
    /// text in these styles without attachments are measured with.
    let runStyles: RunStyles
    /// The common multiple the layout unit was taken from, the largest size drawn and the
    /// largest spacing: whether a longer text can use this unit (``fits(byteCount:boxWidth:)``).
    private let commonUnitsPerPoint: Int64
    private let largestSize: Double
    private let largestKern: Double

    /// The drawing of `styles` for a text of `byteCount` UTF-8 bytes: a kept one, or one worked
    /// out (and kept when its unit is the one every text in these styles can use).
    /// - Throws: ``InvalidArgumentError`` when the styles draw in more than
    ///   ``FontChain/maxDrawnCount`` fonts and sizes.
    static func of(_ styles: [ShapingStyle], byteCount: Int, boxWidth: Double = 0) throws -> DrawnStyles {
        let key = Key(styles: styles)
        if let kept = cache.value(for: key), kept.fits(byteCount: byteCount, boxWidth: boxWidth) { return kept }
        let drawn = try DrawnStyles(styles, byteCount: byteCount, boxWidth: boxWidth)
        if drawn.hasCommonUnit { cache.store(drawn, for: key) }
        return drawn
    }

    /// The drawing of `resolved`'s styles (`styles`, when there is no resolution) for a text of
    /// `byteCount` bytes, its attachments at most `boxWidth` points wide: the one the resolution
    /// keeps when it fits, else ``of(_:byteCount:boxWidth:)``'s, which the resolution keeps when
    /// it is in the common unit.
    /// - Throws: what ``of(_:byteCount:boxWidth:)`` throws.
    static func of(_ styles: [ShapingStyle], byteCount: Int, boxWidth: Double = 0,
                   keptWith resolved: ResolvedStyles?) throws -> DrawnStyles {
        if let kept = resolved?.drawn.load(), kept.fits(byteCount: byteCount, boxWidth: boxWidth) { return kept }
        let drawn = try of(styles, byteCount: byteCount, boxWidth: boxWidth)
        if let resolved, drawn.hasCommonUnit { _ = resolved.drawn.storeIfNil(drawn) }
        return drawn
    }

    /// Works out the drawing of `styles` (see ``of(_:byteCount:boxWidth:)``).
    /// - Throws: ``InvalidArgumentError`` for a style's spacing or a size past
    ///   ``InvalidArgumentError/maxPoints`` (a text's style, set field by field, is checked
    ///   here), or more than ``FontChain/maxDrawnCount`` fonts and sizes.
    private init(_ styles: [ShapingStyle], byteCount: Int, boxWidth: Double) throws {
        for style in styles { try InvalidArgumentError.requirePoints(style.kern, "kern", negativeAllowed: true) }
        var fonts: [Font] = []
        fonts.reserveCapacity(styles.count * styles[0].fonts.fonts.count)
        var drawnFonts: [UInt8] = []
        var firstDrawnFont: [Int] = []
        firstDrawnFont.reserveCapacity(styles.count)
        var primaryFontMask: UInt32 = 0
        for style in styles {
            firstDrawnFont.append(drawnFonts.count)
            for font in style.fonts.fonts {
                let index = fonts.firstIndex(of: font) ?? fonts.count
                if index == fonts.count { fonts.append(font) }
                guard fonts.count <= FontChain.maxDrawnCount else {
                    throw InvalidArgumentError(argument: "spans",
                                               requirement: "at most \(FontChain.maxDrawnCount) fonts and sizes in one text",
                                               value: "\(DrawnStyles.fontCount(of: styles))")
                }
                drawnFonts.append(UInt8(index))
            }
            primaryFontMask |= 1 << UInt32(drawnFonts[firstDrawnFont[firstDrawnFont.count - 1]])
        }
        commonUnitsPerPoint = FontChain.commonUnitsPerPoint(drawing: fonts)
        largestSize = fonts.map(\.size).max() ?? 1
        try InvalidArgumentError.requirePoints(largestSize, "size", negativeAllowed: false)
        largestKern = styles.map { abs($0.kern) }.max() ?? 0
        let unitsPerPoint = FontChain.unitsPerPoint(common: commonUnitsPerPoint, largestSize: largestSize,
                                                    largestKern: max(largestKern, boxWidth), byteCount: byteCount)
        chain = FontChain(drawing: fonts, unitsPerPoint: unitsPerPoint)
        self.unitsPerPoint = unitsPerPoint
        self.drawnFonts = drawnFonts
        self.firstDrawnFont = firstDrawnFont
        self.primaryFontMask = primaryFontMask
        runStyles = RunStyles(styles: try styles.map { style in
            RunStyles.Style(kern: Int64((style.kern * Double(unitsPerPoint)).rounded()),
                            options: style.language == nil && style.features.isEmpty ? nil
                                : try ShapingOptions(language: style.language, features: style.features))
        }, boxes: [])
    }

    /// Whether a text of `byteCount` bytes in these styles, its attachments at most `boxWidth`
    /// points wide, takes this drawing's layout unit.
    func fits(byteCount: Int, boxWidth: Double = 0) -> Bool {
        FontChain.unitsPerPoint(common: commonUnitsPerPoint, largestSize: largestSize, largestKern: max(largestKern, boxWidth),
                                byteCount: byteCount) == unitsPerPoint
    }

    /// Whether this drawing's layout unit is the styles' common one — the unit of every text in
    /// them short enough for it (``fits(byteCount:boxWidth:)``): what ``of(_:byteCount:boxWidth:)`` keeps.
    var hasCommonUnit: Bool { unitsPerPoint == commonUnitsPerPoint }

    /// The number of distinct fonts and sizes `styles` draw in (for an error).
    private static func fontCount(of styles: [ShapingStyle]) -> Int {
        Set(styles.flatMap(\.fonts.fonts)).count
    }

    /// The distinct styles of a text, in order.
    private struct Key: CacheKey {
        let styles: [ShapingStyle]
        var digest: UInt64 {
            var digest: UInt64 = 0x5EED_D7A1
            for style in styles { style.fold(into: &digest) }
            return digest
        }
    }

    /// The most drawings kept.
    static let capacity = 16

    /// The drawings of the styles of the texts prepared lately (a ``GenerationalCache``).
    private static let cache = GenerationalCache<SharedEntry<Key, DrawnStyles>>(capacity: capacity, shards: 1)
}
