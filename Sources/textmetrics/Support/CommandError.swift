import ArgumentParser

/// A failure reported to the user as `Error: <message>` with a non-zero exit status.
struct CommandError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}
