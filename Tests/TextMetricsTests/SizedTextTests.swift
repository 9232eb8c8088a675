import Testing
@testable import TextMetrics

/// The cell path's quick line counts agree with the text measurer's full layout.
@Suite struct SizedTextTests {
    static let texts = [
        "", "Hi", "Hello, wrapping world", "abc\n", "abc\n\ndef", "Two  spaces  and\ttabs at the end   ",
        "A sentence with a verylongwordthatwillneedbreakingsomewhereinthemiddle of it.",
        "1. Make sure the app may use the microphone: open Settings.\n2. Make sure the remote is fully charged.",
        "为什么我的遥控器不能使用？确保打开手机麦克风权限；确保遥控器电量充足。",
        "Ta VAVA Wave, You 2024 — “quoted” text; (parenthesised) and hyphen-ated words.",
    ]

    @Test(arguments: texts)
    func matchesTheMeasurer(text: String) throws {
        for (name, size) in [("Roboto-Regular", 15.0), ("Roboto-Medium", 17.0), ("wqy-microhei", 13.0)] {
            let font = try Font(named: name, size: size)
            let measured = try SizedText(text, fonts: FontChain(font))
            let unlimited = measured.prepared.size(in: .unlimited)
            #expect(measured.naturalWidth == unlimited.width, "\(name) \(text.debugDescription)")
            #expect(Double(measured.paragraphCount) * font.metrics.lineHeight == unlimited.height)
            for width in stride(from: 20.0, through: 420, by: 7.25) {
                for lines in [0, 1, 2, 3] {
                    for mode in [LineBreakMode.wordWrap, .charWrap, .truncateTail] {
                        let expected = measured.prepared.size(in: try TextContainer(width: width, numberOfLines: lines,
                                                                                    lineBreakMode: mode)).height
                        #expect(try measured.height(width: width, numberOfLines: lines, lineBreakMode: mode) == expected,
                                "\(name) \(text.debugDescription) @\(width) ×\(lines) \(mode)")
                    }
                }
            }
        }
    }

    /// With a paragraph style too: heights and baselines of texts whose lines all stack alike
    /// (spacing, a multiple, minimum and maximum heights — the quick paths) and of texts whose
    /// lines do not (indents, paragraph spacing between paragraphs, a tab: the layout) are
    /// the full layout's.
    @Test func matchesTheMeasurerWithAParagraphStyle() throws {
        var styles: [ParagraphStyle] = []
        for (spacing, multiple, minimum, maximum) in [(4.0, 0.0, 0.0, 0.0), (0, 1.1, 0, 0), (2.5, 1.3, 19, 0),
                                                      (0, 0, 0, 14), (3, 0.9, 0, 16.5)] {
            var style = ParagraphStyle()
            style.lineSpacing = spacing
            style.lineHeightMultiple = multiple
            style.minimumLineHeight = minimum
            style.maximumLineHeight = maximum
            styles.append(style)
        }
        var indented = styles[0]
        indented.firstLineHeadIndent = 12
        var spaced = styles[1]
        spaced.paragraphSpacing = 6
        spaced.paragraphSpacingBefore = 2
        var tailed = styles[2]
        tailed.tailIndent = -10
        styles += [indented, spaced, tailed]
        var quick = 0
        for text in Self.texts {
            for style in styles {
                var attributed = AttributedText(text, style: TextStyle(fonts: try FontChain(named: ["Roboto-Regular"], size: 15)))
                attributed.paragraphStyle = style
                let sized = try SizedText(attributed)
                if sized.prepared.hasUniformLineHeight, style.stacksLinesAlike(paragraphs: sized.paragraphCount) { quick += 1 }
                for width in stride(from: 20.0, through: 420, by: 11.75) {
                    for lines in [0, 1, 2, 3] {
                        for mode in [LineBreakMode.wordWrap, .charWrap, .truncateTail] {
                            let container = try TextContainer(width: width, numberOfLines: lines, lineBreakMode: mode)
                            let label = "\(style) \(text.debugDescription) @\(width) ×\(lines) \(mode)"
                            #expect(try sized.height(width: width, numberOfLines: lines, lineBreakMode: mode)
                                    == sized.prepared.size(in: container).height, "\(label)")
                            let (first, last) = try sized.baselines(width: width, numberOfLines: lines, lineBreakMode: mode)
                            let layout = sized.prepared.layout(in: container)
                            #expect(first == layout.firstBaseline && last == layout.lastBaseline, "\(label)")
                        }
                    }
                }
            }
        }
        #expect(quick >= 30)
    }

    /// With a truncation token, or the ellipsis, on the last line: the quick paths count lines
    /// when the truncated line is as tall as the others (a token within the primary font's box,
    /// the ellipsis in the primary font), and the heights and baselines are the layout's either
    /// way — tokens smaller and taller than the text, a primary font without U+2026, every
    /// truncating mode, with and without a paragraph style.
    @Test func matchesTheMeasurerWithATruncationToken() throws {
        let small = try TruncationToken(AttributedText("… more", style: TextStyle(fonts: try FontChain(named: ["Roboto-Regular"], size: 13))))
        let tall = try TruncationToken(AttributedText("… more", style: TextStyle(fonts: try FontChain(named: ["Roboto-Medium"], size: 24))))
        var spaced = ParagraphStyle()
        spaced.lineSpacing = 4
        var multiple = ParagraphStyle()
        multiple.lineHeightMultiple = 1.3
        multiple.minimumLineHeight = 19
        // Noto Sans Thai has no U+2026: the second chain draws the ellipsis in Roboto (a line
        // it ends shows both fonts), the third in Thai's .notdef.
        let chains = [try FontChain(named: ["Roboto-Regular"], size: 15),
                      try FontChain(named: ["NotoSansThai-Regular", "Roboto-Regular"], size: 15),
                      try FontChain(named: ["NotoSansThai-Regular"], size: 15)]
        #expect(chains.map(\.ellipsisFont) == [0, 1, 0])
        var quick = 0
        var layouts = 0
        for text in Self.texts {
            for fonts in chains {
                for style in [nil, spaced, multiple] {
                    var attributed = AttributedText(text, style: TextStyle(fonts: fonts))
                    attributed.paragraphStyle = style
                    let sized = try SizedText(attributed)
                    for width in stride(from: 20.0, through: 420, by: 13.5) {
                        for lines in [1, 2, 3] {
                            for mode in [LineBreakMode.truncateTail, .truncateHead, .truncateMiddle, .wordWrap] {
                                for token in [nil, small, tall] {
                                    let container = try TextContainer(width: width, numberOfLines: lines, lineBreakMode: mode,
                                                                      truncationToken: token)
                                    let layout = sized.prepared.layout(in: container)
                                    let label = "\(fonts.primary.face) \(style.map { "\($0)" } ?? "no style") \(text.debugDescription) @\(width) ×\(lines) \(mode) \(token == nil ? "…" : token == small ? "small" : "tall")"
                                    #expect(try sized.height(width: width, numberOfLines: lines, lineBreakMode: mode,
                                                             truncationToken: token) == layout.size.height, "\(label)")
                                    let (first, last) = try sized.baselines(width: width, numberOfLines: lines, lineBreakMode: mode,
                                                                            truncationToken: token)
                                    #expect(first == layout.firstBaseline && last == layout.lastBaseline, "\(label)")
                                    if layout.isTruncated { quick += token == tall ? 0 : 1 }
                                    layouts += 1
                                }
                            }
                        }
                    }
                }
            }
        }
        #expect(quick > 500, "\(quick) truncated layouts of \(layouts)")
    }

    /// A text whose fallback or styled fonts have the primary font's line box (Roboto Medium
    /// beside Roboto Regular, Noto Color Emoji at the same size: the fonts' own ascent, descent
    /// and gap, read here) has one line height, and its quick heights and baselines are its
    /// layout's; a font of another box (a smaller link, WenQuanYi) takes the layout.
    @Test func fontsOfThePrimaryLineBoxKeepOneLineHeight() throws {
        let regular = try FontChain(named: ["Roboto-Regular", "NotoColorEmoji", "wqy-microhei"], size: 15)
        let medium = try FontChain(named: ["Roboto-Medium"], size: 15)
        let metrics = regular.fonts.map(\.metrics)
        #expect(metrics[1].ascender == metrics[0].ascender && metrics[1].descender == metrics[0].descender
                && metrics[1].lineGap == metrics[0].lineGap && metrics[2].ascender != metrics[0].ascender)
        var spaced = ParagraphStyle()
        spaced.lineSpacing = 3
        let more = try TruncationToken(AttributedText("… more", style: TextStyle(fonts: try FontChain(named: ["Roboto-Regular"], size: 13))))
        let cases: [(String, [(Range<Int>, TextAttributes)], Bool)] = [
            ("@alice replied 👋 to the thread about 📸 photos and more words to wrap the lines 😂", [(0..<6, TextAttributes(fonts: medium))], true),
            ("plain words with an emoji 👋🏽 and more words to wrap onto a few lines of text", [], true),
            ("@bob wrote see example.com/a-link-here in a smaller size and more words", [(16..<38, TextAttributes(size: 13))], false),
            ("mixed 中文字符 with WenQuanYi's taller box and more words to wrap the lines", [], false),
        ]
        for (string, spans, uniform) in cases {
            for style in [nil, spaced] {
                var text = AttributedText(string, style: TextStyle(fonts: regular))
                for (range, attributes) in spans { try text.addAttributes(attributes, to: range) }
                text.paragraphStyle = style
                let sized = try SizedText(text)
                #expect(sized.prepared.hasUniformLineHeight == uniform, "\(string)")
                for width in stride(from: 40.0, through: 400, by: 17) {
                    for lines in [0, 2, 3] {
                        for token in [nil, more] {
                            let container = try TextContainer(width: width, numberOfLines: lines, lineBreakMode: .truncateTail,
                                                              truncationToken: token)
                            let layout = sized.prepared.layout(in: container)
                            #expect(try sized.height(width: width, numberOfLines: lines, lineBreakMode: .truncateTail,
                                                     truncationToken: token) == layout.size.height, "\(string) @\(width) ×\(lines)")
                            let baselines = try sized.baselines(width: width, numberOfLines: lines, lineBreakMode: .truncateTail,
                                                                truncationToken: token)
                            #expect(baselines.first == layout.firstBaseline && baselines.last == layout.lastBaseline)
                            if uniform { #expect(layout.lines.allSatisfy { $0.height == layout.lines[0].height }) }
                        }
                    }
                }
            }
        }
    }

    /// A text with spans of a smaller size (a 13 pt link in 15 pt text) keeps the quick paths
    /// where each line shows a font of the primary's box: its heights and baselines are its
    /// layout's — lines all link (shorter: the layout), a cut line that keeps only link text,
    /// tokens smaller, taller and of the text's box, every mode, with and without a paragraph style — and the
    /// quick count answers many of them, cut lines too. Each line's fonts and the cut line's
    /// first segment are checked: without either check, heights here differ from the layout.
    @Test func smallerSpansKeepTheQuickPathsWhereEachLineShowsThePrimaryBox() throws {
        let regular = try FontChain(named: ["Roboto-Regular", "NotoColorEmoji"], size: 15)
        let medium = try FontChain(named: ["Roboto-Medium"], size: 15)
        let small = try TruncationToken(AttributedText("… more", style: TextStyle(fonts: try FontChain(named: ["Roboto-Regular"], size: 13))))
        let tall = try TruncationToken(AttributedText("… more", style: TextStyle(fonts: try FontChain(named: ["Roboto-Medium"], size: 24))))
        let same = try TruncationToken(AttributedText("… more", style: TextStyle(fonts: try FontChain(named: ["Roboto-Medium"], size: 15))))
        var spaced = ParagraphStyle()
        spaced.lineSpacing = 4
        let link = TextAttributes(size: 13)
        // Each span over a piece of the string, found in it (UTF-8 offsets).
        let cases: [(String, [(String, TextAttributes)])] = [
            ("@bob wrote see example.com/a-link-here in a smaller size and more words to wrap 👋 the lines",
             [("@bob", TextAttributes(fonts: medium)), ("example.com/a-link-here", link)]),
            ("example.com/first-link example.com/second-link example.com/third-link then words of the text",
             [("example.com/first-link example.com/second-link example.com/third-link", link)]),
            ("words first and then a long run of small words at the end of the text that wraps",
             [("a long run of small words at the end of the text that wraps", link)]),
            ("small start of the text and regular words after it, to wrap onto several lines here",
             [("small start of the text", link), ("words", TextAttributes(size: 11))]),
        ]
        var quick = 0
        var quickCuts = 0
        var asked = 0
        for (string, spans) in cases {
            for style in [nil, spaced] {
                var text = AttributedText(string, style: TextStyle(fonts: regular))
                for (piece, attributes) in spans {
                    let found = try #require(string.range(of: piece))
                    let lower = string.utf8.distance(from: string.startIndex, to: found.lowerBound)
                    try text.addAttributes(attributes, to: lower..<(lower + piece.utf8.count))
                }
                text.paragraphStyle = style
                let sized = try SizedText(text)
                #expect(!sized.prepared.hasUniformLineHeight, "\(string)")
                for width in stride(from: 30.0, through: 420, by: 11.5) {
                    for lines in [0, 1, 2, 3] {
                        for mode in [LineBreakMode.truncateTail, .truncateHead, .truncateMiddle, .wordWrap, .clip] {
                            for token in [nil, small, tall, same] {
                                let container = try TextContainer(width: width, numberOfLines: lines, lineBreakMode: mode,
                                                                  truncationToken: token)
                                let layout = sized.prepared.layout(in: container)
                                let label = "\(string.prefix(20)) \(style == nil ? "" : "spaced") @\(width) ×\(lines) \(mode) \(token == nil ? "…" : token == small ? "small" : token == same ? "same" : "tall")"
                                #expect(try sized.height(width: width, numberOfLines: lines, lineBreakMode: mode,
                                                         truncationToken: token) == layout.size.height, "\(label)")
                                let (first, last) = try sized.baselines(width: width, numberOfLines: lines, lineBreakMode: mode,
                                                                        truncationToken: token)
                                #expect(first == layout.firstBaseline && last == layout.lastBaseline, "\(label)")
                                if sized.quickLineCount(width: width, numberOfLines: lines, lineBreakMode: mode,
                                                        truncationToken: token) != nil {
                                    quick += 1
                                    quickCuts += layout.isTruncated ? 1 : 0
                                }
                                asked += 1
                            }
                        }
                    }
                }
            }
        }
        // Head and middle truncation, the tall token and lines all link take the layout.
        #expect(quick * 4 > asked && quickCuts > 500, "\(quick) of \(asked) answered by the quick count, \(quickCuts) cut")
    }

    /// Letter spacing tightened past the glyphs' advances draws a line's end back before the
    /// widest its content reached as it filled (a fuzzer's find): the natural width is that
    /// reach — the least width at which the text does not wrap, as documented — and the quick
    /// heights are the layout's at every width around it.
    @Test func naturalWidthIsTheReachUnderNegativeLetterSpacing() throws {
        let fonts = try FontChain(named: ["Roboto-Regular"], size: 15)
        let string = "Regular words, then small and tight ones at the end"
        var text = AttributedText(string, style: TextStyle(fonts: fonts))
        let tight = try #require(string.range(of: "small and tight ones at the end"))
        let lower = string.utf8.distance(from: string.startIndex, to: tight.lowerBound)
        try text.addAttributes(TextAttributes(size: 4, kern: -6), to: lower..<string.utf8.count)
        let sized = try SizedText(text)
        let unlimited = sized.prepared.layout(in: .unlimited)
        #expect(unlimited.lineCount == 1)
        #expect(sized.naturalWidth > unlimited.size.width + 1, "\(sized.naturalWidth) against \(unlimited.size.width)")
        let atNatural = sized.prepared.layout(in: try TextContainer(width: sized.naturalWidth))
        #expect(atNatural.lineCount == 1, "\(atNatural.lines)")
        let below = sized.prepared.layout(in: try TextContainer(width: sized.naturalWidth - 0.5))
        #expect(below.lineCount > 1, "\(below.lines)")
        for width in stride(from: max(1, unlimited.size.width - 20), through: sized.naturalWidth + 20, by: 0.75) {
            for lines in [0, 1, 2] {
                let layout = sized.prepared.layout(in: try TextContainer(width: width, numberOfLines: lines))
                #expect(try sized.height(width: width, numberOfLines: lines, lineBreakMode: .wordWrap) == layout.size.height,
                        "@\(width) ×\(lines): \(layout.lines)")
            }
        }
    }
}
