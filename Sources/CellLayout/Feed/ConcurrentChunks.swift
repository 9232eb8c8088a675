import Dispatch
import TextMetrics

/// Runs work over `0..<count` on all cores in contiguous chunks (a few per core, so a slow
/// chunk does not hold the others back).
enum ConcurrentChunks {
    static func run(count: Int, minimumChunk: Int = 64, _ body: (Range<Int>) -> Void) {
        guard count > minimumChunk else {
            if count > 0 { body(0..<count) }
            return
        }
        let chunks = min((count + minimumChunk - 1) / minimumChunk, 256)
        withoutActuallyEscaping(body) { body in
            let box = UncheckedSendable(body)
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                box.value(chunk * count / chunks..<(chunk + 1) * count / chunks)
            }
        }
    }
}

/// A value handed to `concurrentPerform` whose use is made safe by the caller (disjoint
/// writes, read-only captures).
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
