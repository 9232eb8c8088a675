// The solver path (issue 4): each example cell by frame arithmetic vs by constraints, and a
// 16-label stacked cell built and solved with the Cassowary solver directly (kiwi's benchmark).
// Churn on long-lived systems (issue 34): constraints added and removed, constants and
// priorities changed, on one solver or engine for the whole run.
import Benchmark
import BenchmarkSupport
import ConstraintLayout
import ConstraintSolver
import TextMetrics
import CellLayout

/// A cell of 16 stacked labels in a container of fixed width, Auto Layout style.
struct SixteenLabelCell {
    let solver = Solver()
    let containerWidth = Variable("container.width")
    let containerHeight = Variable("container.height")
    var heights: [Variable] = []

    /// Intrinsic heights: one to three lines of 15 pt Roboto.
    static let intrinsic: [Double] = (0..<16).map { Double($0 % 3 + 1) * 17.578125 }

    /// Builds every variable and constraint; `editableWidth` makes the container width an edit
    /// variable instead of a required constant.
    init(width: Double, editableWidth: Bool) throws {
        if editableWidth {
            try solver.addEditVariable(containerWidth, strength: .strong)
            try solver.suggestValue(width, for: containerWidth)
        } else {
            try solver.addConstraint(containerWidth |==| width)
        }
        var previousBottom: Expression?
        for index in 0..<16 {
            let left = Variable("label\(index).left"), top = Variable("label\(index).top")
            let labelWidth = Variable("label\(index).width"), height = Variable("label\(index).height")
            heights.append(height)
            try solver.addConstraint(left |==| 8)                                      // leading inset 8
            try solver.addConstraint(left + labelWidth |==| containerWidth - 8)        // trailing inset 8
            try solver.addConstraint(labelWidth |==| containerWidth - 16)              // width
            if let previousBottom {
                try solver.addConstraint(top |==| previousBottom + 8)                  // top = previous bottom + 8
            } else {
                try solver.addConstraint(top |==| 8)
            }
            try solver.addConstraint((height |>=| SixteenLabelCell.intrinsic[index]).priority(750))  // compression resistance
            try solver.addConstraint((height |==| SixteenLabelCell.intrinsic[index]).priority(250))  // hugging
            previousBottom = top + height
        }
        try solver.addConstraint(previousBottom! + 8 |==| containerHeight)             // last bottom + 8 = bottom
        try solver.addConstraint((containerHeight |==| 0).priority(50))                // fitting size: minimize
        solver.updateVariables()
    }
}

