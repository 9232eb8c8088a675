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
/// An ``AttributedText`` — many fonts, sizes, letter spacings, inline attachments — is
/// prepared the same way, as one paragraph (``init(_:)``).
///
/// `PreparedText` is an immutable value and `Sendable`.
public struct PreparedText: Sendable {
    /// The text that was prepared.
    public let text: String
    /// The attributed text it was prepared from, or `nil` when prepared from a string.
    public var attributedText: AttributedText? { attributed }
    /// The attributed text: one reference (its parts are shared, copy on write), so a
    /// prepared text — and every sized text in a feed, whose re-layout reads a few words of
    /// each — stays small, plain ones too.
    private let attributed: AttributedText?
    /// The fonts it was shaped in: the primary font and its fallbacks. For an attributed text,
    /// every font and size it is drawn in (its style's chain first, then the fonts its ranges
    /// add; when one style shapes all of it, that style's chain): what
    /// ``PositionedGlyph/fontIndex`` indexes.
    public var fonts: FontChain { measurer.fonts }
    /// The BCP 47 language tag passed to shaping and line breaking, or `nil` (see
    /// ``init(_:fonts:language:)``).
    public var language: String? { attributed?.style.language ?? shapingOptions?.language }
    /// The language plain text is shaped with (an attributed text's styles keep their own).
    let shapingOptions: ShapingOptions?
    /// The fonts that are a style's own first font, not a fallback (bit i: font i of ``fonts``).
    let primaryFontMask: UInt32
    /// The segments, measured in ``LayoutUnits`` (changed after preparing only by the tests'
    /// `forgettingCharacterAdvances()`).
    var segments: [MeasuredSegment]
    /// The measurer of the text's runs of fonts, scripts and directions — one, in the primary
    /// font, when the text needed no itemizing (ASCII the primary font has, and no language:
    /// ``TextRun/wholeTextInPrimaryFont``) — which laying out asks when a word breaks.
    var measurer: RunMeasurer
    /// The text's runs.
    var runs: [TextRun] { measurer.runs }
    /// What breaking its words asked, kept when the faces' caches cannot answer for the text
    /// alone (a segment too long for them, or an attributed text's several styles); else `nil`.
    let cuts: CutMemo?
    /// Whether some segment has a character no font of the chain has.
    private let hasMissingGlyphs: Bool
    /// Whether the text has a tab its paragraph style takes to a stop (found once, when it is
    /// prepared with a paragraph style).
    let hasStyledTabs: Bool
    /// Whether the text has a paragraph style (kept: a layout asks before reading the style).
    private let hasParagraphStyle: Bool
    /// Whether every line is the primary font's height: no font of another height (ascent,
    /// descent and line gap) and no attachment shows anywhere in the text — fallback fonts
    /// and styles in fonts of the primary's metrics do not count — so a layout's height is
    /// its line count times the primary line height.
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
        try self.init(text, fonts: fonts, language: language) { measurer, splitter, bytes in
            measurer.measure(splitter, in: bytes)
        }
    }

    /// Prepares `text` plain, in `fonts` and `language`, and keeps `attributed`, whose styles
    /// all shape as those do (an attributed text that only carries colors, links and tags).
    init(_ text: String, fonts: FontChain, language: String?, carrying attributed: AttributedText) throws {
        try self.init(text, fonts: fonts, language: language, carrying: attributed) { measurer, splitter, bytes in
            measurer.measure(splitter, in: bytes)
        }
    }

    /// The pipeline: analysis (the splitter cuts the text into segments at its break
    /// opportunities, the itemizer into runs), then `measuring` the segments in the runs' fonts.
    init(_ text: String, fonts: FontChain, language: String?, carrying attributed: AttributedText? = nil,
         measuring: (RunMeasurer, SegmentSplitter, UnsafeBufferPointer<UInt8>) -> [MeasuredSegment]) throws {
        guard text.utf8.count <= PreparedText.maxUTF8Length else {
            throw InvalidArgumentError(argument: "text", requirement: "at most \(PreparedText.maxUTF8Length) UTF-8 bytes",
                                       value: "\(text.utf8.count) bytes")
        }
        let shapingOptions = try language.map { try ShapingOptions(language: $0) }
        self.text = text
        self.attributed = attributed
        self.shapingOptions = shapingOptions
        self.primaryFontMask = 1
        (segments, measurer) = PreparedText.withUTF8(text) { bytes in
            let splitter = SegmentSplitter(bytes, tailoring: LineBreakTailoring(language: language))
            // ASCII the primary font has whole (printable, tabs and line separators) is one
            // left-to-right run in it: no itemizing.
            let runs = language == nil && splitter.isASCII && fonts.itemizesASCIIInPrimaryFont
                ? TextRun.wholeTextInPrimaryFont : TextItemizer.runs(of: bytes, fonts: fonts)
            let measurer = RunMeasurer(fonts: fonts, runs: runs, options: shapingOptions)
            return (measuring(measurer, splitter, bytes), measurer)
        }
        (hasUniformLineHeight, hasMissingGlyphs, cuts) = PreparedText.summary(of: segments, in: fonts)
        hasParagraphStyle = attributed?.paragraphStyle != nil
        hasStyledTabs = hasParagraphStyle && UTF8Scan.contains(0x09, in: text)
    }

    /// A prepared attributed text from its parts (see `PreparedText+Attributed.swift`).
    init(attributed: AttributedText, segments: [MeasuredSegment], measurer: RunMeasurer, primaryFontMask: UInt32) {
        text = attributed.string
        self.attributed = attributed
        shapingOptions = nil
        self.primaryFontMask = primaryFontMask
        // Summed up before the parts are stored: stored first, they would be copied to be read.
        (hasUniformLineHeight, hasMissingGlyphs, cuts) = PreparedText.summary(of: segments, in: measurer.fonts, keepsCuts: true)
        self.segments = segments
        self.measurer = measurer
        hasParagraphStyle = attributed.paragraphStyle != nil
        hasStyledTabs = hasParagraphStyle && UTF8Scan.contains(0x09, in: attributed.string)
    }

    /// What the segments (of a text in `fonts`) say about the whole text, in one pass: whether
    /// every line is the primary font's height, whether a glyph is missing, and a memo of its
    /// cuts when a segment is too long for the faces' caches or `keepsCuts` (an attributed
    /// text of several styles).
    private static func summary(of segments: [MeasuredSegment], in fonts: FontChain,
                                keepsCuts: Bool = false) -> (Bool, Bool, CutMemo?) {
        var fontMask: UInt32 = 0
        var hasMissingGlyphs = false
        var hasLongSegments = false
        for segment in segments {
            fontMask |= segment.fontMask
            hasMissingGlyphs = hasMissingGlyphs || segment.hasMissingGlyphs
            hasLongSegments = hasLongSegments
                || (Int(segment.end - segment.start) > CutMemo.minimumLength && !segment.isCharacterRun)
        }
        return (fontMask <= 1 || fonts.primaryBoxFonts(within: fontMask) == fontMask, hasMissingGlyphs,
                hasLongSegments || keepsCuts ? CutMemo() : nil)
    }

    /// The paragraph style every paragraph of the text is laid out with (its attributed text's),
    /// or `nil`: lines as wide as the container, stacked at their natural heights, tabs as wide
    /// as their glyphs.
    public var paragraphStyle: ParagraphStyle? { hasParagraphStyle ? attributed?.paragraphStyle : nil }

    /// Lays the text out in `container`: lines, widths, baselines, where each is drawn, and
    /// the exact size.
    public func layout(in container: TextContainer) -> TextLayout {
        withLayoutPass(in: container) { pass, bytes in
            var lines: [TextLine] = []
            lines.reserveCapacity(8)
            // Where each line is drawn: only a paragraph style or right-to-left text moves one.
            let aligns = hasParagraphStyle || hasRightToLeftRun
            var rooms: [Double] = []
            if aligns { rooms.reserveCapacity(8) }
            let ppu = pass.fitter.access.measurer.pointee.pointsPerUnit
            let outcome = pass.run { line, units, truncation, place in
                lines.append(TextLine(utf8Range: line.startByte..<line.endByte, width: Double(units) * ppu,
                                      baseline: place.baseline, height: place.height, truncation: truncation,
                                      x: place.indent, top: place.top))
                if aligns { rooms.append(place.room) }
            }
            if aligns {
                let rightToLeft = rightToLeftParagraphs(bytes)
                let alignment = LineAlignment(alignment: paragraphStyle?.alignment ?? .natural,
                                              width: container.width.isFinite ? container.width : outcome.size.width)
                var paragraph = 0
                for index in lines.indices {
                    let start = lines[index].utf8Range.lowerBound
                    while paragraph < rightToLeft.count, rightToLeft[paragraph].upperBound <= start { paragraph += 1 }
                    let isRightToLeft = paragraph < rightToLeft.count && rightToLeft[paragraph].contains(start)
                    // In place: a line is large, and copying it out and back costs per line.
                    let (width, indent) = (lines[index].width, lines[index].x)
                    lines[index].x = alignment.x(lineWidth: width, indent: indent, room: rooms[index], rightToLeft: isRightToLeft)
                    if isRightToLeft, let truncation = lines[index].truncation {
                        // The token goes at the visual end: the left.
                        lines[index].truncation?.tokenX = width - truncation.tokenX - truncation.tokenWidth
                    }
                }
            }
            let missing = hasMissingGlyphs
                ? MissingGlyphs.scalars(in: segments[0..<min(outcome.shownSegments, segments.count)], of: bytes, fonts: fonts)
                : []
            // Only a truncated layout shows a token.
            let token = outcome.isTruncated && lines.last?.truncation?.token == .custom ? container.truncationToken : nil
            return TextLayout(size: outcome.size, lines: consume lines, lineHeight: fonts.metrics.lineHeight,
                              isTruncated: outcome.isTruncated, missingGlyphs: missing,
                              usesFallbackFonts: outcome.fontMask & ~primaryFontMask & ~FontChain.attachmentBit != 0,
                              truncationToken: token)
        }
    }

    /// The UTF-8 ranges of the text's right-to-left paragraphs (`bytes` are its bytes): found
    /// only when a run is right to left, as a right-to-left paragraph has one.
    func rightToLeftParagraphs(_ bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        hasRightToLeftRun ? LineAlignment.rightToLeftParagraphs(bytes) : []
    }

    /// Whether a run of the text is right to left.
    private var hasRightToLeftRun: Bool { runs.contains { $0.level & 1 == 1 } }

    /// The exact size of the text in `container`, without building the lines.
    ///
    /// - Complexity: O(segments shown), no allocation when no word is broken or truncated.
    public func size(in container: TextContainer) -> Size {
        withLayoutPass(in: container) { pass, _ in pass.run { _, _, _, _ in }.size }
    }

    /// The first and last line's baselines in `container`, in points from the layout's top
    /// ((0, 0) without a line): ``TextLayout/firstBaseline`` and ``TextLayout/lastBaseline``
    /// without building the lines.
    public func baselines(in container: TextContainer) -> (first: Double, last: Double) {
        withLayoutPass(in: container) { pass, _ in
            var first: Double?
            var last = 0.0
            _ = pass.run { _, _, _, place in
                if first == nil { first = place.baseline }
                last = place.baseline
            }
            return (first ?? 0, last)
        }
    }

    /// The natural box of the text in `range` (UTF-8 offsets) set on one line: the largest
    /// ascent, descent and line gap of the fonts it shows and the attachments in it.
    func lineBox(of range: Range<Int>) -> LineBox {
        var content = LineContent()
        segments.withUnsafeBufferPointer { content.add(range, of: $0, in: measurer) }
        return content.box(in: fonts)
    }

    /// Points per unit of the segments' widths (see ``LayoutUnits``).
    var pointsPerUnit: Double { measurer.pointsPerUnit }

    /// Calls `body` with a layout pass over the text in `container` and the text's UTF-8 bytes,
    /// both valid only during the call.
    @inline(__always)
    private func withLayoutPass<R>(in container: TextContainer, _ body: (LayoutPass, UnsafeBufferPointer<UInt8>) -> R) -> R {
        PreparedText.withUTF8(text) { bytes in
            segments.withUnsafeBufferPointer { segments in
                withUnsafePointer(to: measurer) { measurer in
                    func pass(_ paragraph: UnsafePointer<ParagraphGeometry>?) -> R {
                        withUnsafePointer(to: container) { container in
                            body(LayoutPass(fitter: LineFitter(access: SegmentAccess(measurer: measurer, segments: segments,
                                                                                     bytes: bytes, cuts: cuts),
                                                               container: container, paragraph: paragraph),
                                            container: container, hasUniformLineHeight: hasUniformLineHeight),
                                 bytes)
                        }
                    }
                    guard let style = paragraphStyle else { return pass(nil) }
                    // A paragraph style in the layout's units; tabs go to its stops.
                    return withUnsafePointer(to: ParagraphGeometry(style, width: container.width,
                                                                   pointsPerUnit: measurer.pointee.pointsPerUnit,
                                                                   hasTabs: hasStyledTabs)) { pass($0) }
                }
            }
        }
    }

    /// Calls `body` with the UTF-8 bytes of `text`: its own storage, or a copy for a string
    /// that has none contiguous. The one way the package reads a string's bytes (public as
    /// SPI, `@_spi(Caching)`, for the caches of its other modules; inlinable, so that they
    /// specialize it).
    @_spi(Caching) @inlinable
    public static func withUTF8<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        let copy = Array(text.utf8)
        return copy.withUnsafeBufferPointer(body)
    }
}
