@testable import ConstraintSolver
import TestSupport

/// An independent reference for the solver: a dense two-phase simplex
/// (Bland's rule) over the textbook formulation of the weighted-error
/// problem. It shares no code with the solver.
struct DenseLP {
    /// Minimise `cost · z` subject to `a z = b`, `z >= 0`.
    var a: [[Double]]
    var b: [Double]
    var cost: [Double]

    /// The optimal value, or nil when infeasible.
    func minimum() -> Double? {
        let m = a.count
        let n = cost.count
        let tolerance = 1e-9
        // Tableau columns: n structural, m artificial, then the right side.
        let width = n + m + 1
        var t = Array(repeating: Array(repeating: 0.0, count: width), count: m)
        var basis = Array(repeating: 0, count: m)
        for i in 0..<m {
            let sign: Double = b[i] < 0 ? -1 : 1
            for j in 0..<n { t[i][j] = sign * a[i][j] }
            t[i][n + i] = 1
            t[i][width - 1] = sign * b[i]
            basis[i] = n + i
        }

        func run(_ c: [Double], allowed: Int) -> Bool {
            // Reduced costs for the current basis.
            var z = Array(repeating: 0.0, count: width)
            for j in 0..<width - 1 { z[j] = c[j] }
            for i in 0..<m where c[basis[i]] != 0 {
                let cb = c[basis[i]]
                for j in 0..<width { z[j] -= cb * t[i][j] }
            }
            var guardCount = 0
            while true {
                guardCount += 1
                if guardCount > 100_000 { return false }
                var entering = -1
                for j in 0..<allowed where z[j] < -tolerance {
                    entering = j
                    break
                }
                if entering < 0 { return true }
                var leaving = -1
                var best = Double.infinity
                for i in 0..<m where t[i][entering] > tolerance {
                    let ratio = t[i][width - 1] / t[i][entering]
                    if ratio < best - 1e-12 || (abs(ratio - best) <= 1e-12 && basis[i] < basis[leaving]) {
                        best = ratio
                        leaving = i
                    }
                }
                if leaving < 0 { return false } // unbounded
                pivot(leaving, entering, &z)
            }
        }

        func pivot(_ r: Int, _ e: Int, _ z: inout [Double]) {
            let p = t[r][e]
            for j in 0..<width { t[r][j] /= p }
            for i in 0..<m where i != r && t[i][e] != 0 {
                let f = t[i][e]
                for j in 0..<width { t[i][j] -= f * t[r][j] }
            }
            let f = z[e]
            if f != 0 { for j in 0..<width { z[j] -= f * t[r][j] } }
            basis[r] = e
        }

        // Phase one: minimise the artificials.
        var phaseOne = Array(repeating: 0.0, count: width - 1)
        for i in 0..<m { phaseOne[n + i] = 1 }
        guard run(phaseOne, allowed: n + m) else { return nil }
        var infeasibility = 0.0
        for i in 0..<m where basis[i] >= n { infeasibility += t[i][width - 1] }
        if infeasibility > 1e-7 { return nil }
        // Drive artificials out of the basis where possible.
        var dummy = Array(repeating: 0.0, count: width)
        for i in 0..<m where basis[i] >= n {
            if let j = (0..<n).first(where: { abs(t[i][$0]) > 1e-9 }) { pivot(i, j, &dummy) }
        }
        // Phase two on the structural columns only.
        var phaseTwo = cost
        phaseTwo += Array(repeating: 0.0, count: m)
        guard run(phaseTwo, allowed: n) else { return nil }
        var value = 0.0
        for i in 0..<m where basis[i] < n { value += cost[basis[i]] * t[i][width - 1] }
        return value
    }
}

/// A constraint in plain numbers, for the reference.
struct PlainConstraint {
    var coefficients: [Double]   // one per variable
    var constant: Double
    var relation: Relation
    var weight: Double           // .infinity for required
}

