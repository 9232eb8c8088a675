import ArgumentParser
import JSON
import TextMetrics
import CellLayout

/// `textmetrics feed`: the height of every row of a feed, in order.
struct FeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed",
        abstract: "Size every row of a feed: one {\"id\", \"height\"} line per row, in order.",
        discussion: """
            Rows come as JSON Lines on standard input (one object per line, answered as they \
            arrive, in parallel on all cores), or from --data: a JSON array of row objects \
            (questions.json) or a JSON Lines file. Each answer is {"id": …, "height": …} — \
            "id" is the row's "id" or "ID" field, else its index from 0 — plus "frames" \
            with --frames; a row that cannot be laid out gets {"id": …, "error": "…"} and \
            the others still get their answers. A summary (rows, seconds, rows per second) \
            goes to stderr at the end, and a progress line while it runs when stderr is a \
            terminal and the batch is large.
            """)

    @OptionGroup var cell: CellTemplateOptions

    @Flag(help: "Add each row's item frames to its answer.")
    var frames = false

    @Flag(help: "No summary line on stderr.")
    var quiet = false

    func run() throws {
        let engine = try CellInput.engine(cell.template)
        let (width, scale) = try CellInput.widthAndScale(cell.width, cell.scale, engine)
        if let data = cell.data {
            let bytes = try CellInput.bytes(data, what: "data")
            let firstByte = bytes.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
            if firstByte == UInt8(ascii: "[") {
                let value: JSONValue
                do {
                    value = try JSONValue.parse(bytes)
                } catch {
                    throw CommandError("the data file \(data) is not valid JSON: \(error)")
                }
                let rows = value.arrayValue ?? []
                let progress = FeedProgress(enabled: !quiet, total: rows.count)
                let runner = FeedRunner(engine: engine, width: width, scale: scale, frames: frames, progress: progress)
                var start = 0
                while start < rows.count {
                    let end = min(rows.count, start + 16_384)
                    runner.answerValues(rows[start..<end])
                    start = end
                }
                progress.finish(rows: runner.rows, errors: runner.errors, quiet: quiet)
                return
            }
            let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { $0.last == 0x0D ? $0.dropLast() : $0 }
            let progress = FeedProgress(enabled: !quiet, total: lines.count)
            let runner = FeedRunner(engine: engine, width: width, scale: scale, frames: frames, progress: progress)
            var start = 0
            while start < lines.count {
                let end = min(lines.count, start + 16_384)
                runner.answerLines(Array(lines[start..<end]))
                start = end
            }
            progress.finish(rows: runner.rows, errors: runner.errors, quiet: quiet)
            return
        }
        let progress = FeedProgress(enabled: !quiet, total: nil)
        let runner = FeedRunner(engine: engine, width: width, scale: scale, frames: frames, progress: progress)
        StandardInput.forEachLineBatch { lines in runner.answerLines(lines) }
        progress.finish(rows: runner.rows, errors: runner.errors, quiet: quiet)
    }
}
