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
        while let chunk = readChunk(into: &data, size: 1 << 16), chunk > 0 {}
        return data
    }

    /// Everything in the regular file at `path`, or `nil` when it cannot be read.
    static func readAll(path: String) -> [UInt8]? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let file = open(path, O_RDONLY)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var data: [UInt8] = []
        while true {
            guard let chunk = readChunk(into: &data, size: 1 << 16, from: file) else { return nil }
            if chunk == 0 { return data }
        }
    }

    /// All of stdin as text.
    /// - Throws: ``CommandError`` when the bytes are not valid UTF-8 (naming the first bad byte).
    static func readText() throws -> String {
        let bytes = readAll()
        return try UTF8Text.decode(bytes, what: "standard input")
    }

    /// Calls `body` with each batch of complete lines as they arrive: whatever lines a read
    /// delivers are handled at once, so a slow writer gets its answers promptly and a fast
    /// one gets large batches (up to a megabyte). A last line without LF is delivered at end
    /// of input.
    static func forEachLineBatch(_ body: (LineBatch) -> Void) {
        var pending: [UInt8] = []
        pending.reserveCapacity(1 << 20)
        while let count = readChunk(into: &pending, size: 1 << 20), count > 0 {
            // Everything up to the last line feed is complete lines.
            guard let end = pending.lastIndex(of: 0x0A).map({ $0 + 1 }) else { continue }
            body(LineBatch(Array(pending[0..<end])))
            pending.removeSubrange(0..<end)
        }
        if !pending.isEmpty { body(LineBatch(pending)) }
    }

    /// Appends up to `size` bytes read from `file` (stdin by default) to `buffer`: how many were read (0 at the
    /// end of input), or `nil` on an error other than an interruption.
    private static func readChunk(into buffer: inout [UInt8], size: Int, from file: Int32 = 0) -> Int? {
        let start = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: size))
        while true {
            let n = buffer.withUnsafeMutableBufferPointer { read(file, $0.baseAddress! + start, size) }
            if n < 0 && errno == EINTR { continue }
            buffer.removeSubrange((start + max(n, 0))...)
            return n < 0 ? nil : n
        }
    }
}

/// Lines of text in one buffer: JSON Lines read from standard input or a file. Lines end
/// with LF, and a CR before it is dropped; a line of nothing but spaces and tabs is blank.
struct LineBatch: Sendable {
    /// The bytes the lines are in.
    let bytes: [UInt8]
    /// Where each line is in `bytes`, in order, without its line end.
    let lines: [Range<Int>]

    /// The lines of `bytes` (a last line without LF included; no line after a final LF).
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var lines: [Range<Int>] = []
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var start = 0
            while start < buffer.count {
                let end = memchr(base + start, 0x0A, buffer.count - start)
                    .map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? buffer.count
                lines.append(start..<(end > start && base[end - 1] == 0x0D ? end - 1 : end))
                start = end + 1
            }
        }
        self.lines = lines
    }

    /// Whether line `index` holds nothing but spaces and tabs.
    func isBlank(_ index: Int) -> Bool {
        bytes[lines[index]].allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// Calls `body` with the bytes of line `index`.
    func withLine<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[lines[index]])) }
    }
}
