/// The two emoji properties font fallback reads — Emoji and Emoji_Presentation — for the
/// blocks that hold emoji (U+2000–U+33FF and U+1F000–U+1FFFF), taken once from the standard
/// library's Unicode data into bitsets, so itemizing a text with emoji does not search the
/// standard library's property tables for every emoji cluster. Elsewhere the standard library
/// answers directly (the results are the same by construction).
enum EmojiProperties {
    private static let ranges: [ClosedRange<UInt32>] = [0x2000...0x33FF, 0x1F000...0x1FFFF]

    /// Bit `2 × i` is Emoji and bit `2 × i + 1` Emoji_Presentation of the i-th character of
    /// `ranges`, in order.
    private static let bits: [UInt64] = {
        let count = ranges.reduce(0) { $0 + $1.count }
        var words = [UInt64](repeating: 0, count: (2 * count + 63) / 64)
        var index = 0
        for range in ranges {
            for value in range {
                if let properties = Unicode.Scalar(value)?.properties {
                    if properties.isEmoji { words[(2 * index) >> 6] |= 1 << UInt64((2 * index) & 63) }
                    if properties.isEmojiPresentation { words[(2 * index + 1) >> 6] |= 1 << UInt64((2 * index + 1) & 63) }
                }
                index += 1
            }
        }
        return words
    }()

    /// (Emoji, Emoji_Presentation) of `scalar`.
    static func of(_ scalar: Unicode.Scalar) -> (isEmoji: Bool, isEmojiPresentation: Bool) {
        let value = scalar.value
        let index: Int
        switch value {
        case 0x2000...0x33FF: index = Int(value - 0x2000)
        case 0x1F000...0x1FFFF: index = 0x1400 + Int(value - 0x1F000)
        default:
            return standardLibraryProperties(of: scalar)
        }
        let bit = 2 * index
        let word = bits[bit >> 6] >> UInt64(bit & 63)
        return (word & 1 != 0, word & 2 != 0)
    }

    /// (Emoji, Emoji_Presentation) of `scalar` from the standard library: kept out of
    /// ``of(_:)``, whose bitset path then never sets up the standard library's resilient
    /// property type.
    @inline(never)
    private static func standardLibraryProperties(of scalar: Unicode.Scalar) -> (isEmoji: Bool, isEmojiPresentation: Bool) {
        let properties = scalar.properties
        return (properties.isEmoji, properties.isEmojiPresentation)
    }
}
