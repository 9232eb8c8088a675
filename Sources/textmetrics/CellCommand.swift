import ArgumentParser
import JSON
import TextMetrics
import CellLayout

/// `textmetrics cell`: one cell's height and the frame of every item.
struct CellCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cell",
        abstract: "Lay one feed cell out: its height and the frame of every item.",
        discussion: """
            The template is a JSON cell template (see Examples/); the data is a JSON object \
            with the row's fields (or an array of them: --index picks one). Frames are in \
            points, in cell coordinates, on the pixel grid. With --json the answer is \
            {"width", "height", "scale", "content", "frames": [{"path", "kind", "x", "y", \
            "width", "height", "content", "text": {"lines", "y", "height", "truncated"}}]}.
            """)

    @Option(help: "The cell template (JSON).")
    var template: String

    @Option(help: "The row's data: a JSON object, or an array of objects ('-' for standard input).")
    var data: String

    @Option(help: "With an array of rows: the row to lay out, from 0.")
    var index: Int = 0

    @Option(help: "The cell's width in points (default: the template's).")
    var width: Double?

    @Option(help: "Pixels per point, 1, 2 or 3 (default: the template's).")
    var scale: Double?

    @Flag(help: "Print the answer as JSON.")
    var json = false

    func validate() throws {
        guard index >= 0 else { throw ValidationError("--index must be 0 or more, got \(index)") }
    }

    func run() throws {
        let engine = try CellInput.engine(template)
        let (width, scale) = try CellInput.widthAndScale(width, scale, engine)
        var value = try CellInput.json(data, what: "data")
        if let rows = value.arrayValue {
            guard index < rows.count else { throw CommandError("--index \(index) is past the \(rows.count) rows of \(data)") }
            value = rows[index]
        }
        let layout: CellLayout
        do {
            layout = try engine.layout(for: RowData(value), width: width, scale: scale)
        } catch let error as TemplateError {
            throw CommandError("\(error)")
        }
        if json {
            print(CellJSON.layout(layout).serialized)
            return
        }
        print(Self.readable(layout), terminator: "")
    }

    /// A tree, one item per line:
    /// `  items[1].text  (15, 54) 345 × 44  content (15, 64) 345 × 24  2 lines "How do I…"`.
    static func readable(_ layout: CellLayout) -> String {
        func n(_ value: Double) -> String { NumberText.grid(value) }
        func box(_ r: Rect) -> String { "(\(n(r.x)), \(n(r.y))) \(n(r.width)) × \(n(r.height))" }
        var out = "height \(n(layout.height)) pt (width \(n(layout.width)), @\(NumberText.compact(layout.scale))x)"
        out += "  content \(box(layout.contentFrame))"
        if layout.separatorFrame.height > 0 { out += "  separator \(n(layout.separatorFrame.height))" }
        out += "\n"
        for item in layout.items {
            let name = item.depth == 0 ? item.path : String(item.path.split(separator: ".").suffix(2).joined(separator: "."))
            out += String(repeating: "  ", count: item.depth + 1) + name + "  " + box(item.frame)
            if item.contentFrame != item.frame { out += "  content " + box(item.contentFrame) }
            if let text = item.text {
                let count = text.layout.lineCount
                var preview = String(text.string.map { $0 == "\n" ? " " : $0 })
                if preview.count > 40 { preview = String(preview.prefix(39)) + "…" }
                out += "  \(count) line\(count == 1 ? "" : "s"), text \(box(text.frame))"
                if text.layout.isTruncated { out += ", truncated" }
                out += "  " + preview.debugDescription
            }
            out += "\n"
        }
        return out
    }
}
