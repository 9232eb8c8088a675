import TestSupport
import Testing
@testable import ConstraintSolver

/// Runs `body`, expects it to throw `expected`-matching error, and checks
/// that the solver's complete internal state did not change.
func expectUnchanged(_ solver: Solver, _ label: String,
                     matches: (SolverError) -> Bool,
                     _ body: () throws -> Void) {
    solver.updateVariables()
    let before = solver.stateDump
    do {
        try body()
        Issue.record("\(label): no error thrown")
    } catch {
        if let error = error as? SolverError {
            #expect(matches(error), "\(label): unexpected \(error)")
        } else {
            Issue.record("\(label): not a SolverError: \(error)")
        }
    }
    #expect(solver.stateDump == before, "\(label): state changed")
    #expect(solver.invariantViolations.isEmpty, "\(label)")
}

@Suite("Errors leave the solver unchanged")
struct ErrorTests {
    /// A small solver with edits, inequalities and preferences.
    static func populated() throws -> (Solver, Variable, Variable, Variable) {
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        let solver = Solver()
        try solver.addConstraint(x |>=| 10)
        try solver.addConstraint(x + y |==| 30)
        try solver.addConstraint(y |<=| z)
        try solver.addConstraint((z |==| 5).withStrength(.weak))
        try solver.addEditVariable(x, strength: .strong)
        try solver.suggestValue(12, for: x)
        return (solver, x, y, z)
    }

    @Test func duplicateAndUnknownConstraints() throws {
        let (solver, x, _, _) = try Self.populated()
        let c = x |<=| 100
        try solver.addConstraint(c)
        expectUnchanged(solver, "duplicate", matches: { if case .duplicateConstraint(let d) = $0 { d === c } else { false } }) {
            try solver.addConstraint(c)
        }
        let stranger = x |<=| 200
        expectUnchanged(solver, "unknown", matches: { if case .unknownConstraint(let d) = $0 { d === stranger } else { false } }) {
            try solver.removeConstraint(stranger)
        }
        try solver.removeConstraint(c)
        expectUnchanged(solver, "removed twice", matches: { if case .unknownConstraint = $0 { true } else { false } }) {
            try solver.removeConstraint(c)
        }
    }

    @Test func unsatisfiableThroughDummyRow() throws {
        let (solver, x, y, _) = try Self.populated()
        let fresh = Variable("fresh")
        // x + y == 30 is required; x + y == 31 reduces to dummies ≠ 0.
        let bad = x + y + fresh * 0 |==| 31
        expectUnchanged(solver, "dummy row", matches: { if case .unsatisfiableConstraint(let c) = $0 { c === bad } else { false } }) {
            try solver.addConstraint(bad)
        }
        #expect(!solver.hasConstraint(bad))
    }

    @Test func unsatisfiableThroughArtificialVariable() throws {
        let (solver, x, y, z) = try Self.populated()
        let newVariable = Variable("n")
        // x >= 10 is required, and x + y == 30, so y <= 20: ask y >= 25
        // through an expression whose only externals are already basic.
        let bad = y |>=| 25
        expectUnchanged(solver, "artificial", matches: { if case .unsatisfiableConstraint(let c) = $0 { c === bad } else { false } }) {
            try solver.addConstraint(bad)
        }
        // Same with fresh variables involved, which must be forgotten again.
        let bad2 = Constraint(x - 5 + newVariable * 0, .lessThanOrEqual)
        expectUnchanged(solver, "artificial 2", matches: { if case .unsatisfiableConstraint = $0 { true } else { false } }) {
            try solver.addConstraint(bad2)
        }
        #expect(solver.value(of: newVariable) == 0)
        // The solver still works normally afterwards, matching a control.
        try solver.suggestValue(15, for: x)
        try solver.addConstraint(z |<=| 40)
        solver.updateVariables()
        let (control, cx, cy, cz) = try Self.populated()
        try control.suggestValue(15, for: cx)
        try control.addConstraint(cz |<=| 40)
        control.updateVariables()
        #expect(approximatelyEqual(x.value, cx.value))
        #expect(approximatelyEqual(y.value, cy.value))
        #expect(approximatelyEqual(z.value, cz.value))
        #expect(approximatelyEqual(solver.objectiveValue, control.objectiveValue))
    }

    @Test func nonFiniteValuesAreRejected() throws {
        let (solver, x, y, _) = try Self.populated()
        let fresh = Variable("fresh")
        for bad in [x * .nan |<=| y, x |==| .infinity, Constraint(Expression([Term(fresh, coefficient: -.infinity)]), .equal),
                    (x + 1 |>=| y * .nan).withStrength(.weak), x / 0 |==| 3] {
            expectUnchanged(solver, "non-finite \(bad)", matches: { if case .nonFiniteConstraint(let c) = $0 { c === bad } else { false } }) {
                try solver.addConstraint(bad)
            }
        }
        expectUnchanged(solver, "NaN suggestion", matches: { if case .nonFiniteSuggestedValue(let v, _) = $0 { v === x } else { false } }) {
            try solver.suggestValue(.nan, for: x)
        }
        expectUnchanged(solver, "infinite suggestion", matches: { if case .nonFiniteSuggestedValue = $0 { true } else { false } }) {
            try solver.suggestValue(-.infinity, for: x)
        }
    }

