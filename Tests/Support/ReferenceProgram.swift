import Foundation

/// Runs one of the independent reference programs (Pango's, ICU's) on a file of requests and
/// reads its answers.
public enum ReferenceProgram {
    /// A reference program that could not run or failed.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public var description: String
    }

    /// The lines `executable arguments < inputFile` writes on standard output (empty ones left
    /// out). Throws when the program cannot start or exits with a status other than 0.
    public static func outputLines(of executable: URL, arguments: [String], inputFile: URL) throws -> [String] {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(executable.lastPathComponent) exited with status \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// The same with `lines` (one request each) written to a temporary file for standard
    /// input: non-ASCII text reaches the program as UTF-8 bytes whatever the locale.
    public static func outputLines(of executable: URL, arguments: [String], input lines: [String]) throws -> [String] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("reference-input-\(UUID().uuidString).jsonl")
        try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        return try outputLines(of: executable, arguments: arguments, inputFile: file)
    }
}
