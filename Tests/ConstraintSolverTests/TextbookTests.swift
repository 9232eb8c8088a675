import Testing
@testable import ConstraintSolver

@Suite("Textbook systems")
struct TextbookTests {
    /// The midpoint example of Badros, Borning & Stuckey.
    @Test func midpointExample() throws {
        let xl = Variable("xl"), xm = Variable("xm"), xr = Variable("xr")
        let solver = Solver()
        try solver.addConstraint(xm * 2 |==| xl + xr)
        try solver.addConstraint(xl + 10 |<=| xr)
        try solver.addConstraint(xr |<=| 100)
        try solver.addConstraint(xl |>=| 0)
        solver.updateVariables()
        #expect(approximatelyEqual(xm.value * 2, xl.value + xr.value))
        #expect(xl.value + 10 <= xr.value + 1e-9)
        #expect(solver.invariantViolations.isEmpty)

        try solver.addEditVariable(xm, strength: .strong)
        try solver.suggestValue(90, for: xm)
        solver.updateVariables()
        #expect(approximatelyEqual(xm.value, 90))
        #expect(approximatelyEqual(xr.value, 100))
        #expect(approximatelyEqual(xl.value, 80))

        try solver.suggestValue(2, for: xm)
        solver.updateVariables()
        #expect(approximatelyEqual(xm.value, 5))
        #expect(approximatelyEqual(xl.value, 0))
        #expect(approximatelyEqual(xr.value, 10))

        try solver.suggestValue(50, for: xm)
        solver.updateVariables()
        #expect(approximatelyEqual(xm.value, 50))
        #expect(approximatelyEqual(xl.value + xr.value, 100))
        #expect(solver.invariantViolations.isEmpty)

        // Moving the right side instead: xl follows through the midpoint.
        try solver.removeEditVariable(xm)
        try solver.addEditVariable(xl, strength: .strong)
        try solver.addEditVariable(xr, strength: .strong)
        try solver.suggestValue(20, for: xl)
        try solver.suggestValue(60, for: xr)
        solver.updateVariables()
        #expect(approximatelyEqual(xm.value, 40))
        try solver.suggestValue(95, for: xl)
        solver.updateVariables()
        // xl + 10 <= xr <= 100 forces xl <= 90 whatever the edit asks.
        #expect(xl.value <= 90 + 1e-9)
        #expect(xr.value <= 100 + 1e-9)
        #expect(approximatelyEqual(xm.value * 2, xl.value + xr.value))
        #expect(solver.invariantViolations.isEmpty)
    }

    /// left / width / right with strengths: a required frame, a preferred
    /// width and a weaker preferred position.
    @Test func simpleLayout() throws {
        let left = Variable("left"), width = Variable("width"), right = Variable("right")
        let solver = Solver()
        try solver.addConstraint(left + width |==| right)
        try solver.addConstraint(left |>=| 0)
        try solver.addConstraint(right |<=| 300)
        try solver.addConstraint((width |==| 200).withStrength(.strong))
        try solver.addConstraint((left |==| 150).withStrength(.weak))
        solver.updateVariables()
        #expect(approximatelyEqual(width.value, 200))
        #expect(approximatelyEqual(left.value, 100))   // as close to 150 as the width allows
        #expect(approximatelyEqual(right.value, 300))

        // A stronger width wish that cannot fit is clipped by the required bound.
        let wide = (width |==| 400).priority(900)
        try solver.addConstraint(wide)
        solver.updateVariables()
        #expect(approximatelyEqual(width.value, 300))
        #expect(approximatelyEqual(left.value, 0))
        try solver.removeConstraint(wide)
        solver.updateVariables()
        #expect(approximatelyEqual(width.value, 200))
        #expect(approximatelyEqual(left.value, 100))
        #expect(solver.invariantViolations.isEmpty)
    }

