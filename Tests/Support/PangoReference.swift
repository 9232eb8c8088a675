import Foundation

/// The independent Pango reference (`Tests/Support/pango-reference/pango-measure.c`, built by
/// `scripts/build-pango-reference.sh` into `.build-pango/pango-measure`): lays requests out
/// with PangoFT2 on a private fontconfig holding only the bundled fonts, hinting off.
public enum PangoReference {
    /// The repository's root folder.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    /// The built program.
    public static let program = root.appendingPathComponent(".build-pango/pango-measure")
    /// The corpus folder: `NAME.jsonl` request files.
    public static let corpus = root.appendingPathComponent("Tests/Support/pango-reference/corpus")

    /// A failure to run the program.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public var description: String
    }

    /// Pango's JSON Lines answers to the requests in `file`, one line per request.
    public static func answers(toRequestsIn file: URL) throws -> [String] {
        guard FileManager.default.isExecutableFile(atPath: program.path) else {
            throw Failure(description: "\(program.path) is missing: build it with scripts/build-pango-reference.sh "
                          + "(scripts/test.sh and scripts/setup.sh do)")
        }
        let process = Process()
        process.executableURL = program
        process.arguments = ["--fonts", root.appendingPathComponent("Fonts").path]
        process.standardInput = try FileHandle(forReadingFrom: file)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "pango-measure exited with status \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Pango's JSON Lines answers to `requests` (JSON objects, one a string), through a
    /// temporary file.
    public static func answers(to requests: [String]) throws -> [String] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pango-requests-\(UUID().uuidString).jsonl")
        try (requests.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        return try answers(toRequestsIn: file)
    }
}
