import Dispatch
import JSON

/// Answers written on all cores and printed in input order: the loop every command that
/// answers many rows or requests shares.
enum OrderedAnswers {
    /// Answers the indices `0..<count`, spread over all cores in chunks of consecutive
    /// indices: `answerChunk(range, &out)` writes the answers of `range` in order into `out`
    /// — one JSON text and ``JSONOutput/endLine()`` each, nothing for an input that gets no
    /// answer — and returns how many were errors; a chunk may keep what it learns from one
    /// answer for the next. Then writes every chunk's answers to standard output, in order,
    /// and flushes.
    /// - Returns: the number of error answers.
    @discardableResult
    static func write(count: Int, chunks answerChunk: (Range<Int>, inout JSONOutput) -> Int) -> Int {
        let chunks = min(count, 64)
        guard chunks > 1 else {
            var out = JSONOutput(capacity: 1 << 12)
            let errors = answerChunk(0..<count, &out)
            out.withBytes(Console.write)
            Console.flush()
            return errors
        }
        var outputs = [(bytes: [UInt8], errors: Int)](repeating: ([], 0), count: chunks)
        outputs.withUnsafeMutableBufferPointer { outputs in
            let outputs = UnsafeSendableBox(outputs)
            withoutActuallyEscaping(answerChunk) { answerChunk in
                let answerChunk = UnsafeSendableBox(answerChunk)
                DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                    let range = (chunk * count / chunks)..<((chunk + 1) * count / chunks)
                    var out = JSONOutput(capacity: range.count * 512)
                    let errors = answerChunk.value(range, &out)
                    outputs.value[chunk] = (out.bytes, errors)
                }
            }
        }
        for output in outputs { output.bytes.withUnsafeBufferPointer(Console.write) }
        Console.flush()
        return outputs.reduce(0) { $0 + $1.errors }
    }

    /// Answers the indices `0..<count` one by one, as ``write(count:chunks:)`` does:
    /// `answer(index, &out)` writes one JSON text (or nothing) and returns whether it was an
    /// error; the line ends are added here.
    @discardableResult
    static func write(count: Int, _ answer: (Int, inout JSONOutput) -> Bool) -> Int {
        write(count: count) { range, out in
            var errors = 0
            for index in range {
                let start = out.count
                if answer(index, &out) { errors += 1 }
                if out.count > start { out.endLine() }
            }
            return errors
        }
    }
}

/// A value handed to `concurrentPerform`: a buffer whose disjoint indices the iterations
/// write, or a closure they call.
struct UnsafeSendableBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
