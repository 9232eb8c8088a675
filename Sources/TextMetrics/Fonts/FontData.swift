#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of a font file, at a stable address for as long as any face uses them.
///
/// FreeType and HarfBuzz both read the font in place, so the bytes are copied once into
/// memory this object owns and frees in `deinit`.
final class FontData: @unchecked Sendable {
    /// Read-only after init, so sharing across threads is safe.
    let bytes: UnsafeMutableRawBufferPointer
    /// The path the bytes came from, or a caller-given label for in-memory fonts.
    let origin: String

    init(copying source: some Collection<UInt8>, origin: String) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(source.count, 1), alignment: 16)
        _ = buffer.initializeMemory(as: UInt8.self, from: source)
        self.bytes = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<source.count])
        self.origin = origin
    }

    /// Reads a whole file.
    /// - Throws: ``FontError/fileNotFound(_:)`` or ``FontError/unreadable(_:)``.
    init(contentsOfFile path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0 else { throw FontError.fileNotFound(path) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw FontError.unreadable(path) }
        guard let file = fopen(path, "rb") else { throw FontError.unreadable(path) }
        defer { fclose(file) }
        let size = Int(info.st_size)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(size, 1), alignment: 16)
        let read = size == 0 ? 0 : fread(buffer.baseAddress, 1, size, file)
        guard read == size else {
            buffer.deallocate()
            throw FontError.unreadable(path)
        }
        self.bytes = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<size])
        self.origin = path
    }

    deinit { bytes.deallocate() }
}
