import TextSegmentation

/// A text shaped once in a font (or a chain of fallback fonts), ready to be laid out at any width, line limit or line
/// break mode by arithmetic alone.
///
/// Preparing finds the UAX #14 break opportunities, cuts the text into segments and gives
/// each its width (from the face's segment cache, or by shaping in context with HarfBuzz).
/// Laying out again at another width — rotation, resizing, split view — does no shaping:
/// it only sums cached widths. (Breaking inside a word wider than the line, and truncation,
/// need grapheme advances, which are shaped on first use and cached per face.)
///
/// ```swift
/// let font = try Font(named: "Roboto-Regular", size: 15)
/// let prepared = try PreparedText("Hello, wrapping world", font: font)
/// let portrait = prepared.layout(in: try TextContainer(width: 100))
/// let landscape = prepared.size(in: try TextContainer(width: 400, numberOfLines: 2))
/// ```
///
/// `PreparedText` is an immutable value and `Sendable`.
public struct PreparedText: Sendable {
    /// The text that was prepared.
    public let text: String
    /// The fonts it was shaped in: the primary font and its fallbacks.
    public let fonts: FontChain
    /// The BCP 47 language tag passed to shaping and line breaking, or `nil` (see
    /// ``init(_:fonts:language:)``).
    public var language: String? { shapingLanguage?.tag }
    let shapingLanguage: ShapingLanguage?
    private(set) var segments: [TextSegment]
    /// The text's runs when it needs more than one font, script or direction, or a
    /// language; `nil` when it is one left-to-right run in the primary font, shaped with the
    /// properties HarfBuzz guesses from the text.
    let runs: [TextRun]?
    /// Grapheme advances of segments too long for the face cache; `nil` when there are none.
    let longSegments: LongSegmentMemo?
    /// Whether some segment has a character no font of the chain has.
    private let hasMissingGlyphs: Bool
    /// Whether every line is the primary font's height: no fallback font shows anywhere in
    /// the text, so a layout's height is its line count times the primary line height.
    public let hasUniformLineHeight: Bool

    /// The largest text accepted: offsets are kept in 32 bits.
    public static let maxUTF8Length = Int(Int32.max) - 8

    /// The primary font.
    public var font: Font { fonts.primary }

    /// Shapes `text` in `font`, with `language` as ``init(_:fonts:language:)`` takes it.
    /// - Throws: ``InvalidArgumentError`` when the text is longer than ``maxUTF8Length``
    ///   bytes or the language tag is malformed.
    public init(_ text: String, font: Font, language: String? = nil) throws {
        try self.init(text, fonts: FontChain(font), language: language)
    }

    /// Shapes `text` in a chain of fonts.
    ///
    /// The text is cut into runs by font (each grapheme cluster in the first font of the
    /// chain that has it — see ``FontChain``), by script (UAX #24) and by bidi level (UAX #9,
    /// the paragraph direction taken from its first strong character), and each run is shaped
    /// with its script, direction and `language`. Line breaking stays in logical order.
    ///
    /// - Parameter language: a BCP 47 tag such as `"ja"`, `"zh-Hant"` or `"ar"`, passed to
    ///   HarfBuzz so fonts can use their language-specific forms, and to line breaking where
    ///   UAX #14 is tailored by language (``LineBreakTailoring/init(language:)``: Chinese and
    ///   Japanese lines may start with small kana and ー; Korean breaks between words, not
    ///   syllables). The default, `nil`, shapes with each script's default language system
    ///   and breaks by UAX #14's default classes.
    /// - Throws: ``InvalidArgumentError`` when the text is longer than ``maxUTF8Length``
    ///   bytes or the language tag is malformed.
    public init(_ text: String, fonts: FontChain, language: String? = nil) throws {
        try self.init(text, fonts: fonts, language: language, joinsCharacters: true)
    }

