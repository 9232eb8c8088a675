#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Checks the raw command line before Swift decodes it (which would silently replace
/// invalid UTF-8 with U+FFFD): invalid bytes get a clear error and exit status 65.
enum ArgumentValidation {
    static func rejectInvalidUTF8Arguments() {
        for index in 1..<Int(CommandLine.argc) {
            guard let raw = CommandLine.unsafeArgv[index] else { continue }
            let length = strlen(raw)
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: length)
            if String(validating: bytes, as: UTF8.self) == nil {
                Console.error("argument \(index) is not valid UTF-8")
                exit(65)
            }
        }
    }
}
