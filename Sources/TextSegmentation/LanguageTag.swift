/// The shape of a BCP 47 language tag, as the library accepts one: for shaping (HarfBuzz
/// reads the tag) and for line-breaking tailorings (``LineBreakTailoring/init(language:)``).
public enum LanguageTag {
    /// Whether `tag` has the shape of a BCP 47 language tag: 1–35 ASCII letters, digits and
    /// hyphens, starting with a letter (`"ja"`, `"zh-Hant"`, `"ko-KR"`).
    public static func isWellFormed(_ tag: String) -> Bool {
        let bytes = Array(tag.utf8)
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
        return (1...35).contains(bytes.count) && isLetter(bytes[0])
            && bytes.allSatisfy { isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
    }

    /// What a tag must be, for error messages.
    public static let requirement = "a BCP 47 language tag such as \"ja\" or \"zh-Hant\""

    /// The primary language subtag of `tag`, lowercased: `"zh"` for `"zh-Hant-TW"`.
    public static func primaryLanguage(of tag: String) -> String {
        String(tag.prefix { $0 != "-" }).lowercased()
    }
}
