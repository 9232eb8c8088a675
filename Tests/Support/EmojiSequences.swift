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
}
