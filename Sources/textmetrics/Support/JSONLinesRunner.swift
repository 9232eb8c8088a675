import Dispatch
import JSON

/// Answers JSON Lines on stdin, one line out per line in, in order, streaming.
///
/// Each batch of lines that arrives is answered in parallel on all cores, then written in
/// input order and flushed. A line that is not valid UTF-8 or not valid JSON is answered with
/// an error object; the batch goes on. Blank lines are skipped.
enum JSONLinesRunner {
    /// - Parameter answer: turns one parsed request into its answer object; thrown errors
    ///   become `{"id": …, "error": "…"}`.
    static func run(_ answer: @escaping @Sendable (JSONValue) throws -> JSONValue) {
        StandardInput.forEachLineBatch { lines in
            let outputs = ParallelMap.map(lines) { line in answerLine(line, answer) }
            var text = ""
            text.reserveCapacity(outputs.reduce(0) { $0 + $1.utf8.count + 1 })
            for output in outputs where !output.isEmpty {
                text += output
                text += "\n"
            }
            Console.write(text)
            Console.flush()
        }
    }

    private static func answerLine(_ line: ArraySlice<UInt8>, _ answer: (JSONValue) throws -> JSONValue) -> String {
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return "" }
        let request: JSONValue
        do {
            request = try line.withUnsafeBufferPointer { try JSONValue.parse($0) }
        } catch {
            return LayoutJSON.error(id: nil, "\(error)").serialized
        }
        do {
            return try answer(request).serialized
        } catch {
            return LayoutJSON.error(id: request["id"], "\(error)").serialized
        }
    }
}
