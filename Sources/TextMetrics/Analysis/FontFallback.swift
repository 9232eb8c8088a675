import TextSegmentation

/// The font fallback policy: which font of a ``FontChain`` a grapheme cluster takes — the one
/// place the rule is written (the itemizer's lanes only find, faster, the same choice).
///
/// - A cluster shown as emoji (emoji presentation, U+FE0F, a keycap, a skin tone, a flag, a
///   ZWJ sequence) takes the first color font that has all of it, else the first font that does.
/// - Any other cluster — letters, and the characters of no script of their own (punctuation,
///   digits, symbols, whitespace, a mark with no base) — takes the first font that is not a color
///   font and has all of it, else the first font that has all of it: the first font of the
///   chain that has it, whatever font the text around it is in, as CoreText and Skia choose.
/// - What shows nothing (controls, line separators, default-ignorable characters alone) stays in
///   the font of the run it is in, unless that is a color font.
/// - A cluster that no font has stays in the current run's font when it has no script of its
///   own, else takes the primary font, whose `.notdef` then measures it (it is reported as
///   missing).
///
/// A cluster is chosen whole: combining marks go with their base, ZWJ and variation selectors
/// with their sequence. "Has all of it" ignores default-ignorable characters (ZWJ, variation
/// selectors, tags), which fonts need not map. Coverage lookups are bitset tests
/// (``FaceCoverage``).
enum FontFallback {
    /// What font choice reads of a ``FontChain``, gathered once per text.
    struct Chain {
        /// The chain's fonts: their coverage.
        let members: UnsafeBufferPointer<FontChain.Member>
        let colorMask: UInt16
        /// The fonts that have every printable ASCII character (bit i: font i).
        let asciiMask: UInt16
        /// The fonts that have some CJK Unified Ideograph (bit i: font i).
        let ideographMask: UInt16

        var count: Int { members.count }
        func isColor(_ index: Int) -> Bool { colorMask & 1 << UInt16(index) != 0 }
        /// Whether font `index` has the code point `value` (a bitset test, inlined where it is asked).
        @inline(__always)
        func font(_ index: Int, has value: UInt32) -> Bool {
            members[index].coverage.withLookup { $0.contains(value: value) }
        }
        /// The first font of the chain that has `scalar`, or `nil`.
        @inline(__always)
        func firstFont(having scalar: Unicode.Scalar) -> Int? {
            firstFont(having: scalar.value)
        }
        /// The first font of the chain that has the code point `value`, or `nil`.
        @inline(__always)
        func firstFont(having value: UInt32) -> Int? {
            members.firstIndex { $0.coverage.contains(value: value) }
        }
        /// Whether font `index` is the first of the chain that has the code point `value`.
        @inline(__always)
        func isFirstFont(_ index: Int, having value: UInt32) -> Bool {
            guard font(index, has: value) else { return false }
            var earlier = 0
            while earlier < index {
                if font(earlier, has: value) { return false }
                earlier += 1
            }
            return true
        }
        /// The first color font of the chain whose coverage passes `covers`, or `nil`: the
        /// font an emoji cluster takes (most chains hold one color font).
        @inline(__always)
        func firstColorFont(where covers: (FaceCoverage) -> Bool) -> Int? {
            var colors = colorMask
            while colors != 0 {
                let index = colors.trailingZeroBitCount
                if index < count, covers(members[index].coverage) { return index }
                colors &= colors - 1
            }
            return nil
        }
        /// The first text (not color) font of the chain when it has every printable ASCII
        /// character, so every printable ASCII character that is not part of an emoji takes it;
        /// `nil` otherwise. (Inlined: the ASCII lanes ask it at every run they extend.)
        @inline(__always)
        var asciiFont: Int? {
            let text = ~colorMask & (1 << UInt16(count) &- 1)
            guard text != 0, asciiMask & text & (0 &- text) != 0 else { return nil }
            return text.trailingZeroBitCount
        }
        /// The first text (not color) font of the chain that has the code point `value`, or `nil`.
        @inline(__always)
        func firstTextFont(having value: UInt32) -> Int? {
            var index = 0
            while index < count {
                if !isColor(index), members[index].coverage.contains(value: value) { return index }
                index += 1
            }
            return nil
        }
        /// Whether font `index` is the first text (not color) font of the chain that has the code
        /// point `value`.
        @inline(__always)
        func isFirstTextFont(_ index: Int, having value: UInt32) -> Bool {
            guard !isColor(index), font(index, has: value) else { return false }
            var earlier = 0
            while earlier < index {
                if !isColor(earlier), font(earlier, has: value) { return false }
                earlier += 1
            }
            return true
        }
    }

