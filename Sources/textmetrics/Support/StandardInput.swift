#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reads standard input as raw bytes.
enum StandardInput {
    /// Everything on stdin.
    static func readAll() -> [UInt8] {
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if n > 0 {
                data.append(contentsOf: chunk[0..<n])
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        return data
    }

    /// All of stdin as text.
    /// - Throws: ``CommandError`` when the bytes are not valid UTF-8 (naming the first bad byte).
    static func readText() throws -> String {
        let bytes = readAll()
        return try UTF8Text.decode(bytes, what: "standard input")
    }

    /// Calls `body` with each batch of complete lines as they arrive: whatever lines a read
    /// delivers are handled at once, so a slow writer gets its answers promptly and a fast
    /// one gets large batches. Lines end with LF (a CR before it is dropped); a last line
    /// without LF is delivered at end of input.
    static func forEachLineBatch(_ body: ([ArraySlice<UInt8>]) -> Void) {
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 18)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            pending.append(contentsOf: chunk[0..<n])
            guard let lastNewline = pending.lastIndex(of: 0x0A) else { continue }
            body(splitLines(pending[0..<lastNewline]))
            pending.removeSubrange(0...lastNewline)
        }
        if !pending.isEmpty { body(splitLines(pending[...])) }
    }

    private static func splitLines(_ bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            line.last == 0x0D ? line.dropLast() : line
        }
    }
}
