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
    /// Whether `bytes` map a file (unmapped in `deinit`) rather than hold a copy.
    private let isMapped: Bool

    init(copying source: some Collection<UInt8>, origin: String) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(source.count, 1), alignment: 16)
        _ = buffer.initializeMemory(as: UInt8.self, from: source)
        self.bytes = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<source.count])
        self.origin = origin
        self.isMapped = false
    }

    /// Maps a whole file, read-only: its pages are read as they are first touched, so a face
    /// costs what measuring reads of it (Noto Color Emoji's 10 MB of bitmaps are not read to
    /// measure). The file must not be truncated while a face uses it (replacing it, as
    /// package managers do, is fine).
    /// - Throws: ``FontError/fileNotFound(_:)`` or ``FontError/unreadable(_:)``.
    init(contentsOfFile path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0 else { throw FontError.fileNotFound(path) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw FontError.unreadable(path) }
        let size = Int(info.st_size)
        let file = open(path, O_RDONLY)
        guard file >= 0 else { throw FontError.unreadable(path) }
        defer { close(file) }
        self.origin = path
        guard size > 0 else {
            // Nothing to map: an empty buffer, which is no font.
            self.bytes = UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer.allocate(byteCount: 1, alignment: 16)[0..<0])
            self.isMapped = false
            return
        }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, file, 0),
              address != UnsafeMutableRawPointer(bitPattern: -1) else { throw FontError.unreadable(path) }
        self.bytes = UnsafeMutableRawBufferPointer(start: address, count: size)
        self.isMapped = true
    }

    deinit {
        if isMapped {
            munmap(bytes.baseAddress, bytes.count)
        } else {
            bytes.deallocate()
        }
    }
}
