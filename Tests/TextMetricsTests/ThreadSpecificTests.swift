import Foundation
import Testing
@testable import TextMetrics

/// A thread's object in a ``ThreadSpecific`` slot: made once a thread, the same object at every
/// use on that thread, another on another thread, and released when its thread exits.
@Suite struct ThreadSpecificTests {
    /// What a thread keeps (an object to watch).
    final class Probe {}

    /// Written by the thread alone, read after it signals.
    final class Outcome: @unchecked Sendable {
        weak var kept: Probe?
        var sameAtEveryUse = false
        var made = 0
    }

    static let slot = ThreadSpecific<Probe>()

    @Test func aThreadsObjectIsKeptUntilItExits() {
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            #expect(Self.slot.current == nil)
            let probe = Probe()
            Self.slot.keep(probe)
            outcome.kept = probe
            outcome.sameAtEveryUse = (0..<3).allSatisfy { _ in Self.slot.current?.takeUnretainedValue() === probe }
            done.signal()
        }
        thread.start()
        done.wait()
        #expect(outcome.sameAtEveryUse)
        // This thread has kept none.
        #expect(Self.slot.current == nil)
        // The thread exits after it signals: its object is released then.
        var waited = 0
        while outcome.kept != nil, waited < 500 {
            usleep(2_000)
            waited += 1
        }
        #expect(outcome.kept == nil)
    }
}
