import TestSupport
import Testing
@testable import ConstraintSolver

/// A random system whose optimum is unique: every weight is generic (drawn from a
/// continuum, so no two vertices tie), and every variable has a weak anchor `x == c`.
struct GenericSystem {
    let variables: [Variable]
    /// The anchors, in every solver of the test.
    let anchors: [Constraint]
    /// Candidate constraints, in or out of the solver as the test goes.
    var pool: [Constraint]

    init(using rng: inout TestCorpus.Random) {
        let n = Int.random(in: 2...5, using: &rng)
        variables = (0..<n).map { Variable("x\($0)") }
        anchors = variables.map { variable in
            Constraint(variable - Double(Int.random(in: -20...20, using: &rng)), .equal,
                       strength: Strength(weight: GenericSystem.weight(0.001...0.01, &rng)))
        }
        pool = []
        for _ in 0..<Int.random(in: 4...10, using: &rng) {
            pool.append(GenericSystem.constraint(over: variables, using: &rng))
        }
    }

    /// A weight drawn from `range` with all 52 bits of a double.
    static func weight(_ range: ClosedRange<Double>, _ rng: inout TestCorpus.Random) -> Double {
        Double.random(in: range, using: &rng)
    }

    /// Required about a third of the time, else a generic weight across three decades.
    static func strength(using rng: inout TestCorpus.Random) -> Strength {
        if Int.random(in: 0..<3, using: &rng) == 0 { return .required }
        return Strength(weight: weight(0.1...100, &rng))
    }

    static func constraint(over variables: [Variable], using rng: inout TestCorpus.Random) -> Constraint {
        var expression = Expression(constant: Double(Int.random(in: -12...12, using: &rng)))
        for variable in variables where Bool.random(using: &rng) || expression.terms.isEmpty {
            let coefficient = Double(Int.random(in: -3...3, using: &rng))
            if coefficient != 0 { expression = expression + variable * coefficient }
        }
        return Constraint(expression, Relation.allCases.randomElement(using: &rng)!,
                          strength: strength(using: &rng))
    }

    /// The constraint in plain numbers, for the dense reference.
    func plain(_ constraint: Constraint) -> PlainConstraint {
        var coefficients = Array(repeating: 0.0, count: variables.count)
        for term in constraint.expression.terms {
            coefficients[variables.firstIndex { $0 === term.variable }!] += term.coefficient
        }
        return PlainConstraint(coefficients: coefficients, constant: constraint.expression.constant,
                               relation: constraint.relation,
                               weight: constraint.strength.isRequired ? .infinity : constraint.strength.weight)
    }
}

