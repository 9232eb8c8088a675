import Foundation
import TestSupport
import Testing
import TextSegmentation

/// Dictionary breaking from many threads at once — pool threads that live on and threads that
/// end (whose ICU iterator and memo are freed as they exit) — gives every thread the answers
/// of one thread alone. Also run under ThreadSanitizer (`scripts/test.sh`).
@Suite struct SoutheastAsianConcurrencyTests {
    @Test func manyThreadsBreakAlike() throws {
        let sentences = SoutheastAsianCorpus.languages.flatMap(\.sentences)
        // A run of more than 512 bytes, which ICU breaks every time (not remembered).
        let long = SoutheastAsianCorpus.khmer.prefix(8).joined()
        let texts = sentences + [long]
        let expected = texts.map { LineBreaking.opportunities(in: $0) }
        let mismatches = Mismatches()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for round in 0..<6 {
                for index in texts.indices where (index + worker + round) % 3 != 0 {
                    if LineBreaking.opportunities(in: texts[index]) != expected[index] { mismatches.add() }
                }
            }
        }
        let done = DispatchSemaphore(value: 0)
        for worker in 0..<6 {
            let thread = Thread {
                for index in texts.indices where index % 6 == worker || index == texts.count - 1 {
                    if LineBreaking.opportunities(in: texts[index]) != expected[index] { mismatches.add() }
                }
                done.signal()
            }
            thread.start()
        }
        for _ in 0..<6 { done.wait() }
        #expect(mismatches.count == 0)
    }
}

/// A count behind an `NSLock` (a pthread mutex, which ThreadSanitizer understands).
private final class Mismatches: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func add() {
        lock.lock()
        value += 1
        lock.unlock()
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}