    /// Shapes `text` in `fonts`; with `joinsCharacters` off, every character run is cut back
    /// into one segment per character, which the tests compare the runs with.
    init(_ text: String, fonts: FontChain, language: String?, joinsCharacters: Bool) throws {
        guard text.utf8.count <= PreparedText.maxUTF8Length else {
            throw InvalidArgumentError(argument: "text", requirement: "at most \(PreparedText.maxUTF8Length) UTF-8 bytes",
                                       value: "\(text.utf8.count) bytes")
        }
        let shapingLanguage = try language.map(ShapingLanguage.init)
        self.text = text
        self.fonts = fonts
        self.shapingLanguage = shapingLanguage
        let (segments, runs) = PreparedText.withUTF8(text) { bytes -> ([TextSegment], [TextRun]?) in
            var segments = SegmentSplitter.segments(of: bytes, tailoring: LineBreakTailoring(language: language))
            if !joinsCharacters { segments = SegmentSplitter.cuttingCharacterRuns(segments, atStartsOf: nil) }
            let primary = fonts.primary.face
            var runs: [TextRun]?
            if language != nil || !TextItemizer.isPlainASCII(bytes, in: primary) {
                let found = TextItemizer.runs(of: bytes, fonts: fonts)
                // One left-to-right run in the primary font is shaped with the properties HarfBuzz
                // guesses, unless it would guess right to left where bidi found no such letter
                // (a Hebrew mark with no letter before it): that run keeps its level.
                if language != nil || found.count > 1
                    || found.first.map({ $0.font != 0 || $0.level != 0 || HarfBuzzFont.guessesRightToLeft($0.script) }) == true {
                    runs = found
                }
            }
            func measure(_ segments: inout [TextSegment]) -> Bool {
                if let runs { return RunShaper(fonts: fonts, runs: runs, language: shapingLanguage).measure(&segments, in: bytes) }
                return SegmentShaper(face: primary, runEnd: bytes.count, measuring: true).measure(&segments, in: bytes)
            }
            if !measure(&segments) {
                // Some character run crosses runs (kanji and kana, say): cut at the runs. If one
                // still cannot be added up in its font: one segment per character.
                if let runs { segments = SegmentSplitter.cuttingCharacterRuns(segments, atStartsOf: runs) }
                if runs == nil || !measure(&segments) {
                    segments = SegmentSplitter.cuttingCharacterRuns(segments, atStartsOf: nil)
                    _ = measure(&segments)  // no character runs: complete
                }
            }
            return (segments, runs)
        }
        self.segments = segments
        self.runs = runs
        // One pass for what the segments say about the whole text.
        var fontMask: UInt16 = 0
        var hasMissingGlyphs = false
        var hasLongSegments = false
        for segment in segments {
            fontMask |= segment.fontMask
            hasMissingGlyphs = hasMissingGlyphs || segment.hasMissingGlyphs
            hasLongSegments = hasLongSegments
                || (Int(segment.end - segment.start) > SegmentKey.maxCachedLength - 4 && !segment.isCharacterRun)
        }
        self.hasUniformLineHeight = runs == nil || fontMask <= 1
        self.hasMissingGlyphs = hasMissingGlyphs
        self.longSegments = hasLongSegments ? LongSegmentMemo() : nil
    }

    /// The same text with its character runs' uniform advances forgotten, so line fitting
    /// adds up their characters' advances one by one (which the tests compare with).
    func forgettingCharacterAdvances() -> PreparedText {
        var copy = self
        for i in copy.segments.indices { copy.segments[i].characterAdvance = 0 }
        return copy
    }

    /// Lays the text out in `container`: lines, widths, baselines and the exact size.
    public func layout(in container: TextContainer) -> TextLayout {
        PreparedText.withUTF8(text) { bytes in
            var lines: [TextLine] = []
            lines.reserveCapacity(4)
            let ppu = pointsPerUnit
            let outcome = run(container, bytes) { line, units, truncation, top, metrics in
                lines.append(TextLine(utf8Range: line.startByte..<line.endByte, width: Double(units) * ppu,
                                      baseline: top + metrics.ascender, height: metrics.height, truncation: truncation))
            }
            return TextLayout(size: outcome.size, lines: lines, lineHeight: fonts.metrics.lineHeight,
                              isTruncated: outcome.isTruncated,
                              missingGlyphs: missingGlyphs(upTo: outcome.shownSegments, bytes),
                              usesFallbackFonts: outcome.fontMask & ~1 != 0)
        }
    }

    /// The exact size of the text in `container`, without building the lines.
    ///
    /// - Complexity: O(segments shown), no allocation when no word is broken or truncated.
    public func size(in container: TextContainer) -> Size {
        PreparedText.withUTF8(text) { bytes in run(container, bytes) { _, _, _, _, _ in }.size }
    }

    // MARK: - Fitting

    private struct Outcome {
        var size: Size
        var isTruncated: Bool
        var shownSegments: Int
        var fontMask: UInt16
    }

    private typealias LineMetrics = (height: Double, ascender: Double)

