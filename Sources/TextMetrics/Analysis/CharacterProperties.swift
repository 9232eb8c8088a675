/// Character predicates every stage of the pipeline asks — whitespace, separators,
/// invisible and ignorable characters, what may be emoji — written once, here, at the bottom:
/// analysis cuts segments and chooses fonts with them, measuring and layout ask them again.
/// Each is checked against the standard library's Unicode properties in the tests.
enum CharacterProperties {
    /// Default_Ignorable_Code_Point (DerivedCoreProperties.txt, Unicode 15.0), as ranges:
    /// characters that show nothing unless a font supports them (ZWJ, variation selectors,
    /// bidi controls, tags…). Checked against the standard library's property in the tests.
    static func isDefaultIgnorable(_ value: UInt32) -> Bool {
        switch value {
        case 0xAD, 0x34F, 0x61C, 0x115F...0x1160, 0x17B4...0x17B5, 0x180B...0x180F, 0x200B...0x200F,
             0x202A...0x202E, 0x2060...0x206F, 0x3164, 0xFE00...0xFE0F, 0xFEFF, 0xFFA0, 0xFFF0...0xFFF8,
             0x1BCA0...0x1BCA3, 0x1D173...0x1D17A, 0xE0000...0xE0FFF:
            return true
        default:
            return false
        }
    }

    /// Characters with a script of their own that are still default-ignorable or whitespace:
    /// the Arabic letter mark, Hangul fillers, Khmer inherent vowels, Mongolian variation
    /// selectors, the Ogham space mark. (Checked over every scalar in the tests.)
    static func isSpecialLetter(_ value: UInt32) -> Bool {
        switch value {
        case 0x61C, 0x115F...0x1160, 0x1680, 0x17B4...0x17B5, 0x180B...0x180F, 0x3164, 0xFFA0: return true
        default: return false
        }
    }

    /// Space separators (General_Category Zs) and controls (Cc).
    static func isSpaceOrControl(_ value: UInt32) -> Bool {
        switch value {
        case 0...0x20, 0x7F...0xA0, 0x1680, 0x2000...0x200A, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// False outside the blocks that hold emoji (Emoji=Yes: ASCII digits, `#`, `*`, ©, ®,
    /// U+203C–U+2BFF, 〰 〽 ㊗ ㊙ and U+1F000 up), so most text never asks the emoji
    /// properties — and the punctuation and symbols of U+2C00–U+3296 (CJK punctuation
    /// 、。「」《》, ・, ー, enclosed CJK) are never taken for emoji.
    static func mayBeEmoji(_ value: UInt32) -> Bool {
        switch value {
        case 0..<0x80, 0xA9, 0xAE, 0x203C...0x2BFF, 0x3030, 0x303D, 0x3297, 0x3299, 0x1F000...: return true
        default: return false
        }
    }

    /// Whether `scalar`, of no script (Common, Inherited or Unknown), is punctuation or a
    /// symbol whose font is simply the first text font that has it: not possibly emoji, not
    /// default-ignorable, not whitespace, a control or a line separator. (No such character
    /// of the Common script raises a bidi level, which `CharacterPropertyTests` checks over
    /// every character of three UTF-8 bytes.)
    @inline(__always)
    static func isPlainPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return !mayBeEmoji(value) && !isDefaultIgnorable(value) && !isSpaceOrControl(value)
            && !isLineSeparator(scalar)
    }

    /// Characters that end a line and take no space: LF, VT, FF, CR, NEL, LS, PS.
    static func isLineSeparator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// Breaking spaces, which hang past the end of a line: space, tab, ogham space, the
    /// en/em spaces (not the figure space), medium mathematical space, ideographic space.
    static func isHangingWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x09, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// Whether `scalar` shows nothing and needs no glyph of its own — a default-ignorable
    /// character, a control, or whitespace that hangs — so a font without it does not count
    /// as missing a glyph.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        return properties.isDefaultIgnorableCodePoint || properties.generalCategory == .control
            || isHangingWhitespace(scalar)
    }
}
