import ArgumentParser
import CellRendering
import JSON
import TextMetrics
import CellLayout

/// `textmetrics render`: a PNG of a laid-out cell (or of one text), to see where text wraps
/// and where the margins are.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a laid-out cell, or a text, into a PNG file.",
        discussion: """
            A cell: --template T.json --data ROW.json, where ROW.json is one JSON object (the row's fields) or an array of rows (--row picks one). \
            Every item's frame is outlined one pixel wide, one color per kind (text blue, box orange, column green, row magenta); the cell's insets are a yellow band, item insets a light blue band, the separator gray; the text is drawn from the font's glyphs.

            A text: --text "…" [--font F] [--size S] [--width W] [--lines N] [--line-break-mode M].

            An attributed text: --request FILE (or - for standard input), one JSON object in the form of a `measure --jsonl` request, with "spans", "attachments", "paragraph" and "truncationToken": each span is drawn in its font, size and color, each attachment as an outlined box on the baseline, lines where indents and alignment put them, the token in its own style.
            """)

    @Option(help: "The cell template (JSON).")
    var template: String?

    @Option(help: "The row's data: a JSON object with the fields the template shows.")
    var data: String?

    @Option(help: "When --data holds a JSON array of rows: the index of the row to draw.")
    var row: Int = 0

    @Option(help: "Draw this text instead of a cell.")
    var text: String?

    @Option(help: "Draw the text of this measure request (a JSON object; - for standard input) instead of a cell.")
    var request: String?

    @Option(name: .customLong("font"), help: "With --text: a bundled font name or a font file path; repeat for a fallback chain.")
    var fonts: [String] = []

    @Option(help: "With --text: the font size in points.")
    var size: Double = 17

    @Option(name: .customLong("lines"), help: "With --text: the maximum number of lines (0: no limit).")
    var numberOfLines: Int = 0

    @Option(help: "With --text: word-wrap, char-wrap, clip, truncate-head, truncate-tail or truncate-middle.")
    var lineBreakMode: String = LineBreakMode.wordWrap.kebabName

    @Option(help: "The cell's width in points (default: the template's), or the text's maximum line width.")
    var width: Double?

    @Option(help: "Pixels per point (default: the template's scale, or 2 for a text).")
    var scale: Double?

    @Option(name: .shortAndLong, help: "The PNG file to write.")
    var output: String

    func validate() throws {
        if text != nil || request != nil {
            guard template == nil, data == nil else {
                throw ValidationError("give either --text or --request, or --template and --data, not both")
            }
            guard text == nil || request == nil else { throw ValidationError("give either --text or --request, not both") }
        } else {
            guard template != nil, data != nil else { throw ValidationError("give --template and --data (or --text, or --request)") }
        }
        try RequestFields.checkScaleOption(scale)
        if let width { guard width.isFinite, width > 0 else { throw ValidationError("--width must be a positive number, got \(width)") } }
        guard size.isFinite, size > 0 else { throw ValidationError("--size must be a positive finite number, got \(size)") }
        guard row >= 0 else { throw ValidationError("--row must be 0 or more, got \(row)") }
        guard numberOfLines >= 0 else { throw ValidationError("--lines must be 0 or more, got \(numberOfLines)") }
        guard LineBreakMode(name: lineBreakMode) != nil else {
            throw ValidationError("unknown line break mode '\(lineBreakMode)'; use one of \(LineBreakMode.allCases.map(\.kebabName).joined(separator: ", "))")
        }
    }

    func run() throws {
        let canvas = try text.map(renderText) ?? request.map(renderRequest) ?? renderCell()
        do {
            try PNGFile.write(canvas.image, to: output)
        } catch {
            throw CommandError("\(error)")
        }
        print("\(output): \(canvas.image.width) × \(canvas.image.height) px")
    }

    private func renderText(_ text: String) throws -> Canvas {
        do {
            let prepared = try PreparedText(text, fonts: FontChain(named: fonts.isEmpty ? ["Roboto-Regular"] : fonts, size: size))
            let container = try TextContainer(width: width ?? .infinity, numberOfLines: numberOfLines,
                                              lineBreakMode: LineBreakMode(name: lineBreakMode)!)
            let layout = prepared.layout(in: container)
            return TextRenderer().picture(of: layout, of: prepared, scale: scale ?? 2)
        } catch {
            throw CommandError("\(error)")
        }
    }

    /// Draws the text of the measure request in file `path`.
    private func renderRequest(_ path: String) throws -> Canvas {
        let bytes: [UInt8]
        if path == "-" {
            bytes = StandardInput.readAll()
        } else {
            bytes = try Self.contents(of: path)
        }
        do {
            let defaults = MeasureRequest(fonts: fonts.isEmpty ? [MeasureRequest.defaultFont] : fonts, faceIndex: 0, size: size,
                                          container: try TextContainer(width: width ?? .infinity, numberOfLines: numberOfLines,
                                                                       lineBreakMode: LineBreakMode(name: lineBreakMode)!),
                                          language: nil, scale: scale)
            let measurer = Measurer()
            return try bytes.withUnsafeBufferPointer { line in
                var recent = MeasureRequest.Recent()
                let given = try MeasureRequest.read(line, recent: recent)
                let request = try MeasureRequest(given, in: line, defaults: defaults, recent: &recent, measurer: measurer)
                let text: String
                switch given.text! {
                case .bytes(let range): text = try UTF8Text.decode(line[range], what: "\"text\"")
                case .decoded(let string): text = string
                }
                let prepared = try request.prepared(text, measurer)
                return TextRenderer().picture(of: prepared.layout(in: try request.container(measurer)), of: prepared,
                                              scale: request.scale ?? 2)
            }
        } catch let error as CommandError {
            throw error
        } catch {
            throw CommandError("\(error)")
        }
    }

    private func renderCell() throws -> Canvas {
        guard let template, let data else { throw CommandError("give --template and --data") }
        do {
            let engine = try CellLayoutEngine(CellTemplate(jsonBytes: Self.contents(of: template)))
            let rows = try JSONValue.parse(Self.contents(of: data))
            let row: RowData
            if let array = rows.arrayValue {
                guard array.indices.contains(self.row) else {
                    throw CommandError("\(data) holds \(array.count) rows; --row \(self.row) is not one of them")
                }
                row = try RowData(array[self.row])
            } else {
                row = try RowData(rows)
            }
            let layout = try engine.layout(for: row, width: width, scale: scale)
            return CellRenderer().render(layout)
        } catch let error as CommandError {
            throw error
        } catch {
            throw CommandError("\(error)")
        }
    }

    private static func contents(of path: String) throws -> [UInt8] {
        guard let bytes = StandardInput.readAll(path: path) else { throw CommandError("cannot read \(path)") }
        return bytes
    }
}
