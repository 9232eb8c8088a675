// Our side of the solver comparison with kiwi: the same systems, strengths and measurements as
// kiwi_harness.cpp, line for line (see README.md beside this file). scripts/kiwi-benchmark.sh
// compiles it against an optimized build of the ConstraintSolver module.
//
// Prints one line per measurement: `name<TAB>nanoseconds per operation<TAB>check value`.
import ConstraintSolver

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

func weight(_ priority: Double) -> Strength { Strength(priority: Float(priority)) }
let strong = Strength.strong   // priority 800, weight 1000

func intrinsic(_ index: Int) -> Double { Double(index % 3 + 1) * 17.578125 }

/// A vertical stack of `labels` labels in a container (see README.md for the constraints).
final class Stack {
    let solver = Solver()
    let width = Variable("container.width")
    let height = Variable("container.height")
    var heights: [Variable] = []

    init(labels: Int, cell: Bool, editable: Bool) throws {
        let s = solver
        if editable {
            try s.addEditVariable(width, strength: strong)
            try s.suggestValue(320, for: width)
        } else {
            try s.addConstraint(width |==| 320)
        }
        var previousBottom = Expression(constant: 0)
        for i in 0..<labels {
            let left = Variable("left"), top = Variable("top")
            let labelWidth = Variable("width"), labelHeight = Variable("height")
            heights.append(labelHeight)
            try s.addConstraint(left |==| 8)
            try s.addConstraint(left + labelWidth |==| width - 8)
            try s.addConstraint(labelWidth |==| width - 16)
            if i == 0 {
                try s.addConstraint(top |==| 8)
            } else {
                try s.addConstraint(top |==| previousBottom + 8)
            }
            let resistance = (cell || i % 2 == 1) ? weight(750) : .required
            try s.addConstraint((labelHeight |>=| intrinsic(i)).withStrength(resistance))
            try s.addConstraint((labelHeight |==| intrinsic(i)).withStrength(weight(250)))
            previousBottom = top + labelHeight
        }
        try s.addConstraint(previousBottom + 8 |==| height)
        try s.addConstraint((height |==| 0).withStrength(weight(50)))
        s.updateVariables()
    }
}

func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
}

/// The best of `rounds` rounds of `iterations` calls, in nanoseconds per call.
func best(_ rounds: Int, _ iterations: Int, _ body: () throws -> Void) rethrows -> Double {
    var result = Double.infinity
    for _ in 0..<rounds {
        let start = now()
        for _ in 0..<iterations { try body() }
        result = min(result, (now() - start) / Double(iterations))
    }
    return result
}

func report(_ name: String, _ nanoseconds: Double, _ check: Double) {
    print("\(name)\t\((nanoseconds * 10).rounded() / 10)\t\(check)")
}

func iterationsFor(_ labels: Int, _ base: Int) -> Int { max(20, base / max(1, labels)) }

func buildSolve(_ name: String, _ labels: Int, cell: Bool, editable: Bool) throws {
    var check = 0.0
    let ns = try best(5, iterationsFor(labels, 4000)) {
        let stack = try Stack(labels: labels, cell: cell, editable: editable)
        check = stack.height.value
    }
    report(name + " build+solve", ns, check)
}

func resolve(_ name: String, _ labels: Int, cell: Bool) throws {
    let stack = try Stack(labels: labels, cell: cell, editable: true)
    var flip = false
    let ns = try best(5, 20000) {
        flip.toggle()
        try stack.solver.suggestValue(flip ? 375 : 320, for: stack.width)
        stack.solver.updateVariables()
    }
    report(name + " re-solve", ns, stack.height.value)
}

/// `cycles` add/remove cycles of one constraint on one long-lived system: the mean of the first
/// thousand, of the last thousand, and of all.
func churn(_ name: String, _ labels: Int, cell: Bool, required: Bool, cycles: Int) throws {
    let stack = try Stack(labels: labels, cell: cell, editable: true)
    let target = stack.heights[labels / 2]
    let value = intrinsic(labels / 2) + (required ? 3 : 20)
    let constraint = required ? (target |==| value) : (target |==| value).withStrength(strong)
    var times: [Double] = []
    let block = 1000
    var start = now()
    for i in 0..<cycles {
        try stack.solver.addConstraint(constraint)
        try stack.solver.removeConstraint(constraint)
        if (i + 1) % block == 0 {
            let t = now()
            times.append((t - start) / Double(block))
            start = t
        }
    }
    stack.solver.updateVariables()
    let kind = required ? " churn required" : " churn strong"
    let check = stack.height.value
    report(name + kind + " first 1000", times.first!, check)
    report(name + kind + " last 1000", times.last!, check)
    report(name + kind + " mean", times.reduce(0, +) / Double(times.count), check)
}

let arguments = CommandLine.arguments
let cycles = arguments.count > 1 ? Int(arguments[1])! : 100_000
for labels in [1, 4, 16, 64] {
    try buildSolve("stack-\(labels)", labels, cell: false, editable: true)
    try resolve("stack-\(labels)", labels, cell: false)
}
try buildSolve("cell-16", 16, cell: true, editable: false)
try resolve("cell-16", 16, cell: true)
for labels in [1, 4, 16, 64] {
    try churn("stack-\(labels)", labels, cell: false, required: true, cycles: cycles)
    try churn("stack-\(labels)", labels, cell: false, required: false, cycles: cycles)
}
try churn("cell-16", 16, cell: true, required: true, cycles: cycles)
try churn("cell-16", 16, cell: true, required: false, cycles: cycles)
