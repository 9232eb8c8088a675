/// An ordered list of fonts at one size — a cascade list: the first font is the primary
/// font, the others are tried in order for characters it has no glyphs for.
///
/// ```swift
/// let fonts = try FontChain(named: ["Roboto-Regular", "wqy-microhei", "NotoColorEmoji"], size: 15)
/// let layout = try PreparedText("Hello 你好 👋🏽", fonts: fonts).layout(in: .unlimited)
/// layout.usesFallbackFonts   // true
/// ```
///
/// Each grapheme cluster is measured in the first font that has glyphs for all of it (see
/// ``PreparedText``). A chain of one font measures exactly as that font alone.
///
/// Inside a prepared ``AttributedText`` a chain also lists every font *and size* the text is
/// drawn in (``init(drawing:unitsPerPoint:)``); such a chain is never asked for fallback.
///
/// `FontChain` is a small `Sendable` value; copies share the faces and their caches.
public struct FontChain: Sendable, Hashable {
    /// The fonts, primary first; all the same size.
    public let fonts: [Font]
    /// The most fonts a chain may hold.
    public static let maxCount = 16

    /// The layout unit of a chain of one size: 1/`unitsPerEm` of an em, a common multiple of
    /// every font's units per em where one exists below 2^30, so widths from all fonts add up
    /// exactly as integers.
    let unitsPerEm: Int64
    /// Points per layout unit.
    let pointsPerUnit: Double
    /// What the chain keeps of each font, in order (one array, so copying a chain retains
    /// no more than two).
    let members: [Member]
    /// The fonts with color glyphs (bit i: font i), which fallback keeps for emoji.
    let colorMask: UInt16
    /// The fonts that have every printable ASCII character (bit i: font i).
    let asciiMask: UInt16
    /// The fonts that have some CJK Unified Ideograph of U+4E00–U+9FFF (bit i: font i).
    let ideographMask: UInt16

    /// What measuring reads of one font of the chain, for every text.
    struct Member: Sendable {
        /// The characters the font has: what font fallback looks up.
        let coverage: FaceCoverage
        /// Layout units per font unit when that is a whole number; 0 when the fonts' units
        /// per em have no common multiple small enough (then widths are rounded to the
        /// nearest layout unit).
        let unitScale: Int64
        /// Layout units per em of the font at its size.
        let layoutUnitsPerEm: Int64
    }

    /// The most fonts a chain of the fonts and sizes an attributed text is drawn in may hold
    /// (a line's fonts are bits of a 32-bit mask, one bit kept for attachments).
    static let maxDrawnCount = 31

    /// A chain of `fonts`, tried in order.
    /// - Throws: ``InvalidArgumentError`` when `fonts` is empty, longer than ``maxCount``, or
    ///   mixes sizes.
    public init(_ fonts: [Font]) throws {
        guard let first = fonts.first else {
            throw InvalidArgumentError(argument: "fonts", requirement: "at least one font", value: "none")
        }
        guard fonts.count <= FontChain.maxCount else {
            throw InvalidArgumentError(argument: "fonts", requirement: "at most \(FontChain.maxCount) fonts",
                                       value: "\(fonts.count)")
        }
        if let other = fonts.first(where: { $0.size != first.size }) {
            throw InvalidArgumentError(argument: "fonts", requirement: "fonts of one size (\(first.size) pt)",
                                       value: "\(other.size) pt")
        }
        self.fonts = fonts
        colorMask = fonts.indices.reduce(0) { mask, index in
            fonts[index].face.hasColorGlyphs ? mask | 1 << UInt16(index) : mask
        }
        asciiMask = fonts.indices.reduce(0) { mask, index in
            fonts[index].face.coversPrintableASCII ? mask | 1 << UInt16(index) : mask
        }
        ideographMask = fonts.indices.reduce(0) { mask, index in
            fonts[index].face.hasUnifiedIdeographs ? mask | 1 << UInt16(index) : mask
        }
        var common: Int64 = 1
        for font in fonts {
            let upem = Int64(font.face.metrics.unitsPerEm)
            common = common / FontChain.gcd(common, upem) * upem
            if common > 1 << 30 { break }
        }
        if common <= 1 << 30 {
            unitsPerEm = common
            members = fonts.map {
                Member(coverage: $0.face.coverage, unitScale: common / Int64($0.face.metrics.unitsPerEm),
                       layoutUnitsPerEm: common)
            }
        } else {
            unitsPerEm = 1 << 30
            members = fonts.map { Member(coverage: $0.face.coverage, unitScale: 0, layoutUnitsPerEm: 1 << 30) }
        }
        pointsPerUnit = first.size / Double(unitsPerEm)
    }

