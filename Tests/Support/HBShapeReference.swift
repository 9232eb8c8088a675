import Foundation

/// Runs Debian's `hb-shape` (package `libharfbuzz-bin`) as an independent reference for
/// glyph advances: one process shapes many strings, one per input line.
public enum HBShapeReference {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// One glyph hb-shape placed: its id in the font, the UTF-8 offset of its cluster in the
    /// string, and its advance in font units.
    public struct Glyph: Equatable {
        public let id: Int
        public let cluster: Int
        public let advance: Int
    }

    /// The total advance of each string in font units, shaped at `--font-size=upem` so the
    /// advances are the font's own unhinted units; `options` go to hb-shape as they are
    /// (`--direction=ltr`, `--script=Hebr`).
    public static func advances(fontPath: String, faceIndex: Int = 0, unitsPerEm: Int, strings: [String],
                                options: [String] = []) throws -> [Int] {
        try glyphs(fontPath: fontPath, faceIndex: faceIndex, unitsPerEm: unitsPerEm, strings: strings, options: options)
            .map { $0.reduce(0) { $0 + $1.advance } }
    }

    /// The glyphs of each string, as `advances(fontPath:faceIndex:unitsPerEm:strings:options:)`
    /// shapes it.
    public static func glyphs(fontPath: String, faceIndex: Int = 0, unitsPerEm: Int, strings: [String],
                              options: [String] = []) throws -> [[Glyph]] {
        let executable = "/usr/bin/hb-shape"
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw Failure(description: "hb-shape not found: apt-get install libharfbuzz-bin")
        }
        precondition(!strings.contains { $0.contains("\n") || $0.contains("\r") }, "one string per line")
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("hb-shape-\(UUID().uuidString).txt")
        try (strings.joined(separator: "\n") + "\n").write(to: input, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: input) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--font-size=\(unitsPerEm)", "--face-index=\(faceIndex)", "--no-glyph-names",
                             "--output-format=json", "--text-file=\(input.path)"] + options + [fontPath]
        // hb-shape reads its arguments (--text-before, --text-after) in the locale's encoding:
        // UTF-8 whatever the caller's locale, which may be none (C.UTF-8 is in every glibc).
        process.environment = ProcessInfo.processInfo.environment.merging(["LC_ALL": "C.UTF-8"]) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(description: "hb-shape exited with \(process.terminationStatus)") }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        guard lines.count == strings.count else {
            throw Failure(description: "hb-shape answered \(lines.count) lines for \(strings.count) strings")
        }
        return try lines.map { line in
            guard let glyphs = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [[String: Any]] else {
                throw Failure(description: "unexpected hb-shape output: \(line.prefix(80))")
            }
            return glyphs.map { Glyph(id: $0["g"] as? Int ?? -1, cluster: $0["cl"] as? Int ?? -1, advance: $0["ax"] as? Int ?? 0) }
        }
    }
}
