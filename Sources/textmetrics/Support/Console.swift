#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Buffered output to stdout and plain messages to stderr.
enum Console {
    /// Writes `text` to stderr prefixed with `textmetrics: error: `.
    static func error(_ text: String) {
        fflush(nil)
        var line = "textmetrics: error: " + text + "\n"
        line.withUTF8 { _ = Glibc.write(2, $0.baseAddress, $0.count) }
    }

    /// Writes `text` to stderr as is (after flushing stdout, so the two stay in order on a terminal).
    static func status(_ text: String) {
        fflush(nil)
        var text = text
        text.withUTF8 { _ = Glibc.write(2, $0.baseAddress, $0.count) }
    }

    /// Writes `text` to stdout (buffered by stdio).
    static func write(_ text: String) {
        print(text, terminator: "")
    }

    /// Writes UTF-8 bytes to stdout, straight to the file descriptor (stdio's buffer is
    /// flushed first, so they stay in order with `write(_:)`).
    static func write(_ buffer: UnsafeBufferPointer<UInt8>) {
        fflush(nil)
        guard let base = buffer.baseAddress else { return }
        var written = 0
        while written < buffer.count {
            let n = Glibc.write(1, base + written, buffer.count - written)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            written += n
        }
    }

    /// Flushes stdout, so streamed answers reach a reader that waits for them.
    static func flush() { fflush(nil) }

    /// Whether stderr is a terminal (for progress bars).
    static var stderrIsTerminal: Bool { isatty(2) != 0 }
}
