// Changing a constraint in place: its constant through its marker (Badros, Borning &
// Stuckey 2001, on edit constraints and changing constants), its weight through the
// objective.

extension SolverImpl {
    /// Moves the marker of a constraint by `delta` — the same as moving the constraint's
    /// constant by `delta · markerCoefficient` — and queues the rows this makes infeasible.
    ///
    /// The old tableau with `marker` replaced by `marker + delta` holds for the new
    /// constant: a row holding the marker (parametric) shifts by coefficient · delta, the
    /// marker's own row (basic) by −delta. The objective also loses `weight · delta` when
    /// the marker is an error of that weight, since its value now measures the new
    /// constraint. The objective's coefficients do not change, so it stays optimal and the
    /// dual simplex repairs feasibility.
    mutating func shiftMarker(_ marker: Symbol, by delta: Double, weight: Double) {
        let objective = Self.objectiveSlot
        if weight != 0 {
            touchRow(objective)
            rows[objective].constant -= weight * delta
        }
        let basicSlot = Int(symbols[marker].row)
        if basicSlot >= 0 {
            touchRow(basicSlot)
            rows[basicSlot].constant -= delta
            queueIfInfeasible(basicSlot)
            return
        }
        for slot32 in column(marker) {
            let slot = Int(slot32)
            touchRow(slot)
            rows[slot].constant += coefficient(slot, marker) * delta
            if slot >= 2 { queueIfInfeasible(slot) }
        }
    }

    /// Queues the row in `slot` for the dual simplex if its restricted basic symbol went
    /// negative, or for `repairPositiveDummies` if its dummy went positive.
    @inline(__always)
    private mutating func queueIfInfeasible(_ slot: Int) {
        let basic = rows[slot].basic
        if basic.isExternal { return }
        let constant = rows[slot].constant
        if basic.isDummy {
            if constant > 0 && !nearZero(constant) { positiveDummies.append(basic) }
        }
        if constant < 0 { infeasible.append(basic) }
    }

    mutating func changeConstant(of constraint: Constraint, to constant: Double) throws(SolverError) -> Constraint {
        guard let tag = constraint.registrations.payload(for: token) else {
            throw .unknownConstraint(constraint)
        }
        let replacement = Constraint(Expression(constraint.expression.terms, constant: constant), constraint.relation,
                                     strength: constraint.strength)
        guard constant.isFinite else {
            throw .nonFiniteConstraint(replacement)
        }
        let change = constant - constraint.expression.constant
        if change != 0 {
            let strength = constraint.strength
            let required = strength.isRequired
            let delta = change / Self.markerCoefficient(constraint.relation, required: required)
            // Only a required constraint can fail to move; its failure is undone.
            if required { beginJournal() }
            shiftMarker(tag.marker, by: delta, weight: tag.marker.isError ? strength.weight : 0)
            do {
                try repairPositiveDummies()
                try dualOptimize()
            } catch {
                if !required { throw error }
                rollBackJournal()
                throw .unsatisfiableConstraint(replacement)
            }
            if required { endJournal() }
        }
        constraint.registrations.remove(for: token)
        replacement.registrations.set(tag, for: token)
        return replacement
    }

    mutating func changeStrength(of constraint: Constraint, to strength: Strength) throws(SolverError) -> Constraint {
        guard let tag = constraint.registrations.payload(for: token) else {
            throw .unknownConstraint(constraint)
        }
        let replacement = Constraint(constraint.expression, constraint.relation, strength: strength)
        let old = constraint.strength
        if old.isRequired != strength.isRequired {
            // The row's symbols differ: add the replacement first (a failure leaves the
            // solver unchanged), then remove the original.
            try addConstraint(replacement)
            try removeConstraint(constraint)
            return replacement
        }
        let change = strength.weight - old.weight
        if !old.isRequired && change != 0 {
            if tag.marker.isError { addToObjective(tag.marker, weight: change) }
            if tag.other.isError { addToObjective(tag.other, weight: change) }
            try optimize(Self.objectiveSlot)
            if !infeasible.isEmpty { try dualOptimize() }
        }
        constraint.registrations.remove(for: token)
        replacement.registrations.set(tag, for: token)
        return replacement
    }
}
