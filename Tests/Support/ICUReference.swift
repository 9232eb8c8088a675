import Foundation

/// ICU's own line break opportunities, through a route of its own: `scripts/icu-line-breaks.py`
/// run by Debian's Python with PyICU (`python3-icu`, over the system's ICU 72), which hands
/// each whole text to ICU's line break iterator — rules and dictionaries — and nothing of
/// TextMetrics.
public enum ICUReference {
    /// The repository's root folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A failure to run the reference.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public var description: String
    }

    /// For each text, the UTF-8 offsets where ICU lets a line start (after 0, the end of the
    /// text included), in order. One process answers them all; the texts go through a file.
    public static func breaks(of texts: [String]) throws -> [[Int]] {
        // Debian's interpreter, which python3-icu is installed for (a `python3` earlier on
        // PATH may be another one).
        let python = "/usr/bin/python3"
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw Failure(description: "\(python) is missing: apt-get install -y python3-icu")
        }
        var requests = ""
        for text in texts {
            let data = try JSONSerialization.data(withJSONObject: ["text": text])
            requests += String(decoding: data, as: UTF8.self) + "\n"
        }
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("icu-breaks-\(UUID().uuidString).jsonl")
        try requests.write(to: input, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: input) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [root.appendingPathComponent("scripts/icu-line-breaks.py").path]
        process.standardInput = try FileHandle(forReadingFrom: input)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "icu-line-breaks.py exited with status \(process.terminationStatus) "
                          + "(apt-get install -y python3-icu)")
        }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        guard lines.count == texts.count else {
            throw Failure(description: "icu-line-breaks.py answered \(lines.count) lines for \(texts.count) texts")
        }
        return try lines.map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let breaks = object["breaks"] as? [Int] else {
                throw Failure(description: "unexpected answer: \(line.prefix(80))")
            }
            return breaks
        }
    }
}
