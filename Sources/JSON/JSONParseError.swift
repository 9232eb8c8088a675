/// Why a text is not valid JSON: what was wrong and at which byte.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What the parser expected or found.
    public var reason: String
    /// Byte offset of the problem in the input.
    public var offset: Int

    /// Creates an error.
    public init(reason: String, offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    /// `"invalid JSON at byte N: reason"`.
    public var description: String { "invalid JSON at byte \(offset): \(reason)" }
}
