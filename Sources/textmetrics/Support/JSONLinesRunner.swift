import JSON

/// Answers JSON Lines requests on stdin, one line out per line in, in order, streaming.
///
/// Each batch of lines that arrives is answered in parallel on all cores, then written in
/// input order and flushed. A request is read straight from its bytes into the command's
/// own struct and its answer written straight into the output buffer. A line that is not
/// valid JSON, not a request, or cannot be answered gets `{"id": …, "error": "…"}` (the
/// request's `"id"`, or `null` when the line is not JSON); the batch goes on. Blank lines
/// are skipped.
enum JSONLinesRunner {
    /// - Parameters:
    ///   - state: what each chunk of a batch starts with, for `answer` to keep what it
    ///     learns from one request for the next (the fonts a batch repeats, say).
    ///   - answer: reads the request in `line` and writes its answer object into `out`; a
    ///     thrown error becomes the line's error answer (whatever `answer` wrote before
    ///     throwing is dropped).
    static func run<State>(state: @escaping @Sendable () -> State,
                           _ answer: @escaping @Sendable (_ line: UnsafeBufferPointer<UInt8>, _ out: inout JSONOutput,
                                                          _ state: inout State) throws -> Void) {
        StandardInput.forEachLineBatch { batch in
            OrderedAnswers.write(count: batch.lines.count) { range, out in
                var chunkState = state()
                var errors = 0
                for index in range where !batch.isBlank(index) {
                    batch.withLine(index) { line in
                        let start = out.count
                        do {
                            try answer(line, &out, &chunkState)
                        } catch {
                            out.truncate(to: start)
                            writeError(error, for: line, into: &out)
                            errors += 1
                        }
                    }
                    out.endLine()
                }
                return errors
            }
        }
    }

    /// Answers as ``run(state:_:)`` does, with no state kept between requests.
    static func run(_ answer: @escaping @Sendable (_ line: UnsafeBufferPointer<UInt8>, _ out: inout JSONOutput) throws -> Void) {
        run(state: { () }) { line, out, _ in try answer(line, &out) }
    }

    /// `{"id": …, "error": "…"}` for a line whose request failed with `error`: the line's
    /// `"id"` when the line is a JSON object; when the line is not JSON at all, `null` and the
    /// first place it is not, whatever failed first.
    static func writeError(_ error: Error, for line: UnsafeBufferPointer<UInt8>, into out: inout JSONOutput) {
        out.beginObject()
        out.key("id")
        switch requestID(in: line) {
        case .success(let id?):
            try? out.append(jsonText: UnsafeBufferPointer(rebasing: line[id]))
            out.member("error", "\(error)")
        case .success(nil):
            out.appendNull()
            out.member("error", "\(error)")
        case .failure(let notJSON):
            out.appendNull()
            out.member("error", "\(notJSON)")
        }
        out.endObject()
    }

    /// Where the value of the line's top-level `"id"` is (the last one, when repeated), `nil`
    /// when it has none or is not an object; a failure when the line is not JSON.
    static func requestID(in line: UnsafeBufferPointer<UInt8>) -> Result<Range<Int>?, JSONParseError> {
        var reader = JSONReader(line)
        var id: Range<Int>?
        do {
            if try reader.peek() == .object {
                try reader.readObject { key, reader in
                    let value = try reader.skipValue()
                    if key.matches("id") { id = value }
                }
            } else {
                try reader.skipValue()
            }
            try reader.readEnd()
        } catch let error as JSONParseError {
            return .failure(error)
        } catch {
            return .success(nil)
        }
        return .success(id)
    }
}