enum Reference {
    /// Minimum weighted error over the solutions of the required
    /// constraints, or nil when the required constraints are infeasible.
    static func minimumError(_ constraints: [PlainConstraint], variableCount n: Int) -> Double? {
        var columnCount = 2 * n
        var rowsA: [[Double]] = []
        var rowsB: [Double] = []
        var costs: [(Int, Double)] = []
        var extras: [[(Int, Double)]] = []
        for c in constraints {
            var extra: [(Int, Double)] = []
            func add(_ coefficient: Double, cost: Double = 0) {
                extra.append((columnCount, coefficient))
                if cost != 0 { costs.append((columnCount, cost)) }
                columnCount += 1
            }
            let required = c.weight == .infinity
            switch (c.relation, required) {
            case (.equal, true): break
            case (.lessThanOrEqual, true): add(1)
            case (.greaterThanOrEqual, true): add(-1)
            case (.equal, false): add(-1, cost: c.weight); add(1, cost: c.weight)
            case (.lessThanOrEqual, false): add(-1, cost: c.weight); add(1)
            case (.greaterThanOrEqual, false): add(1, cost: c.weight); add(-1)
            }
            extras.append(extra)
            rowsB.append(-c.constant)
        }
        for (k, c) in constraints.enumerated() {
            var row = Array(repeating: 0.0, count: columnCount)
            for j in 0..<n {
                row[2 * j] = c.coefficients[j]
                row[2 * j + 1] = -c.coefficients[j]
            }
            for (column, value) in extras[k] { row[column] = value }
            rowsA.append(row)
        }
        var cost = Array(repeating: 0.0, count: columnCount)
        for (column, value) in costs { cost[column] += value }
        return DenseLP(a: rowsA, b: rowsB, cost: cost).minimum()
    }

    /// Weighted error of a concrete assignment, and the worst violation of
    /// a required constraint.
    static func evaluate(_ constraints: [PlainConstraint], values: [Double]) -> (error: Double, requiredViolation: Double) {
        var error = 0.0
        var worst = 0.0
        for c in constraints {
            var lhs = c.constant
            for j in values.indices { lhs += c.coefficients[j] * values[j] }
            let violation: Double
            switch c.relation {
            case .equal: violation = abs(lhs)
            case .lessThanOrEqual: violation = max(0, lhs)
            case .greaterThanOrEqual: violation = max(0, -lhs)
            }
            if c.weight == .infinity { worst = max(worst, violation) } else { error += c.weight * violation }
        }
        return (error, worst)
    }
}

/// A random small system: the plain form for the reference and the
/// matching solver objects.
struct RandomSystem {
    let variables: [Variable]
    var plain: [PlainConstraint]
    var constraints: [Constraint]

    init(using rng: inout TestCorpus.Random, strengths: [Strength]) {
        let n = Int.random(in: 2...5, using: &rng)
        let m = Int.random(in: 2...8, using: &rng)
        variables = (0..<n).map { Variable("x\($0)") }
        plain = []
        constraints = []
        for _ in 0..<m {
            var coefficients = Array(repeating: 0.0, count: n)
            var expression = Expression()
            for j in 0..<n where Bool.random(using: &rng) || j == 0 {
                let value = Double(Int.random(in: -3...3, using: &rng))
                if value == 0 { continue }
                coefficients[j] = value
                expression = expression + variables[j] * value
            }
            let constant = Double(Int.random(in: -10...10, using: &rng))
            expression = expression + constant
            let relation = Relation.allCases.randomElement(using: &rng)!
            let strength = strengths.randomElement(using: &rng)!
            plain.append(PlainConstraint(coefficients: coefficients, constant: constant, relation: relation,
                                         weight: strength.isRequired ? .infinity : strength.weight))
            constraints.append(Constraint(expression, relation, strength: strength))
        }
    }
}

func approximatelyEqual(_ a: Double, _ b: Double, tolerance: Double = 1e-6) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}

extension Solver {
    /// Tableau invariant violations (empty when healthy).
    var invariantViolations: [String] { impl.invariantViolations() }
    /// Full internal state, for "unchanged after error" checks.
    var stateDump: String { impl.stateDump() }
}