    @Test func editVariableErrors() throws {
        let (solver, x, y, _) = try Self.populated()
        let stranger = Variable("stranger")
        expectUnchanged(solver, "duplicate edit", matches: { if case .duplicateEditVariable(let v) = $0 { v === x } else { false } }) {
            try solver.addEditVariable(x, strength: .medium)
        }
        expectUnchanged(solver, "required edit", matches: { if case .requiredEditStrength(let v) = $0 { v === y } else { false } }) {
            try solver.addEditVariable(y, strength: .required)
        }
        expectUnchanged(solver, "required edit on new variable", matches: { if case .requiredEditStrength = $0 { true } else { false } }) {
            try solver.addEditVariable(stranger, strength: Strength(priority: 1000))
        }
        expectUnchanged(solver, "unknown suggest", matches: { if case .unknownEditVariable(let v) = $0 { v === y } else { false } }) {
            try solver.suggestValue(3, for: y)
        }
        expectUnchanged(solver, "unknown remove", matches: { if case .unknownEditVariable(let v) = $0 { v === stranger } else { false } }) {
            try solver.removeEditVariable(stranger)
        }
        #expect(solver.hasEditVariable(x))
        #expect(!solver.hasEditVariable(y))
        try solver.removeEditVariable(x)
        #expect(!solver.hasEditVariable(x))
        expectUnchanged(solver, "removed edit", matches: { if case .unknownEditVariable = $0 { true } else { false } }) {
            try solver.suggestValue(1, for: x)
        }
    }

    /// Random required constraints hammering the unsatisfiable paths: every
    /// failure must leave an identical state.
    @Test func randomFailuresLeaveNoTrace() throws {
        var failures = 0, artificialFailures = 0, artificialAdditions = 0
        for seed in 0..<200 {
            var rng = TestCorpus.Random(seed: UInt64(90_000 + seed))
            let system = RandomSystem(using: &rng, strengths: [.required, .required, .required, .medium])
            let solver = Solver()
            for c in system.constraints {
                solver.updateVariables()
                let before = solver.stateDump
                do {
                    try solver.addConstraint(c)
                } catch {
                    failures += 1
                    #expect(solver.stateDump == before, "seed \(seed)")
                    #expect(!solver.hasConstraint(c))
                }
                #expect(solver.invariantViolations.isEmpty, "seed \(seed)")
            }
            artificialFailures += solver.impl.artificialFailures
            artificialAdditions += solver.impl.artificialAdditions
        }
        #expect(failures > 20)
        // Both unsatisfiable paths (dummy row, artificial phase) are exercised.
        #expect(artificialFailures > 5 && failures - artificialFailures > 5)
        #expect(artificialAdditions > artificialFailures)
    }
}

@Suite("Solver lifecycle")
struct LifecycleTests {
    @Test func resetForgetsEverything() throws {
        let x = Variable("x")
        let c = x |==| 3
        let solver = Solver()
        try solver.addConstraint(c)
        try solver.addEditVariable(x, strength: .weak)
        solver.reset()
        #expect(solver.constraintCount == 0)
        #expect(!solver.hasConstraint(c))
        #expect(!solver.hasEditVariable(x))
        #expect(solver.value(of: x) == 0)
        try solver.addConstraint(c)  // the same object may be added again
        #expect(solver.value(of: x) == 3)
        #expect(solver.invariantViolations.isEmpty)
    }

    @Test func variablesAndConstraintsShareAcrossSolvers() throws {
        let x = Variable("x"), y = Variable("y")
        let shared = x + y |==| 10
        let first = Solver(), second = Solver(), third = Solver()
        for solver in [first, second, third] { try solver.addConstraint(shared) }
        try first.addConstraint(x |==| 1)
        try second.addConstraint(x |==| 2)
        try third.addEditVariable(x, strength: .strong)
        try third.suggestValue(3, for: x)
        #expect(first.value(of: y) == 9)
        #expect(second.value(of: y) == 8)
        #expect(approximatelyEqual(third.value(of: y), 7))
        try second.removeConstraint(shared)
        #expect(first.hasConstraint(shared) && !second.hasConstraint(shared) && third.hasConstraint(shared))
        #expect(!first.hasEditVariable(x) && third.hasEditVariable(x))
        second.updateVariables()
        #expect(x.value == 2)
        first.updateVariables()
        #expect(x.value == 1)
    }

    @Test func deadSolversReleaseTheirSlots() throws {
        let x = Variable("x")
        let c = x |>=| 1
        for _ in 0..<50 {
            let solver = Solver()
            try solver.addConstraint(c)
            #expect(solver.hasConstraint(c))
        }
        let solver = Solver()
        #expect(!solver.hasConstraint(c))
        try solver.addConstraint(c)
        #expect(solver.value(of: x) == 1)
    }

    @Test func editVariablesSurviveRemovalOfOthers() throws {
        let a = Variable("a"), b = Variable("b"), c = Variable("c")
        let solver = Solver()
        try solver.addConstraint(a + b + c |==| 30)
        for v in [a, b, c] { try solver.addEditVariable(v, strength: .medium) }
        try solver.suggestValue(10, for: a)
        try solver.removeEditVariable(a)          // moves c into a's edit slot
        try solver.suggestValue(5, for: c)
        try solver.suggestValue(20, for: b)
        solver.updateVariables()
        #expect(approximatelyEqual(b.value, 20))
        #expect(approximatelyEqual(c.value, 5))
        #expect(approximatelyEqual(a.value, 5))
        #expect(solver.constraintCount == 3)
    }
}
