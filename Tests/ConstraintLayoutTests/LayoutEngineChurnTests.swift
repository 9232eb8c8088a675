@testable import ConstraintLayout
@testable import ConstraintSolver
import Testing
import TextMetrics

/// An engine kept for a screen's life: activating, deactivating and changing constraints
/// in place, over and over, leaves its solver as small as its live constraints make it,
/// and its layout equal to the hand computation.
@Suite struct LayoutEngineChurnTests {
    /// What the engine's solver holds, and its constraints.
    static func reading(_ engine: LayoutEngine) -> (SolverImpl.Occupancy, Int) {
        (engine.solver.impl.occupancy, engine.solverConstraintCount)
    }

    /// Two boxes in a row: a 40 × 40 avatar 10 pt from the leading edge and a box 8 pt after
    /// it, 20 tall, 10 from the top, with a width that the toggled and changed constraints
    /// set.
    final class Row {
        let engine = LayoutEngine(scale: 2)
        let avatar = LayoutItem(name: "avatar")
        let box = LayoutItem(name: "box")
        /// Required, toggled: the box is 120 wide.
        let fixedWidth: LayoutConstraint
        /// Priority 750, toggled: the box would like to be 200 wide.
        let preferredWidth: LayoutConstraint
        /// Required, its constant changed: the avatar's distance from the top.
        let avatarTop: LayoutConstraint
        /// Adjustable, its constant changed: the box's height.
        let boxHeight: LayoutConstraint

        init() throws {
            let cell = engine.contentView
            engine.addItem(avatar)
            engine.addItem(box)
            fixedWidth = box.width.constraint(equalToConstant: 120)
            preferredWidth = box.width.constraint(equalToConstant: 200).withPriority(.defaultHigh)
            avatarTop = avatar.top.constraint(equalTo: cell.top, constant: 10)
            boxHeight = box.height.constraint(equalToConstant: 20).adjustable()
            try engine.activate([
                avatar.leading.constraint(equalTo: cell.leading, constant: 10),
                avatarTop,
                avatar.width.constraint(equalToConstant: 40),
                avatar.height.constraint(equalToConstant: 40),
                box.leading.constraint(equalTo: avatar.trailing, constant: 8),
                box.top.constraint(equalTo: cell.top, constant: 10),
                boxHeight,
                box.width.constraint(equalToConstant: 60).withPriority(.defaultLow),
                cell.bottom.constraint(greaterThanOrEqualTo: avatar.bottom, constant: 10),
                cell.bottom.constraint(greaterThanOrEqualTo: box.bottom, constant: 10),
            ])
            _ = try engine.systemLayoutSizeFitting(width: 320)
        }
    }

    @Test func togglesAndConstantChangesKeepTheSolverFlat() throws {
        let row = try Row()
        // By hand: the box sits at 10 + 40 + 8 = 58; its width is the 250 wish, 60.
        #expect(row.box.frame == Rect(x: 58, y: 10, width: 60, height: 20))
        var reading: (SolverImpl.Occupancy, Int)?
        for cycle in 1...100_000 {
            switch cycle % 4 {
            case 0: try row.engine.activate([row.fixedWidth])
            case 1: row.engine.deactivate([row.fixedWidth])
            case 2: try row.engine.activate([row.preferredWidth])
            default: row.engine.deactivate([row.preferredWidth])
            }
            row.avatarTop.constant = cycle.isMultiple(of: 2) ? 10 : 14
            row.boxHeight.constant = cycle.isMultiple(of: 3) ? 20 : 30
            if cycle == 1_000 { reading = Self.reading(row.engine) }
        }
        #expect(reading.map { Self.reading(row.engine) == $0 } ?? false)
        #expect(row.engine.solver.impl.residualPurges == 0)
        #expect(row.engine.solver.impl.invariantViolations().isEmpty)
        // The last cycle (100,000) activated the fixed width and set the top to 10 and the
        // box's height to 30 (100,000 is not a multiple of 3).
        #expect(row.fixedWidth.isActive && !row.preferredWidth.isActive)
        #expect(row.avatar.frame == Rect(x: 10, y: 10, width: 40, height: 40))
        #expect(row.box.frame == Rect(x: 58, y: 10, width: 120, height: 30))
        row.engine.deactivate([row.fixedWidth])
        try row.engine.activate([row.preferredWidth])
        #expect(row.box.frame.width == 200)
    }

    /// A priority changed on an active constraint re-weights it in place: the winner
    /// follows, and the solver neither grows nor shrinks.
    @Test func priorityChangesSwapTheWinner() throws {
        let row = try Row()
        try row.engine.activate([row.preferredWidth])
        #expect(row.box.frame.width == 200)
        let before = Self.reading(row.engine)
        row.preferredWidth.priority = LayoutPriority(200)   // below the 250 wish of 60
        #expect(row.box.frame.width == 60)
        row.preferredWidth.priority = .defaultHigh
        #expect(row.box.frame.width == 200)
        #expect(Self.reading(row.engine) == before)
        // Made required, the solver constraint is swapped; a required 120 then conflicts.
        row.preferredWidth.priority = .required
        #expect(row.preferredWidth.isActive)
        #expect(row.box.frame.width == 200)
        #expect(throws: LayoutError.self) { try row.engine.activate([row.fixedWidth]) }
        #expect(!row.fixedWidth.isActive)
        // Optional again, the fixed width comes in and wins.
        row.preferredWidth.priority = .defaultHigh
        try row.engine.activate([row.fixedWidth])
        #expect(row.box.frame.width == 120)
        // Made required now, it conflicts with the fixed width: it is deactivated.
        row.preferredWidth.priority = .required
        #expect(!row.preferredWidth.isActive)
        #expect(row.fixedWidth.isActive)
        #expect(row.box.frame.width == 120)
        #expect(row.engine.solver.impl.invariantViolations().isEmpty)
    }

    /// A required constant changed into a conflict breaks that constraint (it is
    /// deactivated, as UIKit breaks one) and leaves the rest of the layout as it was.
    @Test func conflictingConstantDeactivates() throws {
        let row = try Row()
        let cap = row.avatar.top.constraint(lessThanOrEqualTo: row.engine.contentView.top, constant: 30)
        try row.engine.activate([cap])
        row.avatarTop.constant = 25
        #expect(row.avatarTop.isActive)
        #expect(row.avatar.frame.y == 25)
        let box = row.box.frame
        row.avatarTop.constant = 40   // the avatar's top cannot be both 40 and at most 30
        #expect(!row.avatarTop.isActive)
        #expect(cap.isActive)
        #expect(row.box.frame == box)
        #expect(row.avatar.frame.y <= 30)
        #expect(row.engine.solver.impl.invariantViolations().isEmpty)
        // Activated again with a constant that fits, it holds.
        row.avatarTop.constant = 12
        try row.engine.activate([row.avatarTop])
        #expect(row.avatar.frame.y == 12)
    }
}
