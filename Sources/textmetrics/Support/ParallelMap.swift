import Dispatch

/// Maps a collection on all cores, keeping order.
enum ParallelMap {
    static func map<T, R>(_ items: [T], _ transform: (T) -> R) -> [R] {
        let count = items.count
        guard count > 1 else { return items.map(transform) }
        var results = [R?](repeating: nil, count: count)
        let chunks = min(count, 64)
        results.withUnsafeMutableBufferPointer { out in
            let out = UnsafeSendableBuffer(out)
            items.withUnsafeBufferPointer { input in
                let input = UnsafeSendableBuffer(input)
                withoutActuallyEscaping(transform) { transform in
                    let transform = UnsafeSendableBox(transform)
                    DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                        let lower = chunk * count / chunks
                        let upper = (chunk + 1) * count / chunks
                        for i in lower..<upper { out.base[i] = transform.value(input.base[i]) }
                    }
                }
            }
        }
        return results.map { $0! }
    }
}

/// Disjoint indices of one buffer are written from several threads.
struct UnsafeSendableBuffer<Base>: @unchecked Sendable {
    let base: Base
    init(_ base: Base) { self.base = base }
}

/// A value handed to `concurrentPerform`, used read-only.
struct UnsafeSendableBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
