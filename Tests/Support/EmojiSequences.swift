import Foundation

/// Emoji sequences read from the Unicode data's `emoji-sequences.txt` (Debian's
/// `unicode-data`), independently of the tables the library generates from it.
public enum EmojiSequences {
    /// The file the sequences are read from.
    public static let path = "/usr/share/unicode/emoji/emoji-sequences.txt"

    /// The RGI emoji flags (`RGI_Emoji_Flag_Sequence`): pairs of regional indicators; empty
    /// when the file cannot be read.
    public static let rgiFlags: Set<String> = {
        guard let contents = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return Set(contents.split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(separator: "#", omittingEmptySubsequences: false)[0].split(separator: ";")
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count >= 2, fields[1] == "RGI_Emoji_Flag_Sequence" else { return nil }
            return String(String.UnicodeScalarView(fields[0].split(separator: " ")
                .compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }))
        })
    }()

    /// The file the emoji test data (every sequence with its qualification) is read from.
    public static let testPath = "/usr/share/unicode/emoji/emoji-test.txt"

    /// Every keycap sequence `emoji-test.txt` lists (the sequences of its "keycap" subgroup
    /// that end in U+20E3, so not 🔟), with its qualification: `#️⃣` (`0023 FE0F 20E3`) fully
    /// qualified, `#⃣` (`0023 20E3`) unqualified. Empty when the file cannot be read.
    public static let keycaps: [(sequence: String, isFullyQualified: Bool)] = {
        guard let contents = try? String(contentsOfFile: testPath, encoding: .utf8) else { return [] }
        var inKeycaps = false
        var found: [(String, Bool)] = []
        for line in contents.split(separator: "\n") {
            if line.hasPrefix("# subgroup:") {
                inKeycaps = line.hasSuffix(" keycap")
                continue
            }
            guard inKeycaps, !line.hasPrefix("#") else { continue }
            let fields = line.split(separator: "#", omittingEmptySubsequences: false)[0].split(separator: ";")
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count == 2 else { continue }
            let scalars = fields[0].split(separator: " ").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
            guard scalars.last == "\u{20E3}" else { continue }
            found.append((String(String.UnicodeScalarView(scalars)), fields[1] == "fully-qualified"))
        }
        return found
    }()
}
