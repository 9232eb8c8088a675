import TextSegmentation

/// Preparing an ``AttributedText``: one paragraph of many styles, measured as one.
extension PreparedText {
    /// Prepares an attributed text: its break opportunities, bidi levels and shaping context
    /// over the whole string, each stretch of one style shaped in that style's fonts, size,
    /// features and language (falling back along its own chain), letter spacing added after
    /// each grapheme cluster, and each attachment measured as its box.
    ///
    /// A text that one style shapes whole, with no letter spacing, no features and no
    /// attachment — plain text, text whose ranges only carry colors, links, underlines or tags,
    /// or a text under one range that sets its fonts — is prepared exactly as
    /// ``init(_:fonts:language:)`` prepares its string in that style's fonts (the same widths
    /// and caches, and the same work but for finding that style among its ranges; ``fonts`` is
    /// that style's chain), and keeps the attributes.
    ///
    /// Lines are as tall as everything on them: the largest ascent (of every font, at its size,
    /// and every attachment) plus the largest descent plus the largest line gap.
    ///
    /// - Throws: ``InvalidArgumentError`` when the text is longer than ``maxUTF8Length`` bytes,
    ///   its styles draw it in more than 31 fonts and sizes, a style's spacing is not a finite
    ///   number within ±1,000,000 points or a size is over 1,000,000 points (a text's style set
    ///   field by field is checked here), or its paragraph style is not valid
    ///   (``ParagraphStyle/validated()``).
    public init(_ attributed: AttributedText) throws {
        try self.init(attributed, itemizingASCII: false)
    }

    /// Prepares `attributed`; with `itemizingASCII`, every stretch is itemized, ASCII too
    /// (``StyledItemizer``), and with `runsAcrossBoxes`, attachments count as characters a
    /// character run may be made of (``SegmentSplitter/init(_:tailoring:attachmentCount:)``):
    /// the shortcuts the tests compare with the long way.
    init(_ attributed: AttributedText, itemizingASCII: Bool, runsAcrossBoxes: Bool = false) throws {
        // A paragraph style set field by field is checked here (its properties cannot throw).
        if let style = attributed.paragraphStyle { _ = try style.validated() }
        let cut = ShapingStretches(attributed)
        // One style shapes the whole text — the text's own, or a span's over all of it, with
        // the text's language (which its lines break by) — and no letter spacing, feature or
        // attachment: the plain path, in that style's fonts. (Styles read in place: a copy
        // retains their references.)
        let only = cut.stretches.count == 1 ? cut.stretches[0].style : 0
        if attributed.attachments.isEmpty, cut.stretches.count <= 1, cut.styles[only].isPlain,
           cut.styles[only].language == cut.styles[0].language {
            try self.init(attributed.string, fonts: cut.styles[only].fonts, language: cut.styles[only].language,
                          carrying: attributed)
            return
        }
        let byteCount = attributed.string.utf8.count
        guard byteCount <= PreparedText.maxUTF8Length else {
            throw InvalidArgumentError(argument: "text", requirement: "at most \(PreparedText.maxUTF8Length) UTF-8 bytes",
                                       value: "\(byteCount) bytes")
        }
        // What the styles draw with, worked out once for every text in them.
        let drawn = try DrawnStyles.of(cut.styles, byteCount: byteCount,
                                       boxWidth: attributed.attachments.reduce(0) { max($0, $1.attachment.width) },
                                       keptWith: cut.resolved)
        let runStyles = attributed.attachments.isEmpty ? drawn.runStyles : RunStyles(
            styles: drawn.runStyles.styles,
            boxes: attributed.attachments.map { attachment in
                RunStyles.Box(width: Int64((attachment.attachment.width * Double(drawn.unitsPerPoint)).rounded()),
                              ascent: attachment.attachment.ascent, descent: attachment.attachment.descent,
                              offset: attachment.offset)
            })
        let (segments, measurer) = PreparedText.withUTF8(attributed.string) { bytes in
            let splitter = SegmentSplitter(bytes, tailoring: LineBreakTailoring(language: cut.styles[0].language),
                                           attachmentCount: runsAcrossBoxes ? 0 : attributed.attachments.count)
            let runs = PreparedText.runs(of: bytes, isASCII: splitter.isASCII, cut: cut, drawn: drawn,
                                         attachments: attributed.attachments, itemizingASCII: itemizingASCII)
            let measurer = RunMeasurer(fonts: drawn.chain, runs: runs, options: nil, styles: runStyles)
            return (measurer.measure(splitter, in: bytes), measurer)
        }
        self.init(attributed: attributed, segments: segments, measurer: measurer, primaryFontMask: drawn.primaryFontMask)
    }

    /// The runs of `bytes` (all ASCII when `isASCII`) cut into `cut`, drawn as `drawn` says, its
    /// `attachments` runs of their own (``StyledItemizer``). The stretches and attachment
    /// clusters the itemizer reads are written on the stack, each stretch pointing at its
    /// style's fonts where they lie in `cut`.
    private static func runs(of bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool, cut: ShapingStretches, drawn: DrawnStyles,
                             attachments: [AttributedText.Attachment], itemizingASCII: Bool) -> [TextRun] {
        cut.styles.withUnsafeBufferPointer { styles in
            withUnsafeTemporaryAllocation(of: StyledItemizer.Stretch.self, capacity: cut.stretches.count) { stretches in
                for (k, stretch) in cut.stretches.enumerated() {
                    stretches.initializeElement(at: k, to: StyledItemizer.Stretch(
                        range: stretch.range, style: UInt16(stretch.style),
                        fonts: (styles.baseAddress.unsafelyUnwrapped + stretch.style).pointer(to: \.fonts)!,
                        drawnFonts: drawn.firstDrawnFont[stretch.style]))
                }
                return withUnsafeTemporaryAllocation(of: (range: Range<Int>, index: UInt16).self,
                                                      capacity: attachments.count) { boxes in
                    for (index, attachment) in attachments.enumerated() {
                        boxes.initializeElement(at: index, to: (
                            range: attachment.offset..<GraphemeBreaking.clusterEnd(startingAt: attachment.offset, inUTF8: bytes),
                            index: UInt16(index)))
                    }
                    return StyledItemizer.runs(of: bytes, isASCII: isASCII, stretches: UnsafeBufferPointer(stretches),
                                               drawnFonts: drawn.drawnFonts, attachments: UnsafeBufferPointer(boxes),
                                               itemizingASCII: itemizingASCII)
                }
            }
        }
    }
}
