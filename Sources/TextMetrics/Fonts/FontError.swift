/// Why a font could not be loaded or resolved.
///
/// Every case names the file or name at fault, so a message can be shown as is.
public enum FontError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No file exists at the path, and no bundled font has that name.
    case fileNotFound(String)
    /// The file exists but could not be read (permissions, a directory, an I/O error).
    case unreadable(String)
    /// The file is not a font FreeType can open (corrupt, empty, or another format).
    case notAFont(String)
    /// The collection has no face at this index (`faceCount` faces, numbered from 0).
    case faceIndexOutOfRange(path: String, index: Int, faceCount: Int)
    /// The font opens but lacks a table text measurement needs (`hhea`, `head`).
    case missingTable(path: String, table: String)

    /// A one-line, human-readable description of the error.
    public var description: String {
        switch self {
        case .fileNotFound(let name):
            return "font not found: \(name) (not a file, and not a bundled font name: \(BundledFonts.names.joined(separator: ", ")))"
        case .unreadable(let path):
            return "font file cannot be read: \(path)"
        case .notAFont(let path):
            return "not a font file: \(path)"
        case .faceIndexOutOfRange(let path, let index, let count):
            return "face index \(index) out of range for \(path): it has \(count) face\(count == 1 ? "" : "s") (0...\(max(count - 1, 0)))"
        case .missingTable(let path, let table):
            return "font \(path) has no '\(table)' table"
        }
    }
}
