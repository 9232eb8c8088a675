import Synchronization

/// A loaded font face: one face of a font file, shared by every size and every thread.
///
/// A face is loaded once (see ``FontLibrary``) and holds everything measuring needs that
/// does not depend on the point size: the font's metrics in font units, a shaper, and the
/// cache of shaped segment widths. Use it through ``Font``, which adds a size.
///
/// `FontFace` is `Sendable`: it is immutable apart from its internally synchronized caches,
/// and may be used from many threads at once.
public final class FontFace: Sendable {
    /// The path of the font file, or the label given for an in-memory font.
    public let path: String
    /// The face's index in its file (non-zero only in collections such as `.ttc`).
    public let faceIndex: Int
    /// The number of faces in the file the face came from.
    public let faceCount: Int
    /// The family name stored in the font, e.g. "Roboto".
    public let familyName: String
    /// The style name stored in the font, e.g. "Medium".
    public let styleName: String
    /// Vertical metrics in font units.
    public let metrics: FontMetrics

    let freeType: FreeTypeFace
    let shaper: HarfBuzzFont
    let segments: SegmentCache
    /// The width of U+2026 HORIZONTAL ELLIPSIS shaped in this face, in font units.
    let ellipsisAdvance: Int32
    /// The characters the face has glyphs for.
    let coverage: FaceCoverage
    /// Whether the face has every printable ASCII character (U+0020–U+007E).
    let coversPrintableASCII: Bool
    /// Whether the face has some CJK Unified Ideograph (U+4E00–U+9FFF).
    let hasUnifiedIdeographs: Bool
    /// What a chain of this face alone keeps of it (``FontChain/members``), made once: a text
    /// prepared in one font builds no array for it.
    let soloChainMembers: [FontChain.Member]
    /// Whether the face's glyphs are in color (bitmap strikes, `COLR`, `sbix`): an emoji font,
    /// which font fallback prefers for emoji presentation and avoids for plain text.
    public let hasColorGlyphs: Bool
    /// Built on first use: finding the characters no lookup touches reads every lookup.
    private let contextFreeTable = LazyReference<ContextFreeAdvances>()
    /// Built on first use: reading the layout tables and every pair takes tens of milliseconds.
    private let pairTable = LazyReference<PairAdvances>()
    /// Whether the precomputed tables (``FaceTables``) were looked for already; held while
    /// they are, so a thread that needs them at the same moment waits for them.
    private let lookedForPrecomputedTables = Lock<Bool>(false)

    /// Loads face `faceIndex` of the font file at `path`.
    ///
    /// Prefer ``FontLibrary/face(path:faceIndex:)``, which loads each face once.
    /// - Throws: ``FontError`` when the file is missing, unreadable, not a font, or has no
    ///   face at `faceIndex`.
    public convenience init(path: String, faceIndex: Int = 0) throws {
        try self.init(data: FontData(contentsOfFile: path), faceIndex: faceIndex)
    }

    /// Loads face `faceIndex` of a font held in memory; `label` names it in errors.
    /// - Throws: ``FontError`` when the bytes are not a font or have no face at `faceIndex`.
    public convenience init(bytes: some Collection<UInt8>, faceIndex: Int = 0, label: String = "<memory>") throws {
        try self.init(data: FontData(copying: bytes, origin: label), faceIndex: faceIndex)
    }

    init(data: FontData, faceIndex: Int, segmentCacheCapacity: Int = SegmentCache.defaultCapacity) throws {
        let freeType = try FreeTypeFace(data: data, faceIndex: faceIndex)
        self.freeType = freeType
        self.path = data.origin
        self.faceIndex = faceIndex
        self.faceCount = freeType.faceCount
        self.familyName = freeType.familyName
        self.styleName = freeType.styleName
        self.metrics = freeType.metrics
        self.shaper = HarfBuzzFont(data: data, faceIndex: faceIndex)
        self.segments = SegmentCache(capacity: segmentCacheCapacity)
        self.ellipsisAdvance = FontFace.shapeEllipsis(shaper)
        let coverage = FaceCoverage(ranges: shaper.mappedRanges())
        self.coverage = coverage
        self.coversPrintableASCII = (0x20...0x7E).allSatisfy { coverage.contains(Unicode.Scalar(UInt8($0))) }
        self.hasUnifiedIdeographs = coverage.containsAny(of: 0x4E00...0x9FFF)
        self.soloChainMembers = [FontChain.Member(coverage: coverage, unitScale: 1,
                                                        layoutUnitsPerEm: Int64(freeType.metrics.unitsPerEm))]
        self.hasColorGlyphs = freeType.hasColorGlyphs
    }

    /// Whether the face has a glyph of its own for `scalar` (its `cmap` maps it).
    ///
    /// - Complexity: O(1): two table loads.
    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        coverage.contains(scalar)
    }

    /// The characters measured by adding advances (see ``ContextFreeAdvances``): precomputed
    /// for a bundled font (``FaceTables``), else found on first use; kept.
    var contextFreeAdvances: ContextFreeAdvances {
        if let table = contextFreeTable.load() { return table }
        storePrecomputedTables()
        return contextFreeTable.load { ContextFreeAdvances(shaper: shaper, mappedRanges: shaper.mappedRanges()) }
    }

    /// The Latin characters and pairs measured by adding advances and kerning (see
    /// ``PairAdvances``): precomputed for a bundled font (``FaceTables``), else found and
    /// checked against HarfBuzz on first use; kept.
    var pairAdvances: PairAdvances {
        if let table = pairTable.load() { return table }
        storePrecomputedTables()
        return pairTable.load { PairAdvances(shaper: shaper, contextFree: contextFreeAdvances) }
    }

    /// Stores the face's precomputed tables, the first time either table is asked for, when
    /// it has some; threads asking at the same moment wait for them (a few hundred
    /// microseconds), rather than build a table the slow way.
    private func storePrecomputedTables() {
        lookedForPrecomputedTables.withLock { lookedFor in
            guard !lookedFor else { return }
            lookedFor = true
            guard let tables = FaceTables.precomputed(for: shaper) else { return }
            let contextFree = contextFreeTable.storeIfNil(tables.contextFree)
            _ = pairTable.storeIfNil(contextFree === tables.contextFree ? tables.pairs
                : PairAdvances(advances: tables.pairs.advances, kerning: tables.pairs.kerning, contextFree: contextFree))
        }
    }

    /// ``pairAdvances`` unretained, for shapers (which the face outlives); built on first use.
    var unretainedPairAdvances: Unmanaged<PairAdvances> {
        pairTable.loadUnretained() ?? Unmanaged.passUnretained(pairAdvances)
    }

    private static func shapeEllipsis(_ shaper: HarfBuzzFont) -> Int32 {
        var glyphs: [ShapedGlyph] = []
        var ellipsis = Array("\u{2026}".utf8)
        ellipsis.withUnsafeMutableBufferPointer { bytes in
            shaper.shape(UnsafeBufferPointer(bytes), range: 0..<bytes.count, into: &glyphs)
        }
        return glyphs.reduce(0) { $0 + $1.advance }
    }
}