    private func run(_ container: TextContainer, _ bytes: UnsafeBufferPointer<UInt8>,
                     _ body: (LineFitter.Line, Int64, LineTruncation?, Double, LineMetrics) -> Void) -> Outcome {
        let ppu = pointsPerUnit
        let primary = fonts.metrics
        let uniform: LineMetrics = (primary.lineHeight, primary.ascender)
        let isUniform = hasUniformLineHeight
        var maxLines = container.numberOfLines == 0 ? Int.max : container.numberOfLines
        if isUniform, container.height.isFinite {
            maxLines = min(maxLines, Int((container.height / uniform.height + 1e-9).rounded(.down)))
        }
        let segments = self.segments
        let shaping: SegmentAccess.Shaping = runs.map { .runs(RunShaper(fonts: fonts, runs: $0, language: shapingLanguage)) }
            ?? .single(fonts.face(0))
        let access = SegmentAccess(shaping: shaping, segments: segments, bytes: bytes, longSegments: longSegments)
        let maxUnits = container.width / ppu
        let fitter = LineFitter(access: access, maxUnits: maxUnits, charWrap: container.lineBreakMode == .charWrap,
                                limit: LineFitter.limit(forMaxUnits: maxUnits))
        var widest: Int64 = 0
        var top = 0.0
        var mask: UInt16 = 0
        var last: (line: LineFitter.Line, metrics: LineMetrics)?
        // Only a text with several line heights needs its chain here; capturing `self` would copy
        // (and retain) the whole prepared text for every layout.
        let chain = isUniform ? nil : fonts
        func metrics(_ line: LineFitter.Line) -> LineMetrics { chain?.lineMetrics(mask: line.fontMask) ?? uniform }
        // With several line heights, a line is taken only while the lines so far fit the
        // height (with one line height, `maxLines` already says how many do).
        let limit = !isUniform && container.height.isFinite ? container.height + 1e-9 : nil
        let rest = fitter.fit(maxLines: maxLines, accept: { line in
            guard let limit else { return true }
            return top + (last?.metrics.height ?? 0) + metrics(line).height <= limit
        }) { line in
            if let previous = last {
                body(previous.line, previous.line.contentUnits, nil, top, previous.metrics)
                widest = max(widest, previous.line.contentUnits)
                top += previous.metrics.height
                mask |= previous.line.fontMask
            }
            last = (line, metrics(line))
        }
        if var (line, lineMetrics) = last {
            var truncation: LineTruncation?
            if rest != nil, let truncated = Truncator(fitter: fitter, ellipsisUnits: ellipsisUnits,
                                                      mode: container.lineBreakMode).truncate(line) {
                line.contentUnits = truncated.units
                line.endByte = truncated.endByte
                truncation = truncated.truncation
            }
            body(line, line.contentUnits, truncation, top, lineMetrics)
            widest = max(widest, line.contentUnits)
            top += lineMetrics.height
            mask |= line.fontMask
            lineMetrics = (0, 0)
        }
        return Outcome(size: Size(width: Double(widest) * ppu, height: top),
                       isTruncated: rest != nil, shownSegments: rest.map { $0.segment + 1 } ?? segments.count,
                       fontMask: mask)
    }

    /// Points per unit of the segments' widths: the primary font's units when the text is one
    /// run in it (measured exactly as that font alone), else the chain's layout units.
    var pointsPerUnit: Double { runs == nil ? fonts.primaryPointsPerUnit : fonts.pointsPerUnit }

    /// The ellipsis' width in the segments' units: from the first font of the chain that has U+2026.
    private var ellipsisUnits: Int64 {
        let index = fonts.fonts.firstIndex { $0.face.hasGlyph(for: "\u{2026}") } ?? 0
        let advance = Int64(fonts.fonts[index].face.ellipsisAdvance)
        guard runs == nil else { return fonts.layoutUnits(advance, font: index) }
        let upem = Int64(fonts.fonts[index].face.metrics.unitsPerEm)
        return (advance * Int64(font.face.metrics.unitsPerEm) + upem / 2) / upem
    }

    private func missingGlyphs(upTo end: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> [Unicode.Scalar] {
        guard hasMissingGlyphs else { return [] }
        var found: [Unicode.Scalar] = []
        for segment in segments[0..<min(end, segments.count)] where segment.hasMissingGlyphs {
            var offset = Int(segment.start)
            while offset < Int(segment.shapedEnd), let (scalar, length) = UTF8Scan.scalar(startingAt: offset, in: bytes) {
                offset += length
                let properties = scalar.properties
                if properties.isDefaultIgnorableCodePoint || properties.generalCategory == .control
                    || SegmentSplitter.isHangingWhitespace(scalar)
                    || fonts.fonts.contains(where: { $0.face.hasGlyph(for: scalar) }) { continue }
                if !found.contains(scalar) { found.append(scalar) }
            }
        }
        return found
    }

    static func withUTF8<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        let copy = Array(text.utf8)
        return copy.withUnsafeBufferPointer(body)
    }
}