    @Test func requiredBeatsWeak() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.addConstraint((x |==| 100).withStrength(.weak))
        try solver.addConstraint(x |<=| 50)
        solver.updateVariables()
        #expect(approximatelyEqual(x.value, 50))
        try solver.addConstraint((x |>=| 80).withStrength(.strong))
        solver.updateVariables()
        #expect(approximatelyEqual(x.value, 50))
        #expect(approximatelyEqual(solver.objectiveValue,
                                   50 * Strength.weak.weight + 30 * Strength.strong.weight))
    }

    @Test func strongerPreferenceWins() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.addConstraint((x |==| 10).withStrength(.weak))
        try solver.addConstraint((x |==| 20).withStrength(.medium))
        solver.updateVariables()
        #expect(approximatelyEqual(x.value, 20))
        try solver.addConstraint((x |==| 30).withStrength(.strong))
        solver.updateVariables()
        #expect(approximatelyEqual(x.value, 30))
    }

    /// Priority 999 beats a hundred conflicting 750s; 750 beats a hundred 250s.
    @Test func priorityOrderingHoldsAgainstMany() throws {
        for (high, low) in [(Float(999), Float(750)), (750, 250), (250, 50)] {
            let x = Variable("x")
            let solver = Solver()
            try solver.addConstraint((x |==| 0).priority(high))
            for _ in 0..<100 { try solver.addConstraint((x |==| 10).priority(low)) }
            #expect(abs(solver.value(of: x)) < 1e-9, "priority \(high) vs 100 × \(low)")
        }
    }

    @Test func redundantRequiredEqualitiesAreAccepted() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        try solver.addConstraint(x + y |==| 10)
        try solver.addConstraint(x - y |==| 2)
        try solver.addConstraint(x * 2 |==| 12)          // implied
        try solver.addConstraint(y * 3 + x |==| 18)      // implied
        solver.updateVariables()
        #expect(approximatelyEqual(x.value, 6))
        #expect(approximatelyEqual(y.value, 4))
        #expect(solver.invariantViolations.isEmpty)
    }

    @Test func constantOnlyConstraints() throws {
        let solver = Solver()
        try solver.addConstraint(Constraint(Expression(constant: 0), .equal))
        try solver.addConstraint(Constraint(Expression(constant: -1), .lessThanOrEqual))
        let impossible = Constraint(Expression(constant: 1), .lessThanOrEqual)
        #expect(throws: SolverError.self) { try solver.addConstraint(impossible) }
        try solver.addConstraint(impossible.withStrength(.weak))
        #expect(approximatelyEqual(solver.objectiveValue, Strength.weak.weight))
    }

    @Test func degenerateSystemTerminates() throws {
        // Many constraints meeting at one vertex (classic cycling bait).
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        let solver = Solver()
        for k in 1...12 {
            let a = Double(k % 4 + 1), b = Double((k * 7) % 5 + 1)
            try solver.addConstraint(x * a + y * b |<=| z * (a + b))
            try solver.addConstraint((x * b - y * a |==| 0).withStrength(.weak))
        }
        try solver.addConstraint(z |==| 0)
        try solver.addConstraint((x |==| 5).withStrength(.medium))
        try solver.addConstraint((y |>=| 5).withStrength(.strong))
        solver.updateVariables()
        #expect(solver.invariantViolations.isEmpty)
        #expect(x.value * 2 + y.value * 3 <= 1e-6)
    }

    @Test func unconstrainedVariablesReadZero() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        try solver.addConstraint(x + y |>=| 0)
        solver.updateVariables()
        #expect(x.value + y.value >= -1e-9)
        #expect(solver.value(of: Variable()) == 0)
    }

    @Test func operatorsBuildTheExpectedExpressions() {
        let x = Variable("x"), y = Variable("y")
        let e = (x * 2 + 3 - y / 2) * 2 - (-x) + 1 - (4 - y)
        // 4x + 6 − y + x + 1 − 4 + y = 5x + 3
        var xCoefficient = 0.0, yCoefficient = 0.0
        for term in e.terms {
            if term.variable === x { xCoefficient += term.coefficient } else { yCoefficient += term.coefficient }
        }
        #expect(xCoefficient == 5)
        #expect(yCoefficient == 0)
        #expect(e.constant == 3)
        let c = x + 10 |<=| y
        #expect(c.relation == .lessThanOrEqual)
        #expect(c.expression.constant == 10)
        #expect(c.strength == .required)
        #expect((x |>=| 0).withStrength(.weak).strength == .weak)
        #expect((x |==| y).priority(250).strength == .defaultLow)
        #expect((3 |<=| x).expression.constant == 3)
    }

    @Test func strengthMapping() {
        #expect(Strength(priority: 1000) == .required)
        #expect(Strength(priority: 2000).isRequired)
        #expect(!Strength(priority: 999).isRequired)
        #expect(approximatelyEqual(Strength(priority: 500).weight, 1, tolerance: 1e-12))
        #expect(approximatelyEqual(Strength(priority: 750).weight / Strength(priority: 250).weight, 1e5, tolerance: 1e-9))
        #expect(approximatelyEqual(Strength(priority: 600).weight, 10, tolerance: 1e-12))
        #expect(approximatelyEqual(Strength.defaultHigh.priority, 750, tolerance: 1e-9))
        #expect(approximatelyEqual(Strength.fittingSizeLevel.priority, 50, tolerance: 1e-9))
        #expect(Strength.fittingSizeLevel < .defaultLow)
        #expect(Strength.defaultLow < .defaultHigh)
        #expect(Strength.defaultHigh < Strength(priority: 999))
        #expect(Strength(priority: 999) < .required)
        #expect(Strength(priority: -5) == Strength(priority: 1))
        #expect(approximatelyEqual(Strength.strong.weight / Strength.medium.weight, 1000, tolerance: 1e-9))
    }
}