    /// A chain of every font, at its own size, that an attributed text is drawn in, with a
    /// layout unit of 1/`unitsPerPoint` pt: font `i`'s units convert exactly when its size
    /// times `unitsPerPoint` is a whole multiple of its units per em (else they are rounded to
    /// the nearest layout unit). Nothing falls back along it: fallback happens in each style's
    /// own chain, whose fonts this one lists.
    init(drawing fonts: [Font], unitsPerPoint: Int64) {
        precondition(!fonts.isEmpty && fonts.count <= FontChain.maxDrawnCount)
        self.fonts = fonts
        colorMask = 0
        asciiMask = 0
        ideographMask = 0
        unitsPerEm = 0
        pointsPerUnit = 1 / Double(unitsPerPoint)
        members = fonts.map { font in
            let perEm = Int64((font.size * Double(unitsPerPoint)).rounded())
            let upem = Int64(font.face.metrics.unitsPerEm)
            return Member(coverage: font.face.coverage, unitScale: perEm % upem == 0 ? perEm / upem : 0,
                          layoutUnitsPerEm: perEm)
        }
    }

    /// The layout units per point of an attributed text drawn in fonts whose
    /// ``commonUnitsPerPoint(drawing:)`` is `common` and whose largest size is `largestSize`,
    /// spaced by at most `largestKern` points a cluster, of `byteCount` bytes: `common`, so a
    /// font whose size is a multiple of 1/64 pt converts exactly — unless the widest text could
    /// then overflow 62 bits, when a power of two small enough is taken (and conversions round).
    static func unitsPerPoint(common: Int64, largestSize: Double, largestKern: Double, byteCount: Int) -> Int64 {
        // A bound on the text's width in points: four ems and the spacing a byte at the largest size.
        let widest = Double(byteCount + 64) * (4 * max(largestSize, 1) + largestKern)
        let limit = 0x1p60 / widest
        if Double(common) <= limit { return common }
        var power: Int64 = 1
        while Double(power) * 2 <= limit, power < 1 << 40 { power *= 2 }
        return power
    }

    /// 64 × a common multiple of the units per em of `fonts` (or a multiple past 2^40 when
    /// they have none smaller): the layout units per point of a text drawn in them, unless it
    /// is too long for it (``unitsPerPoint(common:largestSize:largestKern:byteCount:)``).
    static func commonUnitsPerPoint(drawing fonts: [Font]) -> Int64 {
        var common: Int64 = 64
        for font in fonts {
            let upem = Int64(font.face.metrics.unitsPerEm)
            common = common / gcd(common, upem) * upem
            if common > 1 << 40 { break }
        }
        return common
    }

    /// A chain of one font.
    public init(_ font: Font) {
        fonts = [font]
        colorMask = font.face.hasColorGlyphs ? 1 : 0
        asciiMask = font.face.coversPrintableASCII ? 1 : 0
        ideographMask = font.face.hasUnifiedIdeographs ? 1 : 0
        unitsPerEm = Int64(font.face.metrics.unitsPerEm)
        pointsPerUnit = font.pointsPerUnit
        members = font.face.soloChainMembers
    }

    /// Bundled fonts by name or font files by path, in order, at `size` points.
    /// - Throws: ``FontError`` or ``InvalidArgumentError``.
    public init(named namesOrPaths: [String], size: Double, library: FontLibrary = .shared) throws {
        try self.init(namesOrPaths.map { try Font(named: $0, size: size, library: library) })
    }

    /// The same faces, in the same order, at `size` points.
    ///
    /// The chains resized lately are kept (16 at most), so styles that resize the same fonts — a
    /// link's smaller size in every row — share one chain; safe from many threads.
    /// - Throws: ``InvalidArgumentError`` when `size` is not a positive finite number.
    public func resized(to size: Double) throws -> FontChain {
        if size == self.size { return self }
        return try FontChain.resizedChains.value(for: ResizedKey(fonts: fonts, size: size)) {
            try FontChain(fonts.map { try Font(face: $0.face, size: size) })
        }
    }

    /// What a resized chain is made from: the fonts and the new size.
    struct ResizedKey: CacheKey {
        let fonts: [Font]
        let size: Double
        var digest: UInt64 { fonts.digest(seed: size.bitPattern) }
    }

    /// How many chains ``resized(to:)`` keeps at most.
    static let resizedChainCapacity = 16

    /// The chains ``resized(to:)`` made lately (a ``GenerationalCache``: an approximate LRU of
    /// at most ``resizedChainCapacity``).
    static let resizedChains = GenerationalCache<SharedEntry<ResizedKey, FontChain>>(capacity: resizedChainCapacity, shards: 1)

    /// Whether itemizing ASCII text in this chain (``TextItemizer``) puts every character of it
    /// — printable, controls, line separators — in the primary font: the primary font has every
    /// printable ASCII character and is not a color font, or is alone (``FontFallback``). Then
    /// ASCII text at one bidi level is one run in the primary font, with no itemizing.
    var itemizesASCIIInPrimaryFont: Bool {
        asciiMask & 1 != 0 && (colorMask & 1 == 0 || members.count == 1)
    }

