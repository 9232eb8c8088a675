/// A PNG file could not be written or read; `message` is libpng's reason.
public struct PNGError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file's path.
    public var path: String
    /// What went wrong, as libpng tells it.
    public var message: String

    /// Creates an error for `path`.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `"cannot write cell.png: …"`-style text.
    public var description: String { "PNG file \(path): \(message)" }
}
