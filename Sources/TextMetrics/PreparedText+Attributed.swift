import TextSegmentation

/// Preparing an ``AttributedText``: one paragraph of many styles, measured as one.
extension PreparedText {
    /// Prepares an attributed text: its break opportunities, bidi levels and shaping context
    /// over the whole string, each stretch of one style shaped in that style's fonts, size,
    /// features and language (falling back along its own chain), letter spacing added after
    /// each grapheme cluster, and each attachment measured as its box.
    ///
    /// A text whose every range shapes as its own style does, with no letter spacing, no
    /// features and no attachment — plain text, or text whose ranges only carry colors, links,
    /// underlines or tags — is prepared exactly as ``init(_:fonts:language:)`` prepares its
    /// string (the same widths, the same caches, the same speed), and keeps the attributes.
    ///
    /// Lines are as tall as everything on them: the largest ascent (of every font, at its size,
    /// and every attachment) plus the largest descent plus the largest line gap.
    ///
    /// - Throws: ``InvalidArgumentError`` when the text is longer than ``maxUTF8Length`` bytes,
    ///   or its styles draw it in more than 31 fonts and sizes.
    public init(_ attributed: AttributedText) throws {
        try self.init(attributed, itemizingASCII: false)
    }

    /// Prepares `attributed`; with `itemizingASCII`, every stretch is itemized, ASCII too
    /// (``StyledItemizer``), which the tests compare the shortcut with.
    init(_ attributed: AttributedText, itemizingASCII: Bool) throws {
        let base = attributed.style
        let stretches = attributed.shapingStretches()
        if attributed.attachments.isEmpty, base.kern == 0, base.features.isEmpty,
           stretches.allSatisfy({ $0.style.shapesLike(base) }) {
            try self.init(attributed.string, fonts: base.fonts, language: base.language, carrying: attributed)
            return
        }
        guard attributed.string.utf8.count <= PreparedText.maxUTF8Length else {
            throw InvalidArgumentError(argument: "text", requirement: "at most \(PreparedText.maxUTF8Length) UTF-8 bytes",
                                       value: "\(attributed.string.utf8.count) bytes")
        }
        // The fonts the text is drawn in, each font and size once (the text's chain first, so
        // its primary font is font 0); the shaping styles: the text's own (style 0), then each
        // other one by the first stretch in it (a style copy retains about eight references);
        // and each stretch's fonts' indices in the drawn chain, in one list, each stretch's in a row.
        var drawn: [Font] = []
        drawn.reserveCapacity(base.fonts.fonts.count + stretches.count)
        func drawnIndex(_ font: Font) -> Int {
            if let index = drawn.firstIndex(of: font) { return index }
            drawn.append(font)
            return drawn.count - 1
        }
        var primaryFontMask: UInt32 = 0
        func draw(_ fonts: FontChain) {
            for font in fonts.fonts { _ = drawnIndex(font) }
            primaryFontMask |= 1 << UInt32(min(drawnIndex(fonts.primary), 31))
        }
        draw(base.fonts)
        var styleStretches: [Int] = []
        styleStretches.reserveCapacity(stretches.count)
        var drawnFonts: [UInt8] = []
        drawnFonts.reserveCapacity(stretches.count * base.fonts.fonts.count)
        var itemized: [StyledItemizer.Stretch] = []
        itemized.reserveCapacity(stretches.count)
        for (index, stretch) in stretches.enumerated() {
            draw(stretch.style.fonts)
            guard drawn.count <= FontChain.maxDrawnCount else { continue }  // thrown below
            let styleIndex: Int
            if stretch.style.shapesLike(base) {
                styleIndex = 0
            } else if let known = styleStretches.firstIndex(where: { stretches[$0].style.shapesLike(stretch.style) }) {
                styleIndex = known + 1
            } else {
                styleStretches.append(index)
                styleIndex = styleStretches.count
            }
            let first = drawnFonts.count
            for font in stretch.style.fonts.fonts { drawnFonts.append(UInt8(drawnIndex(font))) }
            itemized.append(StyledItemizer.Stretch(range: stretch.range, style: UInt16(styleIndex), fonts: stretch.style.fonts,
                                                   drawnFonts: first))
        }
        guard drawn.count <= FontChain.maxDrawnCount else {
            throw InvalidArgumentError(argument: "spans", requirement: "at most \(FontChain.maxDrawnCount) fonts and sizes in one text",
                                       value: "\(drawn.count)")
        }
        let (chain, unitsPerPoint) = DrawingChainCache.shared.chain(drawing: drawn, byteCount: attributed.string.utf8.count)
        func runStyle(_ style: TextStyle) throws -> RunStyles.Style {
            RunStyles.Style(kern: Int64((style.kern * Double(unitsPerPoint)).rounded()),
                            options: style.language == nil && style.features.isEmpty ? nil
                                : try ShapingOptions(language: style.language, features: style.features))
        }
        var shapingStyles: [RunStyles.Style] = []
        shapingStyles.reserveCapacity(styleStretches.count + 1)
        shapingStyles.append(try runStyle(base))
        for index in styleStretches { shapingStyles.append(try runStyle(stretches[index].style)) }
        let runStyles = RunStyles(
            styles: shapingStyles,
            boxes: attributed.attachments.map { attachment in
                RunStyles.Box(width: Int64((attachment.attachment.width * Double(unitsPerPoint)).rounded()),
                              ascent: attachment.attachment.ascent, descent: attachment.attachment.descent,
                              offset: attachment.offset)
            })
        let (segments, measurer) = PreparedText.withUTF8(attributed.string) { bytes in
            let boxes = attributed.attachments.enumerated().map { index, attachment in
                (range: attachment.offset..<GraphemeBreaking.clusterEnd(startingAt: attachment.offset, inUTF8: bytes),
                 index: UInt16(index))
            }
            let runs = StyledItemizer.runs(of: bytes, stretches: itemized, drawnFonts: drawnFonts, attachments: boxes,
                                            itemizingASCII: itemizingASCII)
            let measurer = RunMeasurer(fonts: chain, runs: runs, options: nil, styles: runStyles)
            let splitter = SegmentSplitter(bytes, tailoring: LineBreakTailoring(language: base.language))
            return (measurer.measure(splitter, in: bytes), measurer)
        }
        self.init(attributed: attributed, segments: segments, measurer: measurer, primaryFontMask: primaryFontMask)
    }
}