let benchmarks: @Sendable () -> Void = {
    // 9. Each example cell, one row at a time, text caches warm for every path.
    for name in Examples.cells {
        let template = Examples.template(name)
        let engine = try! CellLayoutEngine(template)
        let compiler = try! TemplateConstraintCompiler(template)
        var prose = Prose(seed: 0x5017_0009 &+ UInt64(name.utf8.count))
        let rows = Examples.rows(name, count: 128, prose: &prose)
        for row in rows {
            let fast = try! engine.height(for: row)
            let solved = try! compiler.height(for: row)
            let fresh = try! compiler.freshHeight(for: row)
            precondition(fast == solved && solved == fresh, "\(name): fast \(fast), solver \(solved), fresh \(fresh)")
        }
        Benchmark("Compare/\(name) fast path",
                  configuration: .init(metrics: [.wallClock, .throughput], timeUnits: .nanoseconds,
                                       warmupIterations: 1, scalingFactor: .kilo, maxDuration: .seconds(2),
                                       maxIterations: 1_000)) { benchmark in
            for index in benchmark.scaledIterations {
                blackHole(try! engine.height(for: rows[index & 127]))
            }
        }
        let solverConfiguration = Benchmark.Configuration(
            metrics: [.wallClock, .throughput], timeUnits: .nanoseconds, warmupIterations: 10, scalingFactor: .one,
            maxDuration: .seconds(2), maxIterations: 100_000)
        Benchmark("Compare/\(name) solver reused system", configuration: solverConfiguration) { benchmark in
            for index in benchmark.scaledIterations {
                blackHole(try! compiler.height(for: rows[(benchmark.currentIteration + index) & 127]))
            }
        }
        Benchmark("Compare/\(name) solver fresh system", configuration: solverConfiguration) { benchmark in
            for index in benchmark.scaledIterations {
                blackHole(try! compiler.freshHeight(for: rows[(benchmark.currentIteration + index) & 127]))
            }
        }
    }

    // 10. The 16-label cell: build everything and solve, every iteration.
    Benchmark("Solver/16-label cell build+solve",
              configuration: .init(metrics: [.wallClock, .throughput, .mallocCountTotal], timeUnits: .nanoseconds,
                                   warmupIterations: 10, scalingFactor: .one, maxDuration: .seconds(3),
                                   maxIterations: 100_000)) { benchmark in
        for _ in benchmark.scaledIterations {
            let cell = try! SixteenLabelCell(width: 320, editableWidth: false)
            blackHole(cell.containerHeight.value)
        }
    }

    // Re-solve after a width change: suggest a new container width to the edit variable.
    let cell = try! SixteenLabelCell(width: 320, editableWidth: true)
    nonisolated(unsafe) var flip = false
    Benchmark("Solver/16-label re-solve after width change",
              configuration: .init(metrics: [.wallClock, .throughput], timeUnits: .nanoseconds,
                                   warmupIterations: 10, scalingFactor: .kilo, maxDuration: .seconds(2),
                                   maxIterations: 1_000)) { benchmark in
        for _ in benchmark.scaledIterations {
            flip.toggle()
            try! cell.solver.suggestValue(flip ? 375 : 320, for: cell.containerWidth)
            cell.solver.updateVariables()
            blackHole(cell.containerHeight.value)
        }
    }

    // Thousands of operations per measurement, and the allocations they make (none, once the
    // system has grown).
    let churnConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal], timeUnits: .nanoseconds, warmupIterations: 10,
        scalingFactor: .kilo, maxDuration: .seconds(2), maxIterations: 1_000)

    // 11. Churn: one constraint on label 8's height added and removed on one long-lived cell,
    // for the whole run (the system never resets): required (its row goes through phase one
    // and its rollback journal) or strong. Flat means the same time per cycle at the end of a
    // run as at its start, and no allocation at all.
    for required in [true, false] {
        let churned = try! SixteenLabelCell(width: 320, editableWidth: true)
        let equality = churned.heights[8] |==| SixteenLabelCell.intrinsic[8] + (required ? 3 : 20)
        let constraint = required ? equality : equality.withStrength(.strong)
        Benchmark("Solver/16-label churn \(required ? "required" : "strong") add+remove",
                  configuration: churnConfiguration) { benchmark in
            for _ in benchmark.scaledIterations {
                try! churned.solver.addConstraint(constraint)
                try! churned.solver.removeConstraint(constraint)
            }
            blackHole(churned.solver.value(of: churned.containerHeight))
        }
    }

    // A required constraint's constant moved in place (no row removed or added): label 8's
    // height pinned, alternately 3 and 6 points above its intrinsic height.
    let pinned = try! SixteenLabelCell(width: 320, editableWidth: true)
    nonisolated(unsafe) var pin = pinned.heights[8] |==| SixteenLabelCell.intrinsic[8] + 3
    try! pinned.solver.addConstraint(pin)
    nonisolated(unsafe) var raised = false
    Benchmark("Solver/16-label changeConstant (required)",
              configuration: churnConfiguration) { benchmark in
        for _ in benchmark.scaledIterations {
            raised.toggle()
            pin = try! pinned.solver.changeConstant(of: pin, to: -(SixteenLabelCell.intrinsic[8] + (raised ? 6 : 3)))
        }
        blackHole(pinned.solver.value(of: pinned.containerHeight))
    }

    // The same churn through the Auto Layout layer: an engine kept for the run, one
    // constraint activated and deactivated, and a constant changed on an active one.
    let engine = LayoutEngine(scale: 2)
    let box = LayoutItem(name: "box")
    engine.addItem(box)
    let toggled = box.width.constraint(equalToConstant: 120)
    let top = box.top.constraint(equalTo: engine.contentView.top, constant: 10)
    try! engine.activate([
        box.leading.constraint(equalTo: engine.contentView.leading, constant: 10), top,
        box.height.constraint(equalToConstant: 20), box.width.constraint(equalToConstant: 60).withPriority(.defaultLow),
        engine.contentView.bottom.constraint(greaterThanOrEqualTo: box.bottom, constant: 10),
    ])
    Benchmark("LayoutEngine/activate+deactivate",
              configuration: churnConfiguration) { benchmark in
        for _ in benchmark.scaledIterations {
            try! engine.activate([toggled])
            engine.deactivate([toggled])
        }
        blackHole(box.frame)
    }
    nonisolated(unsafe) var lowered = false
    Benchmark("LayoutEngine/constant change",
              configuration: churnConfiguration) { benchmark in
        for _ in benchmark.scaledIterations {
            lowered.toggle()
            top.constant = lowered ? 14 : 10
        }
        blackHole(box.frame)
    }
}
