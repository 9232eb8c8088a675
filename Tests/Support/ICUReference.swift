import Foundation

/// ICU's own line break opportunities, through a route of its own: `scripts/icu-line-breaks.py`
/// run by Debian's Python with PyICU (`python3-icu`, over the system's ICU 72), which hands
/// each whole text to ICU's line break iterator — rules and dictionaries — and nothing of
/// TextMetrics.
public enum ICUReference {
    /// For each text, the UTF-8 offsets where ICU lets a line start (after 0, the end of the
    /// text included), in order. One process answers them all.
    public static func breaks(of texts: [String]) throws -> [[Int]] {
        // Debian's interpreter, which python3-icu is installed for (a `python3` earlier on
        // PATH may be another one).
        let python = URL(fileURLWithPath: "/usr/bin/python3")
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw ReferenceProgram.Failure(description: "\(python.path) is missing: apt-get install -y python3-icu")
        }
        let requests = try texts.map { text in
            String(decoding: try JSONSerialization.data(withJSONObject: ["text": text]), as: UTF8.self)
        }
        let script = Repository.root.appendingPathComponent("scripts/icu-line-breaks.py").path
        let lines = try ReferenceProgram.outputLines(of: python, arguments: [script], input: requests)
        guard lines.count == texts.count else {
            throw ReferenceProgram.Failure(description: "icu-line-breaks.py answered \(lines.count) lines for \(texts.count) texts "
                                           + "(apt-get install -y python3-icu)")
        }
        return try lines.map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let breaks = object["breaks"] as? [Int] else {
                throw ReferenceProgram.Failure(description: "unexpected answer: \(line.prefix(80))")
            }
            return breaks
        }
    }
}
