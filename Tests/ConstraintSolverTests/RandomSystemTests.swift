import TestSupport
import Testing
@testable import ConstraintSolver

/// Strength pools for random systems: plain weights, Auto Layout levels.
let weightedStrengths: [Strength] = [.required, .required, .required,
                                     Strength(weight: 1), Strength(weight: 2), Strength(weight: 3), Strength(weight: 5)]
let priorityStrengths: [Strength] = [.required, .required, .defaultHigh, .defaultLow, .medium,
                                     Strength(priority: 999), .fittingSizeLevel]

@Suite("Random systems against a dense simplex reference")
struct RandomSystemTests {
    /// Adds the system constraint by constraint. Every accepted required
    /// constraint must keep the reference feasible; every rejected one must
    /// make it infeasible. The final solution must satisfy the required
    /// constraints and reach the reference's minimum weighted error.
    static func check(seed: UInt64, strengths: [Strength]) throws -> (accepted: Int, rejected: Int) {
        var rng = TestCorpus.Random(seed: seed)
        let system = RandomSystem(using: &rng, strengths: strengths)
        let solver = Solver()
        var accepted: [PlainConstraint] = []
        var rejected = 0
        for (plain, constraint) in zip(system.plain, system.constraints) {
            let outcome = Result { () throws(SolverError) in try solver.addConstraint(constraint) }
            switch outcome {
            case .success:
                accepted.append(plain)
            case .failure(let failure):
                guard case .unsatisfiableConstraint(let culprit) = failure else {
                    Issue.record("seed \(seed): unexpected \(failure)")
                    continue
                }
                #expect(culprit === constraint)
                #expect(Reference.minimumError(accepted + [plain], variableCount: system.variables.count) == nil,
                        "seed \(seed): solver rejected a satisfiable required constraint")
                rejected += 1
            }
            let problems = solver.invariantViolations
            #expect(problems.isEmpty, "seed \(seed): \(problems)")
        }
        solver.updateVariables()
        let values = system.variables.map(\.value)
        let (error, violation) = Reference.evaluate(accepted, values: values)
        let reference = Reference.minimumError(accepted, variableCount: system.variables.count)
        #expect(reference != nil, "seed \(seed): reference infeasible but solver accepted all")
        #expect(violation < 1e-6, "seed \(seed): required violated by \(violation)")
        if let reference {
            #expect(approximatelyEqual(error, reference), "seed \(seed): error \(error) vs reference \(reference)")
            #expect(approximatelyEqual(solver.objectiveValue, reference), "seed \(seed): objective \(solver.objectiveValue)")
        }
        return (accepted.count, rejected)
    }

    @Test(arguments: 0..<4)
    func weightedSystems(batch: Int) throws {
        var rejected = 0
        for seed in 0..<150 {
            rejected += try Self.check(seed: UInt64(batch * 1000 + seed), strengths: weightedStrengths).rejected
        }
        #expect(rejected > 0, "the batch should exercise unsatisfiable constraints")
    }

    @Test(arguments: 0..<2)
    func prioritySystems(batch: Int) throws {
        for seed in 0..<150 {
            _ = try Self.check(seed: UInt64(50_000 + batch * 1000 + seed), strengths: priorityStrengths)
        }
    }
}