    /// The primary font: the first.
    public var primary: Font { fonts[0] }
    /// The size in points.
    public var size: Double { fonts[0].size }
    /// The primary font's metrics (read in place: layout asks for them on every call).
    public var metrics: ScaledFontMetrics {
        fonts.withUnsafeBufferPointer { $0.baseAddress.unsafelyUnwrapped.pointee.metrics }
    }

    /// The face of font `index`, read without copying the font.
    @inline(__always)
    func face(_ index: Int) -> FontFace {
        unretainedFace(index).takeUnretainedValue()
    }

    /// The face of font `index`, unretained: valid while the chain lives.
    @inline(__always)
    func unretainedFace(_ index: Int) -> Unmanaged<FontFace> {
        fonts.withUnsafeBufferPointer { Unmanaged.passUnretained($0.baseAddress.unsafelyUnwrapped[index].face) }
    }

    /// The primary font's points per font unit, read without copying the font.
    var primaryPointsPerUnit: Double {
        fonts.withUnsafeBufferPointer { $0.baseAddress.unsafelyUnwrapped.pointee.pointsPerUnit }
    }

    /// Layout units per unit of font `index` when they convert exactly (a whole multiple,
    /// so converting a sum of advances gives the sum of their conversions); else 0.
    @inline(__always)
    func layoutScale(font index: Int) -> Int64 { members[index].unitScale }

    /// How font `index`'s units become layout units.
    @inline(__always)
    func conversion(font index: Int) -> UnitConversion {
        UnitConversion(scale: members[index].unitScale, textUnitsPerEm: members[index].layoutUnitsPerEm,
                       fontUnitsPerEm: Int64(face(index).metrics.unitsPerEm))
    }

    /// `units` of font `index` in layout units.
    @inline(__always)
    func layoutUnits(_ units: Int64, font index: Int) -> Int64 {
        let scale = members[index].unitScale
        if scale != 0 { return units * scale }
        return conversion(font: index)(units)
    }

    /// The box of a line that shows the fonts in `mask` (bit i: font i) and, when not `nil`,
    /// attachments reaching `boxes.ascent` above the baseline and `boxes.descent` below: the
    /// largest ascent, the largest descent and the largest line gap, as CoreText and Pango stack
    /// mixed fonts. A mask with no font is the primary font's line.
    func lineBox(mask: UInt32, boxes: (ascent: Double, descent: Double)? = nil) -> LineBox {
        var bits = mask & ~FontChain.attachmentBit
        if bits == 0 { bits = 1 }
        var box = LineBox(fonts[bits.trailingZeroBitCount].metrics)
        bits &= bits - 1
        while bits != 0 {
            box = box.union(LineBox(fonts[bits.trailingZeroBitCount].metrics))
            bits &= bits - 1
        }
        if let boxes { box = box.union(LineBox(ascent: boxes.ascent, descent: boxes.descent, gap: -.infinity)) }
        return box
    }

    /// The fonts of `mask` (bit i: font i) whose line box is the primary font's — ascent,
    /// descent and line gap at its size (Roboto's weights, or a color emoji font made to
    /// match) — when every font of `mask` fits within the primary's box (no larger ascent,
    /// descent or line gap: a smaller size of it, say) and none is an attachment: then a line
    /// showing any of the first is exactly the primary font's height, whatever else it shows,
    /// and a line showing only them is too (all of `mask`: one line height). `nil` otherwise.
    func primaryBoxFonts(within mask: UInt32) -> UInt32? {
        guard mask & FontChain.attachmentBit == 0 else { return nil }
        return fonts.withUnsafeBufferPointer { fonts in
            let primary = LineBox(fonts[0].metrics)
            var equal: UInt32 = 0
            var bits = mask
            while bits != 0 {
                let index = bits.trailingZeroBitCount
                let box = LineBox(fonts[index].metrics)
                if box == primary {
                    equal |= 1 << UInt32(index)
                } else if box.union(primary) != primary {
                    return nil
                }
                bits &= bits - 1
            }
            return equal
        }
    }

    /// The font the ellipsis (U+2026) of a truncated line is drawn in: the first of the chain
    /// that has it, else the primary font (its `.notdef`).
    var ellipsisFont: Int { fonts.firstIndex { $0.face.hasGlyph(for: "\u{2026}") } ?? 0 }

    /// The bit of a line's font mask that says it holds an attachment (see ``MeasuredSegment/fontMask``).
    static let attachmentBit: UInt32 = 1 << 31

    private static func gcd(_ a: Int64, _ b: Int64) -> Int64 {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }

    /// Chains are equal when they hold equal fonts in the same order, in the same layout unit
    /// (a chain of the fonts an attributed text is drawn in, ``init(drawing:unitsPerPoint:)``,
    /// never equals a chain made to fall back in).
    public static func == (lhs: FontChain, rhs: FontChain) -> Bool {
        lhs.unitsPerEm == rhs.unitsPerEm && lhs.pointsPerUnit == rhs.pointsPerUnit && lhs.fonts == rhs.fonts
    }

    /// Hashes the fonts.
    public func hash(into hasher: inout Hasher) { hasher.combine(fonts) }
}
