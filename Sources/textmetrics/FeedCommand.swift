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
            let source: RowSource
            do {
                source = try RowSource(try CellInput.bytes(data, what: "data"))
            } catch let error as JSONParseError {
                throw CommandError("the data file \(data) is not valid JSON: \(error)")
            }
            let progress = FeedProgress(enabled: !quiet, total: source.count)
            let runner = FeedRunner(engine: engine, width: width, scale: scale, frames: frames, progress: progress)
            runner.answer(source)
            progress.finish(rows: runner.rows, errors: runner.errors, quiet: quiet)
            return
        }
        let progress = FeedProgress(enabled: !quiet, total: nil)
        let runner = FeedRunner(engine: engine, width: width, scale: scale, frames: frames, progress: progress)
        StandardInput.forEachLineBatch { batch in runner.answer(RowSource(lines: batch)) }
        progress.finish(rows: runner.rows, errors: runner.errors, quiet: quiet)
    }
}
