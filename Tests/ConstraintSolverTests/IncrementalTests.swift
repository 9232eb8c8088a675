import TestSupport
import Testing
@testable import ConstraintSolver

@Suite("Incremental edits equal a fresh solve")
struct IncrementalTests {
    /// Builds a solver holding `constraints` plus `variable == value`
    /// constraints at the edit strengths, from scratch.
    static func freshObjective(_ plain: [PlainConstraint], _ system: RandomSystem, keep: [Bool],
                               edits: [(Int, Strength, Double)]) throws -> (Double, Double) {
        let solver = Solver()
        for (index, c) in system.constraints.enumerated() where keep[index] {
            try solver.addConstraint(c.withStrength(c.strength))
        }
        for (variable, strength, value) in edits {
            try solver.addConstraint(Constraint(system.variables[variable] - value, .equal, strength: strength))
        }
        solver.updateVariables()
        let values = system.variables.map(\.value)
        let (error, violation) = Reference.evaluate(plain, values: values)
        return (error, violation)
    }

    @Test(arguments: 0..<3)
    func suggestionsMatchFreshSolves(batch: Int) throws {
        for seed in 0..<80 {
            let seed = UInt64(10_000 + batch * 1000 + seed)
            var rng = TestCorpus.Random(seed: seed)
            let system = RandomSystem(using: &rng, strengths: weightedStrengths)
            let solver = Solver()
            var keep: [Bool] = []
            for c in system.constraints {
                do { try solver.addConstraint(c); keep.append(true) } catch { keep.append(false) }
            }
            // Edit one or two variables.
            let editCount = Int.random(in: 1...2, using: &rng)
            var edits: [(Int, Strength, Double)] = []
            for index in 0..<editCount {
                let strength = [Strength(weight: 4), Strength(weight: 0.5), .strong].randomElement(using: &rng)!
                try solver.addEditVariable(system.variables[index], strength: strength)
                edits.append((index, strength, 0))
            }
            for step in 0..<12 {
                let which = Int.random(in: 0..<editCount, using: &rng)
                let value = Double(Int.random(in: -40...40, using: &rng)) / 2
                try solver.suggestValue(value, for: system.variables[which])
                edits[which].2 = value
                // Occasionally drop a constraint on the way.
                if step % 5 == 4, let index = keep.indices.filter({ keep[$0] }).randomElement(using: &rng) {
                    try solver.removeConstraint(system.constraints[index])
                    keep[index] = false
                }
                #expect(solver.invariantViolations.isEmpty, "seed \(seed) step \(step)")

                var plain = zip(system.plain, keep).filter(\.1).map(\.0)
                for (variable, strength, value) in edits {
                    var coefficients = Array(repeating: 0.0, count: system.variables.count)
                    coefficients[variable] = 1
                    plain.append(PlainConstraint(coefficients: coefficients, constant: -value, relation: .equal,
                                                 weight: strength.weight))
                }
                solver.updateVariables()
                let (error, violation) = Reference.evaluate(plain, values: system.variables.map(\.value))
                let (freshError, freshViolation) = try Self.freshObjective(plain, system, keep: keep, edits: edits)
                let reference = Reference.minimumError(plain, variableCount: system.variables.count)
                #expect(violation < 1e-6 && freshViolation < 1e-6, "seed \(seed) step \(step)")
                #expect(approximatelyEqual(error, freshError), "seed \(seed) step \(step): \(error) vs fresh \(freshError)")
                #expect(reference.map { approximatelyEqual(error, $0) } ?? false,
                        "seed \(seed) step \(step): \(error) vs reference \(String(describing: reference))")
                #expect(approximatelyEqual(solver.objectiveValue, error), "seed \(seed) step \(step): objective")
            }
        }
    }

    @Test(arguments: 0..<2)
    func removalsMatchFreshSolves(batch: Int) throws {
        for seed in 0..<120 {
            let seed = UInt64(20_000 + batch * 1000 + seed)
            var rng = TestCorpus.Random(seed: seed)
            let system = RandomSystem(using: &rng, strengths: priorityStrengths)
            let solver = Solver()
            var keep: [Bool] = []
            for c in system.constraints {
                do { try solver.addConstraint(c); keep.append(true) } catch { keep.append(false) }
            }
            for index in keep.indices where keep[index] && Bool.random(using: &rng) {
                try solver.removeConstraint(system.constraints[index])
                #expect(!solver.hasConstraint(system.constraints[index]))
                keep[index] = false
                #expect(solver.invariantViolations.isEmpty, "seed \(seed)")
            }
            let plain = zip(system.plain, keep).filter(\.1).map(\.0)
            solver.updateVariables()
            let (error, violation) = Reference.evaluate(plain, values: system.variables.map(\.value))
            let (freshError, _) = try Self.freshObjective(plain, system, keep: keep, edits: [])
            let reference = Reference.minimumError(plain, variableCount: system.variables.count)
            #expect(violation < 1e-6)
            #expect(approximatelyEqual(error, freshError), "seed \(seed): \(error) vs \(freshError)")
            #expect(reference.map { approximatelyEqual(error, $0) } ?? false, "seed \(seed)")
            // Re-adding everything removed restores the full system's optimum.
            for index in keep.indices where !keep[index] {
                if (try? solver.addConstraint(system.constraints[index])) != nil { keep[index] = true }
            }
            #expect(solver.invariantViolations.isEmpty, "seed \(seed)")
        }
    }

    /// A system with a unique optimum: incremental values equal fresh values.
    @Test func uniqueOptimumValuesMatch() throws {
        let xl = Variable("xl"), xm = Variable("xm"), xr = Variable("xr")
        func base() -> [Constraint] {
            [xm * 2 |==| xl + xr, xl + 10 |<=| xr, xr |<=| 100, xl |>=| 0]
        }
        let solver = Solver()
        for c in base() { try solver.addConstraint(c) }
        try solver.addEditVariable(xm, strength: .strong)
        try solver.addEditVariable(xl, strength: .weak)
        var rng = TestCorpus.Random(seed: 7)
        for _ in 0..<200 {
            let m = Double(Int.random(in: -20...120, using: &rng))
            let l = Double(Int.random(in: -20...120, using: &rng))
            try solver.suggestValue(m, for: xm)
            try solver.suggestValue(l, for: xl)
            solver.updateVariables()
            let incremental = (xl.value, xm.value, xr.value)

            let fresh = Solver()
            for c in base() { try fresh.addConstraint(c) }
            try fresh.addConstraint((xm |==| m).withStrength(.strong))
            try fresh.addConstraint((xl |==| l).withStrength(.weak))
            fresh.updateVariables()
            #expect(approximatelyEqual(incremental.0, xl.value))
            #expect(approximatelyEqual(incremental.1, xm.value))
            #expect(approximatelyEqual(incremental.2, xr.value))
        }
    }

    /// The benchmark cell: resizing the container width re-lays out labels.
    @Test func stackedCellFollowsWidth() throws {
        let cw = Variable("cw"), ch = Variable("ch")
        let solver = Solver()
        var widths: [Variable] = []
        var previousBottom: Expression = Expression(constant: 0)
        for index in 0..<16 {
            let top = Variable(), height = Variable(), left = Variable(), width = Variable()
            try solver.addConstraint(left |==| 8)
            try solver.addConstraint(left + width |==| cw - 8)
            try solver.addConstraint(width |==| cw - 16)
            try solver.addConstraint(top |==| previousBottom + 8)
            let intrinsic = Double(17 + index)
            try solver.addConstraint((height |>=| intrinsic).withStrength(index.isMultiple(of: 2) ? .required : .defaultHigh))
            try solver.addConstraint((height |==| intrinsic).withStrength(.defaultLow))
            previousBottom = top + height
            widths.append(width)
        }
        try solver.addConstraint(previousBottom + 8 |==| ch)
        try solver.addConstraint((ch |==| 0).withStrength(.fittingSizeLevel))
        try solver.addEditVariable(cw, strength: Strength(priority: 999))
        for w in [320.0, 375, 414, 100, 1024] {
            try solver.suggestValue(w, for: cw)
            solver.updateVariables()
            #expect(approximatelyEqual(cw.value, w))
            #expect(widths.allSatisfy { approximatelyEqual($0.value, w - 16) })
            #expect(approximatelyEqual(ch.value, Double((0..<16).reduce(8) { $0 + 17 + $1 + 8 })))
        }
        #expect(solver.invariantViolations.isEmpty)
    }
}
