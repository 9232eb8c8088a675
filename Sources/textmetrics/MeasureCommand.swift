import ArgumentParser
import JSON
import TextMetrics

/// `textmetrics measure`: the size of a text, like `sizeWithFont:constrainedToSize:lineBreakMode:`.
struct MeasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Measure a text: line count, exact size, and the size on the pixel grid.",
        discussion: """
            The text comes from the argument, or from standard input when absent. \
            With --jsonl, standard input is JSON Lines, one request object per line:
              {"id": 1, "text": "…", "font": "Roboto-Regular", "size": 15,
               "width": 320, "height": 0, "numberOfLines": 0,
               "lineBreakMode": "wordWrap", "faceIndex": 0, "language": "ja",
               "scale": 2,
               "spans": [{"start": 0, "end": 6, "font": "Roboto-Medium", "size": 15,
                          "kern": 0.5, "features": {"liga": 0}, "language": "ja",
                          "color": "#1DA1F2", "link": "…", "underline": true, "tag": "…"}],
               "attachments": [{"offset": 31, "width": 18, "ascent": 14, "descent": 4}],
               "offsets": "utf8",
               "paragraph": {"lineSpacing": 4, "lineHeightMultiple": 1.2,
                 "minimumLineHeight": 0, "maximumLineHeight": 0,
                 "paragraphSpacing": 8, "paragraphSpacingBefore": 0,
                 "firstLineHeadIndent": 16, "headIndent": 0, "tailIndent": 0,
                 "tabStops": [40, 120], "defaultTabInterval": 28,
                 "alignment": "natural"},
               "truncationToken": {"text": "… more", "font": "Roboto-Medium",
                 "size": 15, "spans": […]}}
            ("font" may be an array: a fallback chain, tried per grapheme cluster; a field left \
            out takes the value of its command-line option, e.g. --font, --size, --width; \
            "spans" style ranges of the text over the request's own style, later ones winning, \
            every field optional; "attachments" are boxes at U+FFFC characters; "offsets" — \
            utf8, utf16 or scalars — is the unit of spans' and attachments' offsets; "paragraph" is an \
            NSParagraphStyle, every field optional; "truncationToken" is what a truncated text ends with, \
            in the request's style refined by its own fields and spans), and each \
            answer is one line: {"id", "lineCount", "width", "height", "firstBaseline", "lastBaseline", \
            "lines": [{"start", "length", "width", "height", "baseline", "x"}], "truncated", \
            "visibleRanges": [{"start", "length"}], "token": {"x", "y", "width", "height"}, "fallback", "missingGlyphs"} \
            (byte offsets in UTF-8; baselines in points from the top; a line's "x" where alignment and indents put it, \
            left out when 0; "visibleRanges" and the token's frame when truncated; "fallback": true when a fallback font is shown), plus \
            "scale", "roundedWidth" and "roundedHeight" when the request or --scale gives a \
            scale, or {"id", "error"} for a bad request (a field not listed above is one, named in the error); the batch goes on. The answers are \
            JSON and list every line already, so --json and --show-lines do not go with --jsonl.
            """)

    @Argument(help: "The text to measure (default: read standard input).")
    var text: String?

    @Option(name: .customLong("font"), help: "A bundled font name or a font file path; repeat for a fallback chain, tried in order for each character.")
    var fonts: [String] = []

    @Option(help: "The face index of the first font, in a font collection (.ttc).")
    var faceIndex: Int = 0

    @Option(help: "A BCP 47 language tag for shaping and line breaking, e.g. ja, zh-Hant, ko, ar (default: none).")
    var language: String?

    @Option(help: "The font size in points.")
    var size: Double = MeasureRequest.defaultSize

    @Option(help: "The maximum line width in points (default: no limit).")
    var width: Double?

    @Option(help: "The maximum height in points; lines that do not fit are not counted (default: no limit).")
    var height: Double?

    @Option(help: "word-wrap, char-wrap, clip, truncate-head, truncate-tail or truncate-middle.")
    var lineBreakMode: String = LineBreakMode.wordWrap.kebabName

    @Option(name: .customLong("lines"), help: "The maximum number of lines (0: no limit).")
    var numberOfLines: Int = 0

    @Option(help: "Pixels per point for the rounded size (1, 2, 3; default 2). With --jsonl, every answer gets its size rounded at this scale (a request's \"scale\" wins).")
    var scale: Double?

    @Flag(help: "List each line with its width.")
    var showLines = false

    @Flag(help: "Print the answer as JSON.")
    var json = false

    @Flag(help: "Read JSON Lines requests on standard input and answer each on one line.")
    var jsonl = false

    func validate() throws {
        guard LineBreakMode(name: lineBreakMode) != nil else {
            throw ValidationError("unknown line break mode '\(lineBreakMode)'; use one of \(LineBreakMode.allCases.map(\.kebabName).joined(separator: ", "))")
        }
        try RequestFields.checkScaleOption(scale)
        guard size.isFinite, size > 0 else { throw ValidationError("--size must be a positive finite number, got \(size)") }
        guard faceIndex >= 0 else { throw ValidationError("--face-index must be 0 or more, got \(faceIndex)") }
        if jsonl && text != nil { throw ValidationError("--jsonl reads requests from standard input; give no text argument") }
        if jsonl && json { throw ValidationError("--jsonl answers in JSON already; drop --json") }
        if jsonl && showLines { throw ValidationError("--jsonl answers list every line already; drop --show-lines") }
        try RequestFields.checkLanguageOption(language)
    }

    /// The request the options describe: with --jsonl, the defaults of every request.
    private func optionsRequest() throws -> MeasureRequest {
        let container: TextContainer
        do {
            container = try TextContainer(width: width ?? .infinity, height: height ?? .infinity,
                                          numberOfLines: numberOfLines, lineBreakMode: LineBreakMode(name: lineBreakMode)!)
        } catch {
            throw ValidationError("\(error)")
        }
        return MeasureRequest(fonts: fonts.isEmpty ? [MeasureRequest.defaultFont] : fonts,
                              faceIndex: faceIndex, size: size, container: container, language: language, scale: scale)
    }

    func run() throws {
        if jsonl {
            let defaults = try optionsRequest()
            let measurer = Measurer()
            JSONLinesRunner.run(state: { MeasureRequest.Recent() }) { line, out, recent in
                let given = try MeasureRequest.read(line, recent: recent)
                let request = try MeasureRequest(given, in: line, defaults: defaults, recent: &recent, measurer: measurer)
                let layout = try request.layout(of: given.text!, in: line, measurer)
                if let id = given.id {
                    LayoutJSON.write(layout, id: UnsafeBufferPointer(rebasing: line[id]), scale: request.scale, into: &out)
                } else {
                    LayoutJSON.write(layout, scale: request.scale, into: &out)
                }
            }
            return
        }
        let request = try optionsRequest()
        let text = try self.text ?? StandardInput.readText()
        let layout: TextLayout
        do {
            layout = try request.layout(of: text)
        } catch {
            throw CommandError("\(error)")
        }
        let scale = request.scale ?? MeasureRequest.defaultScale
        if json {
            var out = JSONOutput()
            LayoutJSON.write(layout, scale: scale, into: &out)
            print(out.withBytes { String(decoding: $0, as: UTF8.self) })
            return
        }
        print(Self.summary(layout, scale: scale))
        if showLines {
            for (index, line) in layout.lines.enumerated() {
                let shown = Self.shownText(of: line, in: text)
                print(NumberText.format("%4d", Int32(index + 1)) + "  " + NumberText.format("%8.2f", line.width) + "  "
                      + NumberText.format("%6.2f", line.height) + "  " + shown.debugDescription)
            }
        }
        if !layout.missingGlyphs.isEmpty {
            print("missing glyphs: " + layout.missingGlyphs.map(LayoutJSON.codePoint).joined(separator: " "))
        }
    }

    /// `3 lines, 291.42 × 52.73 pt (@2x: 291.5 × 53.0)`.
    static func summary(_ layout: TextLayout, scale: Double) -> String {
        let rounded = layout.size.roundedUp(scale: scale)
        let count = layout.lineCount == 1 ? "1 line" : "\(layout.lineCount) lines"
        return "\(count), \(NumberText.points(layout.size.width)) × \(NumberText.points(layout.size.height)) pt "
            + "(@\(NumberText.compact(scale))x: \(NumberText.grid(rounded.width)) × \(NumberText.grid(rounded.height)))"
            + (layout.isTruncated ? ", truncated" : "") + (layout.usesFallbackFonts ? ", fallback fonts" : "")
    }

    /// The text a line shows, with the ellipsis where it was truncated.
    static func shownText(of line: TextLine, in text: String) -> String {
        let bytes = Array(text.utf8)
        func slice(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        guard let truncation = line.truncation else {
            // Without the line separators that end it (or begin it, for a text that starts with one).
            let text = slice(line.utf8Range)
            return String(text.drop(while: \.isNewline).reversed().drop(while: \.isNewline).reversed())
        }
        return slice(truncation.keptPrefix) + "\u{2026}" + slice(truncation.keptSuffix)
    }
}
