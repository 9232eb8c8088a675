import CHarfBuzz
import TextSegmentation

/// What HarfBuzz does with each script: the direction it guesses, the scripts its default
/// shaper handles, and which directions read against a script.
extension HarfBuzzFont {
    /// Whether HarfBuzz shapes text of `script` left to right with its default shaper (no
    /// script-specific shaping), as it does Han, kana, Bopomofo, Latin, Greek and Cyrillic; and
    /// Common, which takes its neighbours' script.
    @inline(__always)
    static func isDefaultShaped(_ script: UnicodeScript) -> Bool {
        switch script {
        case .han, .hiragana, .katakana, .bopomofo, .latin, .greek, .cyrillic, .common: return true
        default: return false
        }
    }

    /// Whether HarfBuzz, guessing a buffer's properties from its text, shapes text of `script`
    /// right to left (Arabic, Hebrew, Syriac…).
    static func guessesRightToLeft(_ script: UnicodeScript) -> Bool {
        horizontalDirections[Int(script.rawValue)] == HB_DIRECTION_RTL
    }

    /// For every script's raw value, HarfBuzz's horizontal direction for it (`HB_DIRECTION_INVALID`
    /// for the few scripts written either way, and for raw values that name no script).
    private static let horizontalDirections: [hb_direction_t] = (0...Int(UInt8.max)).map { raw in
        guard let script = UnicodeScript(rawValue: UInt8(raw)) else { return HB_DIRECTION_INVALID }
        let tag = ShapingProperties(script: script, isRightToLeft: false, options: nil).scriptTag
        return hb_script_get_horizontal_direction(hb_script_t(rawValue: tag))
    }

    /// Whether `properties` shape against their script's own direction: Arabic at an even
    /// bidi level (a number sign with the letter after it in one grapheme cluster, or text
    /// under a left-to-right override), Latin at an odd one.
    ///
    /// HarfBuzz shapes such a buffer in the script's direction, its grapheme clusters
    /// reversed, but leaves the text around the buffer where it was: what came before the
    /// range is read as if it came after it, and the reverse. The last letter of `؂ ؃ت` took
    /// its final form from a ل in front of the whole range. So these ranges are shaped with no
    /// text around them: their glyphs depend on their own characters alone, as the segment
    /// cache, which keys a segment by its bytes, needs them to.
    static func readsAgainstScript(_ properties: ShapingProperties) -> Bool {
        horizontalDirections[Int(properties.script.rawValue)]
            == (properties.isRightToLeft ? HB_DIRECTION_LTR : HB_DIRECTION_RTL)
    }
}
