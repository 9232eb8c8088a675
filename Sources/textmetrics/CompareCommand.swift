import ArgumentParser
import ConstraintLayout
import JSON
import TextMetrics
import CellLayout

/// `textmetrics compare`: every row sized both ways — frame arithmetic and constraint
/// solving — checked for identical frames, and both timed.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Size every row by frame arithmetic and by constraint solving: check they agree, time both.",
        discussion: """
            Rows come as JSON Lines on standard input, or from --data (a JSON array of objects, \
            like questions.json, or a JSON Lines file). Each row is laid out by the fast path \
            and by the Auto Layout–style solver (the template compiled to constraints); any \
            difference in the height or an item's frame is a disagreement, and the first few \
            are printed with both frames. Rows the fast path rejects (an item given less width \
            than its insets or fixed boxes need — the solver squeezes an earlier item instead) \
            are counted apart. Then both are timed per row with their text caches warm: the \
            fast path over all rows, then the solver over all rows (one reused constraint \
            system per presence pattern, or a fresh one per row with --fresh), --repetitions \
            times; the median is reported. With --json the last line is \
            {"rows", "disagreements", "fastMicrosPerRow", "solverMicrosPerRow", "speedup"}. \
            The exit status is non-zero when any row disagrees.
            """)

    @OptionGroup var cell: CellTemplateOptions

    @Option(help: "Timing repetitions; the median is reported.")
    var repetitions = 5

    @Option(help: "How many disagreeing rows to print.")
    var show = 3

    @Flag(help: "Time the solver with a fresh constraint system per row (the template cell rebuilt per row).")
    var fresh = false

    @Flag(help: "End with a JSON summary line.")
    var json = false

    func validate() throws {
        guard repetitions >= 1 else { throw ValidationError("--repetitions must be 1 or more, got \(repetitions)") }
        guard show >= 0 else { throw ValidationError("--show must be 0 or more, got \(show)") }
    }

    func run() throws {
        let engine = try CellInput.engine(cell.template)
        let (width, scale) = try CellInput.widthAndScale(cell.width, cell.scale, engine)
        let compiler: TemplateConstraintCompiler
        do {
            compiler = try TemplateConstraintCompiler(engine.template, scale: scale)
        } catch {
            throw CommandError("template \(cell.template): \(error)")
        }
        let rows = try readRows()

        // Agreement, row by row.
        var disagreements = 0, rejected = 0, failed = 0
        var good: [RowData] = []
        for (index, row) in rows.enumerated() {
            let expected = Result { try engine.layout(for: row, width: width, scale: scale) }
            let solved = Result { try compiler.solve(row, width: width) }
            switch (expected, solved) {
            case (.success(let layout), .success(let cell)):
                let differences = cell.differences(from: layout)
                if differences.isEmpty {
                    good.append(row)
                } else {
                    disagreements += 1
                    if disagreements <= show { report(index, row, differences, layout, cell) }
                }
            case (.failure(let error), .success):
                rejected += 1
                if !json && rejected <= show { Console.status("row \(index): the fast path rejects it: \(error)\n") }
            case (.failure, .failure):
                failed += 1
            case (.success, .failure(let error)):
                disagreements += 1
                if disagreements <= show { Console.status("row \(index): the solver fails: \(error)\n") }
            }
        }

        // Timing, caches warm for both.
        let fastTimes = try time(good) { row in _ = try engine.height(for: row, width: width, scale: scale) }
        let solverTimes = try time(good) { row in
            _ = try fresh ? compiler.freshHeight(for: row, width: width) : compiler.height(for: row, width: width)
        }
        let fastMicros = median(fastTimes), solverMicros = median(solverTimes)
        let speedup = fastMicros > 0 ? solverMicros / fastMicros : 0

        do {
            var text = "rows \(rows.count): \(good.count) agree, \(disagreements) disagree"
            if rejected > 0 { text += ", \(rejected) rejected by the fast path only" }
            if failed > 0 { text += ", \(failed) rejected by both" }
            text += "\n"
            text += "fast path  \(NumberText.points(fastMicros)) µs/row\n"
            text += "solver     \(NumberText.points(solverMicros)) µs/row ("
                + (fresh ? "a fresh constraint system per row" : "\(compiler.systemCount) reused constraint system"
                   + (compiler.systemCount == 1 ? "" : "s")) + ")\n"
            text += "speedup    \(NumberText.points(speedup))× (median of \(repetitions), warm text caches)\n"
            if json { Console.status(text) } else { Console.write(text) }
        }
        if json {
            let summary = JSONValue.object([
                ("rows", .number(Double(rows.count))), ("disagreements", .number(Double(disagreements))),
                ("fastMicrosPerRow", .number(fastMicros)), ("solverMicrosPerRow", .number(solverMicros)),
                ("speedup", .number(speedup)),
            ])
            print(summary.serialized)
        }
        Console.flush()
        if disagreements > 0 { throw ExitCode(1) }
    }

    private func readRows() throws -> [RowData] {
        let bytes = try cell.data.map { try CellInput.bytes($0, what: "data") } ?? StandardInput.readAll()
        let source: RowSource
        do {
            source = try RowSource(bytes)
        } catch {
            throw CommandError("the rows are not valid JSON: \(error)")
        }
        return try (0..<source.count).map { index in
            let value: JSONValue
            do {
                value = try source.row(index)
            } catch {
                throw CommandError("\(source.place(index)) is not valid JSON: \(error)")
            }
            do {
                return try RowData(value)
            } catch {
                throw CommandError("row \(index): \(error)")
            }
        }
    }

    /// Microseconds per row of `body` over `rows`, once to warm up, then per repetition.
    private func time(_ rows: [RowData], _ body: (RowData) throws -> Void) throws -> [Double] {
        guard !rows.isEmpty else { return [0] }
        for row in rows { try body(row) }
        let clock = ContinuousClock()
        var out: [Double] = []
        for _ in 0..<repetitions {
            let start = clock.now
            for row in rows { try body(row) }
            let elapsed = clock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            out.append(seconds * 1e6 / Double(rows.count))
        }
        return out
    }

    private func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }

    private func report(_ index: Int, _ row: RowData, _ differences: [String], _ layout: CellLayout, _ cell: CellLayout) {
        var text = "row \(index)" + (row.identity.map { " (id \($0.serialized))" } ?? "") + " disagrees:\n"
        for line in differences.prefix(8) { text += "  " + line + "\n" }
        text += "  fast path: height \(layout.height)\n"
        for item in layout.items { text += "    \(item.path) \(item.frame)\n" }
        text += "  solver: height \(cell.height)\n"
        for item in cell.items { text += "    \(item.path) \(item.frame)\n" }
        Console.status(text)
    }
}
