// Our side of the solver comparison with kiwi: the same systems, strengths and measurements as
// kiwi_harness.cpp, line for line (see README.md beside this file). scripts/kiwi-benchmark.sh
// compiles it against an optimized build of the ConstraintSolver module.
//
//   solver_harness [cycles]          times everything; one line per measurement:
//                                    name <TAB> nanoseconds per operation <TAB> check value
//   solver_harness count NAME K      runs operation NAME K times untimed (for callgrind)
//   solver_harness list              prints the operations' names
import ConstraintSolver

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An Auto Layout priority's strength: the weight 10^((p − 500) / 100).
func weight(_ priority: Float) -> Strength { Strength(priority: priority) }
let strong = Strength.strong   // priority 800, weight 1000, kiwi's `strong`

func intrinsic(_ index: Int) -> Double { Double(index % 3 + 1) * 17.578125 }

/// A vertical stack of `labels` labels in a container (see README.md for the constraints).
/// `cell` selects the package-benchmark's 16-label cell pattern (compression resistance 750
/// for every label) over the stack pattern (required for even labels, 750 for odd ones);
/// `editable` makes the container width a strong edit variable instead of a required 320.
final class Stack {
    let solver = Solver()
    let width = Variable("container.width")
    let height = Variable("container.height")
    var heights: [Variable] = []

    init(labels: Int, cell: Bool, editable: Bool) throws {
        if editable {
            try solver.addEditVariable(width, strength: strong)
            try solver.suggestValue(320, for: width)
        } else {
            try solver.addConstraint(width |==| 320)
        }
        var previousBottom = Expression(constant: 0)
        for i in 0..<labels {
            let left = Variable("left"), top = Variable("top")
            let labelWidth = Variable("width"), labelHeight = Variable("height")
            heights.append(labelHeight)
            try solver.addConstraint(left |==| 8)
            try solver.addConstraint(left + labelWidth |==| width - 8)
            try solver.addConstraint(labelWidth |==| width - 16)
            if i == 0 {
                try solver.addConstraint(top |==| 8)
            } else {
                try solver.addConstraint(top |==| previousBottom + 8)
            }
            let resistance = (cell || i % 2 == 1) ? weight(750) : .required
            try solver.addConstraint((labelHeight |>=| intrinsic(i)).withStrength(resistance))
            try solver.addConstraint((labelHeight |==| intrinsic(i)).withStrength(weight(250)))
            previousBottom = top + labelHeight
        }
        try solver.addConstraint(previousBottom + 8 |==| height)
        try solver.addConstraint((height |==| 0).withStrength(weight(50)))
        solver.updateVariables()
    }
}

/// One measured operation: `setup` builds what it works on, `run` is the operation, `check`
/// reads the container height afterwards.
struct Benchmark {
    var name: String
    var iterations: Int
    var setup: () throws -> Void
    var run: () throws -> Void
    var check: () -> Double
}

/// A value shared by a benchmark's closures.
final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

func benchmarks() -> [Benchmark] {
    var list: [Benchmark] = []
    let systems: [(name: String, labels: Int, cell: Bool)] = [
        ("stack-1", 1, false), ("stack-4", 4, false), ("stack-16", 16, false), ("stack-64", 64, false),
        ("cell-16", 16, true),
    ]
    for (name, labels, cell) in systems {
        // Build + solve: every variable, constraint and the solver, per operation. The cell is
        // built with a required width (the package benchmark's), the stacks with an edit.
        let built = Box<Stack?>(nil)
        list.append(Benchmark(name: name + " build+solve", iterations: max(20, 4000 / labels), setup: {},
                              run: { built.value = try Stack(labels: labels, cell: cell, editable: !cell) },
                              check: { built.value!.height.value }))
        // Re-solve: a new container width suggested (320 <-> 375) and the values read.
        let resolved = Box<Stack?>(nil)
        let flip = Box(false)
        list.append(Benchmark(name: name + " re-solve", iterations: 20000,
                              setup: { resolved.value = try Stack(labels: labels, cell: cell, editable: true) },
                              run: {
                                  flip.value.toggle()
                                  try resolved.value!.solver.suggestValue(flip.value ? 375 : 320, for: resolved.value!.width)
                                  resolved.value!.solver.updateVariables()
                              },
                              check: { resolved.value!.height.value }))
        // Churn: one constraint on the middle label's height added and removed, required (its
        // row needs an artificial variable) or strong.
        for required in [true, false] {
            let stack = Box<Stack?>(nil)
            let constraint = Box<Constraint?>(nil)
            list.append(Benchmark(name: name + (required ? " churn required" : " churn strong"), iterations: 2000,
                                  setup: {
                                      stack.value = try Stack(labels: labels, cell: cell, editable: true)
                                      let target = stack.value!.heights[labels / 2]
                                      let equality = target |==| intrinsic(labels / 2) + (required ? 3 : 20)
                                      constraint.value = required ? equality : equality.withStrength(strong)
                                  },
                                  run: {
                                      try stack.value!.solver.addConstraint(constraint.value!)
                                      try stack.value!.solver.removeConstraint(constraint.value!)
                                  },
                                  check: {
                                      stack.value!.solver.updateVariables()
                                      return stack.value!.height.value
                                  }))
        }
    }
    return list
}

func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
}

func report(_ name: String, _ nanoseconds: Double, _ check: Double) {
    let rounded = (nanoseconds * 10).rounded() / 10
    print("\(name)\t\(rounded)\t\(check)")
}

let arguments = CommandLine.arguments
let list = benchmarks()
if arguments.count == 2 && arguments[1] == "list" {
    for benchmark in list { print(benchmark.name) }
    exit(0)
}
if arguments.count == 4 && arguments[1] == "count" {
    guard let benchmark = list.first(where: { $0.name == arguments[2] }), let count = Int(arguments[3]) else {
        print("no benchmark named \(arguments[2])")
        exit(1)
    }
    try benchmark.setup()
    for _ in 0..<count { try benchmark.run() }
    report(benchmark.name, 0, benchmark.check())
    exit(0)
}
let cycles = arguments.count > 1 ? Int(arguments[1])! : 100_000
for benchmark in list {
    try benchmark.setup()
    if !benchmark.name.contains("churn") {
        // The best of five rounds.
        var best = Double.infinity
        for _ in 0..<5 {
            let start = now()
            for _ in 0..<benchmark.iterations { try benchmark.run() }
            best = min(best, (now() - start) / Double(benchmark.iterations))
        }
        report(benchmark.name, best, benchmark.check())
        continue
    }
    // `cycles` cycles on one long-lived system, timed by the thousand: the first thousand,
    // the last thousand, and the mean of all.
    var blocks: [Double] = []
    var start = now()
    for cycle in 1...cycles {
        try benchmark.run()
        if cycle % 1000 == 0 {
            let t = now()
            blocks.append((t - start) / 1000)
            start = t
        }
    }
    let check = benchmark.check()
    report(benchmark.name + " first 1000", blocks.first!, check)
    report(benchmark.name + " last 1000", blocks.last!, check)
    report(benchmark.name + " mean", blocks.reduce(0, +) / Double(blocks.count), check)
}
