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

    /// Answers rows given as JSON Lines (blank lines are skipped and not counted).
    func answerLines(_ lines: [ArraySlice<UInt8>]) {
        let kept = lines.filter { line in !line.allSatisfy { $0 == 0x20 || $0 == 0x09 } }
        let first = rows
        let indexed = kept.enumerated().map { (first + $0.offset, $0.element) }
        write(ParallelMap.map(indexed) { [self] index, line in
            let value: JSONValue
            do {
                value = try line.withUnsafeBufferPointer { try JSONValue.parse($0) }
            } catch {
                return FeedAnswer.error(id: .number(Double(index)), "not valid JSON: \(error)")
            }
            return answer(value, index: index)
        })
    }

    /// Answers rows given as parsed values (a JSON array file).
    func answerValues(_ values: ArraySlice<JSONValue>) {
        let first = rows
        let indexed = values.enumerated().map { (first + $0.offset, $0.element) }
        write(ParallelMap.map(indexed) { [self] index, value in answer(value, index: index) })
    }

    private func write(_ answers: [FeedAnswer]) {
        var text = ""
        text.reserveCapacity(answers.reduce(0) { $0 + $1.text.utf8.count + 1 })
        for answer in answers {
            text += answer.text
            text += "\n"
            if answer.isError { errors += 1 }
        }
        rows += answers.count
        Console.write(text)
        Console.flush()
        progress.update(rows: rows)
    }

    private func answer(_ value: JSONValue, index: Int) -> FeedAnswer {
        let row: RowData
        do {
            row = try RowData(value)
        } catch let error as TemplateError {
            return FeedAnswer.error(id: .number(Double(index)), error.reason)
        } catch {
            return FeedAnswer.error(id: .number(Double(index)), "\(error)")
        }
        let id = row.identity ?? .number(Double(index))
        do {
            if frames {
                let layout = try engine.layout(for: row, width: width, scale: scale)
                return FeedAnswer(text: JSONValue.object([("id", id), ("height", .number(layout.height)),
                                                          ("frames", CellJSON.frames(layout))]).serialized, isError: false)
            }
            let height = try engine.height(for: row, width: width, scale: scale)
            var bytes = Array("{\"id\":".utf8)
            JSONValue.write(id, toUTF8: &bytes)
            bytes.append(contentsOf: ",\"height\":".utf8)
            JSONValue.writeNumber(height, toUTF8: &bytes)
            bytes.append(UInt8(ascii: "}"))
            return FeedAnswer(text: String(decoding: bytes, as: UTF8.self), isError: false)
        } catch {
            return FeedAnswer.error(id: id, "\(error)")
        }
    }
}

/// One answer line.
struct FeedAnswer {
    var text: String
    var isError: Bool

    static func error(id: JSONValue, _ message: String) -> FeedAnswer {
        FeedAnswer(text: JSONValue.object([("id", id), ("error", .string(message))]).serialized, isError: true)
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
