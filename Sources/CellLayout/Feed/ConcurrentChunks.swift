import Dispatch
@_spi(Caching) import TextMetrics

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

    /// Runs `body` on every row index of `0..<count` on all cores, and returns the rows it
    /// threw for, by index: a ``TemplateError`` as thrown, any other error wrapped in one
    /// (path `row`). A row's error never stops the others.
    static func forEachRow(count: Int, _ body: (Int) throws -> Void) -> [Int: TemplateError] {
        let failures = Lock<[Int: TemplateError]>([:])
        run(count: count) { range in
            var local: [(Int, TemplateError)] = []
            for index in range {
                do {
                    try body(index)
                } catch let error as TemplateError {
                    local.append((index, error))
                } catch {
                    local.append((index, TemplateError(path: "row", reason: "\(error)")))
                }
            }
            if !local.isEmpty { failures.withLock { for (index, error) in local { $0[index] = error } } }
        }
        return failures.withLock { $0 }
    }
}

/// A value handed to `concurrentPerform` whose use is made safe by the caller (disjoint
/// writes, read-only captures).
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
