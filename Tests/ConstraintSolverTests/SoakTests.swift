import Testing
@testable import ConstraintSolver

/// A long-lived solver under churn: the cost of a cycle, the symbols and the memory stay
/// what they were after the first thousand cycles. Cost is counted, not timed (pivots and
/// cells merged); the times are in the benchmarks.
@Suite("Churn keeps a constant cost")
struct SoakTests {
    /// The benchmarks' 16-label cell with its container width a strong edit variable at 320.
    static func sixteenLabelCell() throws -> (solver: Solver, heights: [Variable], containerHeight: Variable) {
        let solver = Solver()
        let width = Variable("container.width"), height = Variable("container.height")
        try solver.addEditVariable(width, strength: .strong)
        try solver.suggestValue(320, for: width)
        var heights: [Variable] = []
        var previousBottom = Expression(constant: 0)
        for index in 0..<16 {
            let left = Variable(), top = Variable(), labelWidth = Variable(), labelHeight = Variable()
            heights.append(labelHeight)
            try solver.addConstraint(left |==| 8)
            try solver.addConstraint(left + labelWidth |==| width - 8)
            try solver.addConstraint(labelWidth |==| width - 16)
            try solver.addConstraint(top |==| previousBottom + 8)
            let intrinsic = Double(index % 3 + 1) * 17.578125
            try solver.addConstraint((labelHeight |>=| intrinsic).priority(750))
            try solver.addConstraint((labelHeight |==| intrinsic).priority(250))
            previousBottom = top + labelHeight
        }
        try solver.addConstraint(previousBottom + 8 |==| height)
        try solver.addConstraint((height |==| 0).priority(50))
        return (solver, heights, height)
    }

    static func work(_ solver: Solver) -> Int { solver.impl.pivotCount + solver.impl.mergedCells }

    /// 100,000 add/remove cycles of one constraint on label 8's height: required (its row
    /// needs phase one, whose failure journal used to be a copy of the tableau) or strong.
    @Test(arguments: [true, false])
    func addRemoveCycles(required: Bool) throws {
        let (solver, heights, containerHeight) = try Self.sixteenLabelCell()
        let intrinsic: Double = 3 * 17.578125   // label 8: three lines
        let target: Double = intrinsic + (required ? 3 : 20)
        let equality: Constraint = heights[8] |==| target
        let constraint: Constraint = required ? equality : equality.withStrength(.strong)
        let settled = solver.value(of: containerHeight)
        let initial = solver.impl.occupancy
        // By hand: 8 above the first label, each label's intrinsic height and 8 below it.
        var stacked = 8.0
        for index in 0..<16 { stacked += Double(index % 3 + 1) * 17.578125 + 8 }
        #expect(approximatelyEqual(settled, stacked))

        func cycle(_ count: Int) throws {
            for _ in 0..<count {
                try solver.addConstraint(constraint)
                try solver.removeConstraint(constraint)
            }
        }
        var start = Self.work(solver)
        try cycle(1_000)
        let firstThousand = Self.work(solver) - start
        let afterFirstThousand = solver.impl.occupancy
        try cycle(98_000)
        start = Self.work(solver)
        try cycle(1_000)
        let lastThousand = Self.work(solver) - start

        #expect(firstThousand > 0)
        #expect(Double(lastThousand) <= 1.5 * Double(firstThousand), "work \(firstThousand) → \(lastThousand)")
        #expect(solver.impl.occupancy == afterFirstThousand)
        // Flat from the start: the cycle borrows its marker, errors and artificial variable
        // and gives them back.
        #expect(solver.impl.occupancy.liveSymbols == initial.liveSymbols)
        #expect(solver.impl.occupancy.symbolTableSize <= initial.symbolTableSize + 3)
        #expect(solver.value(of: containerHeight) == settled)
        #expect(solver.impl.residualPurges == 0)
        if required {
            #expect(solver.impl.artificialAdditions == 100_000)
        }
        // With the constraint in, label 8 takes its height (the required one) or leans to it.
        try solver.addConstraint(constraint)
        #expect(abs(solver.value(of: heights[8]) - target) < 1e-9)
        #expect(solver.invariantViolations.isEmpty)
    }

    /// A required constraint that cannot hold, added 10,000 times: every failure is rolled
    /// back from the journal and leaves nothing behind.
    @Test func failedAddCycles() throws {
        let (solver, heights, containerHeight) = try Self.sixteenLabelCell()
        try solver.addConstraint(heights[3] |<=| 10)
        let before = solver.stateDump
        let impossible: Constraint = heights[3] |>=| 20
        var rejected = 0
        for _ in 0..<10_000 {
            let outcome = Result { () throws(SolverError) in try solver.addConstraint(impossible) }
            if case .failure(.unsatisfiableConstraint(let culprit)) = outcome, culprit === impossible { rejected += 1 }
        }
        #expect(rejected == 10_000)
        #expect(solver.stateDump == before)
        #expect(solver.impl.artificialFailures == 10_000)
        #expect(solver.value(of: heights[3]) == 10)
        #expect(solver.value(of: containerHeight) > 0)
    }
}
