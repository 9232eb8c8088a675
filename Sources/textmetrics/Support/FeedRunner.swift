import JSON
import TextMetrics
import CellLayout

/// Answers a feed's rows in order, in parallel batches, with progress and a summary on stderr.
final class FeedRunner {
    let engine: CellLayoutEngine
    let width: Double
    let scale: Double
    let frames: Bool
    let progress: FeedProgress

    private(set) var rows = 0
    private(set) var errors = 0

    init(engine: CellLayoutEngine, width: Double, scale: Double, frames: Bool, progress: FeedProgress) {
        self.engine = engine
        self.width = width
        self.scale = scale
        self.frames = frames
        self.progress = progress
    }

    /// Answers `source`'s rows, in batches of at most `batch` (so progress shows as they go).
    func answer(_ source: RowSource, batch: Int = 16_384) {
        var start = 0
        while start < source.count {
            let end = min(source.count, start + batch)
            let first = rows
            errors += OrderedAnswers.write(count: end - start) { [self] offset, out in
                answer(source, row: start + offset, number: first + offset, into: &out)
            }
            rows += end - start
            progress.update(rows: rows)
            start = end
        }
    }

    /// Writes the answer of row `index` of `source`, the feed's row `number` (its id unless it
    /// has one of its own): whether it is an error.
    private func answer(_ source: RowSource, row index: Int, number: Int, into out: inout JSONOutput) -> Bool {
        let row: RowData
        do {
            row = try RowData(try source.row(index))
        } catch let error as TemplateError {
            FeedRunner.writeError(id: .number(Double(number)), error.reason, into: &out)
            return true
        } catch {
            FeedRunner.writeError(id: .number(Double(number)), "not valid JSON: \(error)", into: &out)
            return true
        }
        let id = row.identity ?? .number(Double(number))
        do {
            if frames {
                let layout = try engine.layout(for: row, width: width, scale: scale)
                out.beginObject()
                out.key("id")
                out.append(id)
                out.member("height", layout.height)
                out.key("frames")
                out.append(CellJSON.frames(layout))
                out.endObject()
                return false
            }
            let height = try engine.height(for: row, width: width, scale: scale)
            out.beginObject()
            out.key("id")
            out.append(id)
            out.member("height", height)
            out.endObject()
            return false
        } catch {
            FeedRunner.writeError(id: id, "\(error)", into: &out)
            return true
        }
    }

    /// `{"id": …, "error": "…"}`.
    private static func writeError(id: JSONValue, _ message: String, into out: inout JSONOutput) {
        out.beginObject()
        out.key("id")
        out.append(id)
        out.member("error", message)
        out.endObject()
    }
}

/// A progress line on stderr, only when stderr is a terminal and the batch is large.
final class FeedProgress {
    static let threshold = 20_000
    let enabled: Bool
    let total: Int?
    let start = ContinuousClock.now
    private var lastShown = ContinuousClock.now
    private var shown = false

    init(enabled: Bool, total: Int?) {
        self.enabled = enabled && Console.stderrIsTerminal && (total ?? Int.max) >= FeedProgress.threshold
        self.total = total
    }

    var seconds: Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    func update(rows: Int) {
        guard enabled, rows >= FeedProgress.threshold || total != nil else { return }
        let now = ContinuousClock.now
        guard now - lastShown > .milliseconds(200) else { return }
        lastShown = now
        shown = true
        var line = "\r\u{1B}[K"
        if let total, total > 0 {
            let width = 30
            let done = min(width, rows * width / total)
            line += "[" + String(repeating: "#", count: done) + String(repeating: " ", count: width - done) + "] "
            line += "\(rows)/\(total) rows"
        } else {
            line += "\(rows) rows"
        }
        line += ", \(Int(Double(rows) / max(seconds, 1e-9))) rows/s"
        Console.status(line)
    }

    /// `feed: 100000 rows (2 errors) in 0.412 s, 242718 rows/s`.
    func finish(rows: Int, errors: Int, quiet: Bool) {
        if shown { Console.status("\r\u{1B}[K") }
        guard !quiet else { return }
        let seconds = self.seconds
        let rate = seconds > 0 ? Int(Double(rows) / seconds) : rows
        let errorText = errors == 0 ? "" : " (\(errors) error\(errors == 1 ? "" : "s"))"
        Console.status("feed: \(rows) row\(rows == 1 ? "" : "s")\(errorText) in \(NumberText.compactSeconds(seconds)) s, \(rate) rows/s\n")
    }
}

extension NumberText {
    /// Seconds with three decimals: `0.412`.
    static func compactSeconds(_ value: Double) -> String {
        let milliseconds = Int((value * 1000).rounded())
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
