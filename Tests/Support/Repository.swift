import Foundation

/// The repository the tests run from: its root and the shared `Examples/` folder, found from
/// this file's place (`Tests/Support/Repository.swift`), whatever the working directory.
public enum Repository {
    /// The repository's root folder.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The path of `Examples/<name>` (a template or rows).
    public static func example(_ name: String) -> String {
        root.appendingPathComponent("Examples").appendingPathComponent(name).path
    }

    /// The text of `Examples/<name>`.
    /// - Throws: the file system's error when it cannot be read.
    public static func exampleText(_ name: String) throws -> String {
        try String(contentsOfFile: example(name), encoding: .utf8)
    }
}