    /// What font choice needs to know about one grapheme cluster.
    struct Cluster {
        let bytes: UnsafeBufferPointer<UInt8>
        /// The first script of its characters that is not Common, Inherited or Unknown.
        var script: UnicodeScript?
        /// Only controls, line separators and default-ignorable characters: nothing to show
        /// (whitespace shows a space).
        var showsNothing = true
        var wantsEmoji = false
        /// The cluster's one character, when it is a letter of a script (see `init`).
        private var singleScalar: Unicode.Scalar?


        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            if bytes.count > 1, let (scalar, length) = UTF8Scan.scalar(startingAt: 0, in: bytes), length == bytes.count {
                // One letter of a script (an ideograph, kana, a Latin letter with its accent
                // precomposed…): not emoji, not whitespace, not ignorable — those are all
                // Common or Inherited, or among the few `isSpecialLetter` names.
                let script = UnicodeScript(scalar)
                if !script.isShared, !CharacterProperties.isSpecialLetter(scalar.value) {
                    self.script = script
                    showsNothing = false
                    singleScalar = scalar
                    return
                }
            }
            if bytes.count == 1 {
                // One ASCII character, the commonest cluster: no emoji, no ignorables.
                let value = bytes[0]
                if value >= 0x20 && value < 0x7F {
                    showsNothing = false
                    if (value | 0x20) >= 0x61 && (value | 0x20) <= 0x7A { script = .latin }
                }
                return
            }
            var offset = 0
            var textPresentation = false
            var hasJoiner = false
            var firstIsEmoji = false
            while let (scalar, length) = UTF8Scan.scalar(startingAt: offset, in: bytes) {
                let first = offset == 0
                offset += length
                let value = scalar.value
                if value < 0x80 {
                    if value >= 0x20 && value < 0x7F {
                        showsNothing = false
                        if script == nil, (value | 0x20) >= 0x61 && (value | 0x20) <= 0x7A { script = .latin }
                    }
                    if first, value == 0x23 || value == 0x2A || (0x30...0x39).contains(value) { firstIsEmoji = true }
                    continue
                }
                switch value {
                case 0xFE0F: wantsEmoji = true; continue
                case 0x20E3, 0x1F3FB...0x1F3FF: wantsEmoji = true; showsNothing = false; continue
                case 0xFE0E: textPresentation = true; continue
                case 0x200D: hasJoiner = true; continue
                default: break
                }
                if CharacterProperties.isDefaultIgnorable(value) || CharacterProperties.isLineSeparator(scalar) { continue }
                if value >= 0xA0 { showsNothing = false }  // below: C1 controls
                if first, CharacterProperties.mayBeEmoji(value) {
                    let properties = EmojiProperties.of(scalar)
                    if properties.isEmojiPresentation { wantsEmoji = true }
                    firstIsEmoji = properties.isEmoji
                }
                if script == nil {
                    let own = UnicodeScript(scalar)
                    if !own.isShared { script = own }
                }
            }
            if hasJoiner && firstIsEmoji { wantsEmoji = true }
            if textPresentation { wantsEmoji = false }
        }

        /// Whether a face of `coverage` has every character of the cluster that needs a glyph.
        func isCovered(by coverage: FaceCoverage) -> Bool {
            if let singleScalar { return coverage.contains(singleScalar) }
            if bytes.count == 1 { return bytes[0] < 0x20 || bytes[0] == 0x7F || coverage.contains(Unicode.Scalar(bytes[0])) }
            var offset = 0
            while let (scalar, length) = UTF8Scan.scalar(startingAt: offset, in: bytes) {
                offset += length
                let value = scalar.value
                if value < 0x20 || value == 0x7F || value == 0x200D || (0xFE00...0xFE0F).contains(value) { continue }
                if coverage.contains(scalar) { continue }
                if value >= 0x80, CharacterProperties.isDefaultIgnorable(value) || CharacterProperties.isLineSeparator(scalar) {
                    continue
                }
                return false
            }
            return true
        }
    }

    /// The font (an index into the chain) the cluster takes, given the font of the run it
    /// would continue (`current`, `nil` at the start of the text).
    static func choose(_ cluster: Cluster, chain: Chain, current: Int?) -> UInt8 {
        if chain.count == 1 { return 0 }
        if cluster.showsNothing, let current, !chain.isColor(current) { return UInt8(current) }
        if cluster.wantsEmoji, let index = chain.firstColorFont(where: cluster.isCovered(by:)) { return UInt8(index) }
        var fallback: Int?
        for index in 0..<chain.count {
            guard cluster.isCovered(by: chain.members[index].coverage) else { continue }
            if chain.isColor(index) == cluster.wantsEmoji { return UInt8(index) }
            if fallback == nil { fallback = index }
        }
        if let fallback { return UInt8(fallback) }
        if cluster.script == nil, let current { return UInt8(current) }
        return 0
    }
}