@Suite("Any history equals a fresh solve of what survives")
struct ChurnPropertyTests {
    /// Drives one solver through a random history of adds (some unsatisfiable), removes,
    /// constant and strength changes (some unsatisfiable), edit variables and suggestions.
    /// After every step the solver must equal a fresh solver given the surviving
    /// constraints (and the edits as constraints at their values): the same values, the
    /// same objective — which the dense reference must confirm — and the same number of
    /// live symbols and rows. A failing step must leave the state exactly as it was.
    static func check(seed: UInt64) throws -> (failures: Int, steps: Int) {
        var rng = TestCorpus.Random(seed: seed)
        var system = GenericSystem(using: &rng)
        let solver = Solver()
        for anchor in system.anchors { try solver.addConstraint(anchor) }
        var live: Set<Int> = []
        var edits: [(variable: Int, strength: Strength, value: Double)] = []
        var failures = 0
        let steps = 40
        for step in 0..<steps {
            let label = "seed \(seed) step \(step)"
            solver.updateVariables()
            let before = solver.stateDump
            var failed = false
            func attempt(_ body: () throws(SolverError) -> Void) {
                do {
                    try body()
                } catch .unsatisfiableConstraint {
                    failed = true
                } catch {
                    Issue.record("\(label): unexpected \(error)")
                }
            }
            let index = Int.random(in: 0..<system.pool.count, using: &rng)
            switch Int.random(in: 0..<10, using: &rng) {
            case 0...2:
                if live.contains(index) {
                    try solver.removeConstraint(system.pool[index])
                    live.remove(index)
                } else {
                    attempt { () throws(SolverError) in try solver.addConstraint(system.pool[index]) }
                    if !failed { live.insert(index) }
                }
            case 3:
                // A fresh candidate, added at once (it may fail).
                system.pool.append(GenericSystem.constraint(over: system.variables, using: &rng))
                attempt { () throws(SolverError) in try solver.addConstraint(system.pool[system.pool.count - 1]) }
                if !failed { live.insert(system.pool.count - 1) }
            case 4...5:
                guard let target = live.sorted().randomElement(using: &rng) else { continue }
                let constant = Double(Int.random(in: -15...15, using: &rng))
                attempt { () throws(SolverError) in system.pool[target] = try solver.changeConstant(of: system.pool[target], to: constant) }
                #expect(solver.hasConstraint(system.pool[target]), "\(label)")
            case 6:
                guard let target = live.sorted().randomElement(using: &rng) else { continue }
                let strength = GenericSystem.strength(using: &rng)
                attempt { () throws(SolverError) in system.pool[target] = try solver.changeStrength(of: system.pool[target], to: strength) }
                #expect(solver.hasConstraint(system.pool[target]), "\(label)")
            case 7:
                let variable = Int.random(in: 0..<system.variables.count, using: &rng)
                if let position = edits.firstIndex(where: { $0.variable == variable }) {
                    try solver.removeEditVariable(system.variables[variable])
                    edits.remove(at: position)
                } else {
                    let strength = Strength(weight: GenericSystem.weight(0.1...100, &rng))
                    try solver.addEditVariable(system.variables[variable], strength: strength)
                    edits.append((variable, strength, 0))
                }
            default:
                guard !edits.isEmpty else { continue }
                let position = Int.random(in: 0..<edits.count, using: &rng)
                let value = Double(Int.random(in: -30...30, using: &rng)) / 2
                try solver.suggestValue(value, for: system.variables[edits[position].variable])
                edits[position].value = value
            }
            if failed {
                failures += 1
                #expect(solver.stateDump == before, "\(label): a failed step changed the state")
            }
            #expect(solver.invariantViolations.isEmpty, "\(label): \(solver.invariantViolations)")

            let survivors = system.anchors + live.sorted().map { system.pool[$0] }
                + edits.map { Constraint(system.variables[$0.variable] - $0.value, .equal, strength: $0.strength) }
            let fresh = Solver()
            for constraint in survivors { try fresh.addConstraint(constraint.withStrength(constraint.strength)) }
            for variable in system.variables {
                #expect(approximatelyEqual(solver.value(of: variable), fresh.value(of: variable), tolerance: 1e-5),
                        "\(label): \(variable) \(solver.value(of: variable)) vs fresh \(fresh.value(of: variable))")
            }
            #expect(approximatelyEqual(solver.objectiveValue, fresh.objectiveValue), "\(label): objective")
            let reference = Reference.minimumError(survivors.map(system.plain), variableCount: system.variables.count)
            #expect(reference.map { approximatelyEqual(solver.objectiveValue, $0) } ?? false,
                    "\(label): objective \(solver.objectiveValue) vs reference \(String(describing: reference))")
            #expect(solver.impl.liveSymbolCount == fresh.impl.liveSymbolCount, "\(label): live symbols")
            #expect(solver.impl.rowCount == fresh.impl.rowCount, "\(label): rows")
            #expect(solver.impl.variableCount == fresh.impl.variableCount, "\(label): variables")
            #expect(solver.constraintCount == fresh.constraintCount, "\(label): constraints")
        }
        #expect(solver.impl.residualPurges == 0, "seed \(seed): round-off left released symbols in rows")
        return (failures, steps)
    }

    @Test(arguments: 0..<4)
    func randomHistories(batch: Int) throws {
        var failures = 0
        for seed in 0..<60 {
            failures += try Self.check(seed: UInt64(70_000 + batch * 1000 + seed)).failures
        }
        #expect(failures > 5, "the batch should exercise failing adds and changes")
    }

    /// Every variable's last constraint removed: nothing is left, and the symbol table is
    /// no larger than the largest system it held at once.
    @Test func removingEverythingReleasesEverything() throws {
        var rng = TestCorpus.Random(seed: 77)
        let solver = Solver()
        var peak = 0
        for _ in 0..<50 {
            let system = GenericSystem(using: &rng)
            var added: [Constraint] = []
            for constraint in system.anchors + system.pool {
                if (try? solver.addConstraint(constraint)) != nil { added.append(constraint) }
                // One more while adding: the artificial variable of phase one.
                peak = max(peak, solver.impl.liveSymbolCount + 1)
            }
            try solver.addEditVariable(system.variables[0], strength: .strong)
            try solver.suggestValue(3, for: system.variables[0])
            peak = max(peak, solver.impl.liveSymbolCount)
            for constraint in added.shuffled(using: &rng) { try solver.removeConstraint(constraint) }
            try solver.removeEditVariable(system.variables[0])
            #expect(solver.impl.liveSymbolCount == 0)
            #expect(solver.impl.rowCount == 0)
            #expect(solver.impl.variableCount == 0)
            #expect(solver.constraintCount == 0)
            #expect(solver.objectiveValue == 0)
            #expect(solver.invariantViolations.isEmpty)
            #expect(solver.impl.symbolTableSize <= peak)
        }
        #expect(solver.impl.residualPurges == 0)
    }
}
