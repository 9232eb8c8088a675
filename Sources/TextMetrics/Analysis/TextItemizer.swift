import TextSegmentation

/// Cuts a text into ``TextRun``s: by font (fallback per grapheme cluster), by script (UAX #24,
/// Common and Inherited resolved from neighbours) and by bidi level (UAX #9, per paragraph).
///
/// Font choice for a grapheme cluster, given a ``FontChain``:
/// - Whitespace, controls and invisible characters stay in the font of the run they are in;
///   after an emoji (a color font), or where the direction changes, they take the font of
///   what follows them: the emoji font between two emoji, the text's font before text (as
///   Pango does).
/// - A cluster of Common or Inherited characters (punctuation, digits, symbols) stays in the
///   current run's font when that font has all of it and is not a color (emoji) font.
/// - A cluster shown as emoji (emoji presentation, U+FE0F, a keycap, a skin tone, a flag, a
///   ZWJ sequence) takes the first color font that has all of it, else the first font that does.
/// - Any other cluster takes the first font that is not a color font and has all of it,
///   else the first font that has all of it.
/// - A cluster that no font has stays in the current run's font, or takes the primary font,
///   whose `.notdef` then measures it (it is reported as missing).
///
/// "Has all of it" ignores default-ignorable characters (ZWJ, variation selectors, tags),
/// which fonts need not map. Coverage lookups are bitset tests (``FaceCoverage``).
enum TextItemizer {
    /// The runs of `bytes` in `fonts`, covering the whole text in order.
    ///
    /// - Parameter quick: whether clusters that plainly continue a run (ASCII, letters of a
    ///   script, punctuation) skip the general path; the runs are the same either way, which
    ///   the tests check by turning it off.
    static func runs(of bytes: UnsafeBufferPointer<UInt8>, fonts: FontChain, quick: Bool = true) -> [TextRun] {
        fonts.members.withUnsafeBufferPointer { members in
            runs(of: bytes, chain: Chain(members: members, colorMask: fonts.colorMask, asciiMask: fonts.asciiMask,
                                         ideographMask: fonts.ideographMask),
                 quick: quick)
        }
    }

    /// What font choice reads of a ``FontChain``, gathered once per text.
    private struct Chain {
        /// The chain's fonts: their coverage.
        let members: UnsafeBufferPointer<FontChain.Member>
        let colorMask: UInt16
        /// The fonts that have every printable ASCII character (bit i: font i).
        let asciiMask: UInt16
        /// The fonts that have some CJK Unified Ideograph (bit i: font i).
        let ideographMask: UInt16

        var count: Int { members.count }
        func isColor(_ index: Int) -> Bool { colorMask & 1 << UInt16(index) != 0 }
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
            guard members[index].coverage.contains(value: value) else { return false }
            var earlier = 0
            while earlier < index {
                if members[earlier].coverage.contains(value: value) { return false }
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
        /// Whether font `index` is a text font that has every printable ASCII character.
        func isASCIITextFont(_ index: Int) -> Bool { (asciiMask & ~colorMask) & 1 << UInt16(index) != 0 }
    }

    private static func runs(of bytes: UnsafeBufferPointer<UInt8>, chain: Chain, quick: Bool) -> [TextRun] {
        // Most texts are all left to right: itemize them at level 0, and only when a cluster
        // outside the lanes may be right to left resolve the levels and start again.
        if quick, let runs = runs(of: bytes, chain: chain, levels: nil, quick: true) { return runs }
        return runs(of: bytes, chain: chain, levels: levelRuns(bytes), quick: quick)!
    }

    /// The runs of `bytes` at the embedding levels `levels`; with `levels` `nil`, every level
    /// is 0 and the result is `nil` when some cluster may be right to left.
    ///
    /// No right-to-left character can hide in the lanes: the ASCII lane takes ASCII, and the
    /// letter lane only letters of the script of its run, which a cluster outside the lanes
    /// gave it, and punctuation that raises no level (``isPlainPunctuation(_:)``); every
    /// character of a right-to-left script is one `mayHaveRightToLeft` flags.
    private static func runs(of bytes: UnsafeBufferPointer<UInt8>, chain: Chain, levels: [BidiRun]?,
                             quick: Bool) -> [TextRun]? {
        let assumesLeftToRight = levels == nil
        let levels = levels ?? []
        var runs: [TextRun] = []
        runs.reserveCapacity(16)  // one allocation for the runs of most texts
        var current: TextRun?
        var levelIndex = 0
        var start = 0
        // Whitespace after an emoji (color font) run, or at a change of direction, is held
        // until the next cluster and takes its font: the emoji font between two emoji, the
        // text's font before text.
        var held: (start: Int, level: UInt8)?
        func close(_ run: TextRun?) { if let run { runs.append(run) } }
        // A text that starts with a letter the quick choice knows starts its first run there.
        if quick, levels.isEmpty, !bytes.isEmpty, let first = letterCluster(bytes, at: 0, chain) {
            current = first
            start = Int(first.end)
        }
        while start < bytes.count {
            // Whether the lanes found that the cluster here, which may start an emoji, is not
            // one of the common shapes (so the general path need not look again).
            var isOtherEmoji = false
            if quick, levels.isEmpty, held == nil, var run = current {
                let lead = bytes[start]
                // Spaces after an emoji: held for what follows, as the general path holds
                // whitespace after a color font — but the last, if a mark extends it.
                if lead == 0x20, chain.isColor(Int(run.font)) {
                    var end = start + 1
                    while end < bytes.count, bytes[end] == 0x20 { end += 1 }
                    if end < bytes.count, bytes[end] >= 0x80, extendsCluster(at: end, bytes) { end -= 1 }
                    if end > start {
                        held = (start, 0)
                        start = end
                        continue
                    }
                }
                // Printable ASCII that continues a run (words after words), or characters of
                // three bytes that do: no cluster to build.
                let end = lead < 0x80 ? asciiLaneEnd(bytes, from: start, run: &run, chain)
                    : lead & 0xF0 == 0xE0 ? letterLaneEnd(bytes, from: start, run: &run, chain) : start
                if end > start {
                    current = run
                    start = end
                    continue
                }
                // A lane stopped at a letter of another run (words after ideographs, ideographs
                // after words) or at an emoji of the common shapes: the run it continues or
                // starts, as the general path gives it (an emoji takes the script of the run
                // before it), without that path.
                let mayStartEmoji = lead == 0xF0 || lead & 0xFE == 0xE2
                let laneEmoji = mayStartEmoji ? emojiCluster(bytes, from: start, chain) : nil
                isOtherEmoji = mayStartEmoji && laneEmoji == nil
                if let next = laneEmoji.map({ TextRun(start: Int32(start), end: Int32($0.end), font: $0.font, script: run.script,
                                                  level: 0) }) ?? letterCluster(bytes, at: start, chain) {
                    if next.font == run.font, next.script == run.script || run.script.isShared {
                        run.script = next.script
                        run.end = next.end
                        current = run
                    } else {
                        close(run)
                        current = next
                    }
                    start = Int(next.end)
                    continue
                }
            }
            // An emoji of the common shapes: its end and color font without the general path.
            let emoji = quick && !isOtherEmoji && (bytes[start] == 0xF0 || bytes[start] & 0xFE == 0xE2)
                ? emojiCluster(bytes, from: start, chain) : nil
            let end = emoji?.end ?? GraphemeBreaking.clusterEnd(startingAt: start, inUTF8: bytes)
            // A cluster of one byte is ASCII: never right to left; nor is an emoji.
            if assumesLeftToRight, emoji == nil, end - start > 1,
               mayHaveRightToLeft(UnsafeBufferPointer(rebasing: bytes[start..<end])) { return nil }
            defer { start = end }
            while levelIndex + 1 < levels.count, levels[levelIndex].range.upperBound <= start { levelIndex += 1 }
            let level = levels.isEmpty ? 0 : levels[levelIndex].level
            // A cluster of one letter or ASCII character (most clusters): the choice `choose`
            // would make, without building a `Cluster`. It continues the current run, or, a
            // letter of another font or script, starts the next one as the general path does;
            // elsewhere (after held whitespace, at a change of level) the choice goes on with
            // the general path below.
            var quickFont: (font: UInt8, script: UnicodeScript?)? = emoji.map { ($0.font, nil) }
            if quickFont == nil, quick, var run = current, held == nil || bytes[start] != 0x20,
               let (font, script) = quickChoice(bytes, start, end, chain, current: Int(run.font)) {
                if held == nil, run.level == level {
                    if font == run.font, script == nil || script == run.script || run.script.isShared {
                        if let script, run.script.isShared { run.script = script }
                        run.end = Int32(end)
                        current = run
                        continue
                    }
                    if let script {
                        close(run)
                        current = TextRun(start: Int32(start), end: Int32(end), font: font, script: script, level: level)
                        continue
                    }
                }
                // A space may be held (at a change of direction): the general path decides.
                if bytes[start] != 0x20 { quickFont = (font, script) }
            }
            let font: UInt8
            let clusterScript: UnicodeScript?
            if let quickFont {
                (font, clusterScript) = quickFont
            } else {
                let cluster = Cluster(UnsafeBufferPointer(rebasing: bytes[start..<end]))
                if cluster.isSpaceLike, let run = current, held.map({ $0.level == level }) ?? true,
                   chain.isColor(Int(run.font)) || run.level != level {
                    if held == nil { held = (start, level) }
                    continue
                }
                font = choose(cluster, chain: chain, current: current.map { Int($0.font) })
                clusterScript = cluster.script
            }
            if let spaces = held, var run = current {
                held = nil
                if run.font == font && run.level == spaces.level {
                    run.end = Int32(start)
                    current = run
                } else {
                    close(run)
                    current = TextRun(start: Int32(spaces.start), end: Int32(start), font: font, script: run.script,
                                      level: spaces.level)
                }
            }
            if var run = current, run.font == font, run.level == level,
               clusterScript == nil || clusterScript == run.script || run.script.isShared {
                if let script = clusterScript, run.script.isShared { run.script = script }
                run.end = Int32(end)
                current = run
                continue
            }
            close(current)
            current = TextRun(start: Int32(start), end: Int32(end), font: font,
                              script: clusterScript ?? current?.script ?? .common, level: level)
        }
        if let spaces = held, let run = current {
            // Trailing whitespace after emoji: in the first text font that has it.
            close(run)
            let cluster = Cluster(UnsafeBufferPointer(rebasing: bytes[spaces.start..<bytes.count]))
            current = TextRun(start: Int32(spaces.start), end: Int32(bytes.count),
                              font: choose(cluster, chain: chain, current: nil), script: run.script, level: spaces.level)
        }
        close(current)
        return runs
    }

    /// The cluster at `start` as a run of its own at level 0, when it is one character that
    /// is an ASCII letter and the primary font is a text font with all of ASCII, or a CJK
    /// Unified Ideograph that a text font is the first of the chain to have: the font and
    /// script `choose` gives it (as `quickChoice` does). `nil` for any other cluster.
    @inline(__always)
    private static func letterCluster(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, _ chain: Chain) -> TextRun? {
        let lead = bytes[start]
        let font: Int
        let script: UnicodeScript
        let end: Int
        if (lead | 0x20) &- 0x61 < 26 {
            guard chain.isASCIITextFont(0) else { return nil }
            (font, script, end) = (0, .latin, start + 1)
        } else if lead &- 0xE4 < 6, start + 3 <= bytes.count {
            // Lead bytes 0xE4–0xE9: U+4000–U+9FFF (a String's UTF-8 is well formed).
            let value = UTF8Scan.threeByteCodePoint(at: start, in: bytes)
            guard CJKIdeographs.contains(value), let first = chain.firstFont(having: value), !chain.isColor(first)
            else { return nil }
            (font, script, end) = (first, .han, start + 3)
        } else {
            return nil
        }
        // One character, a cluster of its own unless what follows extends it.
        if end < bytes.count, bytes[end] >= 0x80, extendsCluster(at: end, bytes) { return nil }
        return TextRun(start: Int32(start), end: Int32(end), font: UInt8(font), script: script, level: 0)
    }

    /// How far from `start` the text is printable ASCII that extends `run` — every character
    /// a cluster of its own (ASCII follows it) that `choose` would give the run's font: letters
    /// when the run is in the primary font and that is a text font with all of ASCII (in a Latin
    /// or not yet scripted run, which becomes Latin), digits and punctuation when the run's
    /// font is such a font, spaces in any text font. Returns `start` when none does.
    @inline(__always)
    private static func asciiLaneEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, run: inout TextRun,
                                     _ chain: Chain) -> Int {
        let font = Int(run.font)
        guard !chain.isColor(font) else { return start }
        let takesLetters = font == 0 && chain.isASCIITextFont(0) && (run.script == .latin || run.script.isShared)
        let takesOthers = chain.isASCIITextFont(font)
        let count = bytes.count
        var sawLetter = false
        var i = start
        // Every printable ASCII byte goes on: eight at a time first.
        if takesLetters, takesOthers, run.script == .latin { i = printableASCIIWordsEnd(bytes, from: i) }
        while i < count {
            let byte = bytes[i]
            if byte != 0x20 {
                guard byte &- 0x21 < 0x5E else { break }  // printable ASCII
                if (byte | 0x20) &- 0x61 < 26 {
                    guard takesLetters else { break }
                    sawLetter = true
                } else {
                    guard takesOthers else { break }
                }
            }
            i += 1
        }
        // The last character is a cluster of its own unless what follows extends it.
        if i > start, i < count, bytes[i] >= 0x80, extendsCluster(at: i, bytes) { i -= 1 }
        guard i > start else { return start }
        if sawLetter, run.script.isShared { run.script = .latin }
        run.end = Int32(i)
        return i
    }

    /// How far from `start` the text is whole words of eight bytes 0x20–0x7E (no high bit,
    /// none below 0x20, none at 0x7F): printable ASCII read eight bytes at a time.
    @inline(never)  // kept out of the lane, which is inlined into the itemizer's loop
    private static func printableASCIIWordsEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return start }
        let high: UInt64 = 0x8080_8080_8080_8080
        var i = start
        while i + 8 <= bytes.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
            guard word & high == 0, (word &+ 0x6060_6060_6060_6060) & high == high,
                  (word &+ 0x0101_0101_0101_0101) & high == 0 else { break }
            i += 8
        }
        return i
    }

    /// How far from `start` the text is characters of 3-byte UTF-8 that extend `run`: each a
    /// plain base with no extending character after it (so a cluster of its own) that is a
    /// letter of the run's script (CJK ideographs, kana, Vietnamese letters…) first found among
    /// text fonts in the run's font, or punctuation or a symbol of the Common script that the
    /// run's font has (``isPlainPunctuation(_:)``) — the choice `choose` makes for it. Returns
    /// `start` when none does.
    @inline(__always)
    private static func letterLaneEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, run: inout TextRun,
                                      _ chain: Chain) -> Int {
        let font = Int(run.font)
        guard !chain.isColor(font), !run.script.isShared else { return start }
        let count = bytes.count
        let isHan = run.script == .han
        let ideographsFirstInFont = chain.ideographMask & (1 << UInt16(font) - 1) == 0
        var i = start
        // A String's UTF-8 is well formed: a lead byte 0xE0–0xEF starts a 3-byte character.
        while i + 3 <= count, bytes[i] & 0xF0 == 0xE0 {
            let value = UTF8Scan.threeByteCodePoint(at: i, in: bytes)
            if isHan, CJKIdeographs.contains(value) {
                // A CJK Unified Ideograph: a plain Han base, no special letter; when no font
                // before the run's has any of them, the run's font need only have it — for
                // all the ideographs that follow at once.
                if ideographsFirstInFont {
                    let end = ideographsEnd(bytes, from: i, in: chain.members[font].coverage)
                    guard end > i else { break }
                    i = end
                    continue
                }
                guard chain.isFirstFont(font, having: value) else { break }
                i += 3
                continue
            }
            // Each character taken is a plain base, so a cluster of its own unless what follows
            // extends it: checked once, after the last.
            guard let scalar = Unicode.Scalar(value), GraphemeBreaking.isPlainBase(scalar) else { break }
            let own = script(of: scalar)
            if own == run.script {
                // A letter of the run's script, first found in the run's font.
                guard !isSpecialLetter(value), chain.isFirstFont(font, having: value) else { break }
            } else {
                // Punctuation or a symbol of the Common script (fullwidth commas after
                // ideographs) that stays in the run's font, as `quickChoice` keeps it.
                guard own == .common, isPlainPunctuation(scalar), chain.members[font].coverage.contains(value: value)
                else { break }
            }
            i += 3
        }
        if i > start, i < count, bytes[i] >= 0x80, extendsCluster(at: i, bytes) { i -= 3 }
        if i > start { run.end = Int32(i) }
        return i
    }

    /// How far from `start` the text is CJK Unified Ideographs (U+4E00–U+9FFF) that
    /// `coverage` has.
    @inline(__always)
    private static func ideographsEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int,
                                      in coverage: FaceCoverage) -> Int {
        coverage.withLookup { coverage in
            let count = bytes.count
            var i = start
            // Lead bytes 0xE4–0xE9 start U+4000–U+9FFF (a String's UTF-8 is well formed).
            while i + 3 <= count, bytes[i] &- 0xE4 < 6 {
                let value = UTF8Scan.threeByteCodePoint(at: i, in: bytes)
                guard value >= 0x4E00, coverage.contains(value: value) else { break }
                i += 3
            }
            return i
        }
    }

    /// The end and font of the emoji cluster at `start` (whose lead byte is 0xF0, or 0xE2–0xE3:
    /// U+2000–U+3FFF, where ❤️, ✨ and ☀️ are) when it has one of the common shapes — a
    /// pictograph of emoji presentation, or with skin tones or U+FE0F after it, or a pair of
    /// regional indicators (a flag) — no extending character follows it, and a color font of a
    /// chain of several has all of it: the cluster and the choice of the general path
    /// (`Cluster`, `choose`). `nil` for anything else (ZWJ sequences, text presentation, tags),
    /// which takes the general path.
    private static func emojiCluster(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, _ chain: Chain)
        -> (end: Int, font: UInt8)? {
        let count = bytes.count
        guard chain.count > 1, chain.colorMask != 0 else { return nil }
        let first: UInt32
        var end: Int
        if bytes[start] == 0xF0 {
            guard start + 4 <= count, bytes[start + 1] == 0x9F else { return nil }
            first = UTF8Scan.codePoint(at: start, in: bytes).value  // U+1F000–U+1FFFF
            end = start + 4
        } else {
            // U+2000–U+3FFF: only a character that is emoji (a symbol, which a cluster starts
            // and only extending characters continue), never a mark, joiner or control.
            guard start + 3 <= count else { return nil }
            first = UTF8Scan.codePoint(at: start, in: bytes).value
            guard mayBeEmoji(first), let scalar = Unicode.Scalar(first), EmojiProperties.of(scalar).isEmoji else { return nil }
            end = start + 3
        }
        var wantsEmoji: Bool
        var modifiers: (UInt32, UInt32) = (0, 0)  // skin tones, which the font must have too
        if (0x1F1E6...0x1F1FF).contains(first) {
            // A flag: two regional indicators (a cluster boundary comes before an even count).
            guard end + 4 <= count, bytes[end] == 0xF0 else { return nil }
            let second = UTF8Scan.codePoint(at: end, in: bytes).value
            guard (0x1F1E6...0x1F1FF).contains(second) else { return nil }
            modifiers.0 = second
            end += 4
            wantsEmoji = true
        } else {
            // Every other character of U+1F000–U+1FFFF (and every emoji character of
            // U+2000–U+3FFF) starts a cluster that only extending characters continue — but a
            // skin tone, which is one of them.
            guard !(0x1F3FB...0x1F3FF).contains(first), let scalar = Unicode.Scalar(first) else { return nil }
            wantsEmoji = EmojiProperties.of(scalar).isEmojiPresentation
            // Skin tones and U+FE0F, which extend it and ask for emoji presentation.
            while end < count {
                if end + 4 <= count, bytes[end] == 0xF0, bytes[end + 1] == 0x9F, bytes[end + 2] == 0x8F,
                   (0xBB...0xBF).contains(bytes[end + 3]) {
                    guard modifiers.1 == 0 else { return nil }
                    modifiers.1 = UTF8Scan.codePoint(at: end, in: bytes).value
                    end += 4
                } else if end + 3 <= count, bytes[end] == 0xEF, bytes[end + 1] == 0xB8, bytes[end + 2] == 0x8F {
                    end += 3
                } else {
                    break
                }
                wantsEmoji = true
            }
        }
        guard wantsEmoji, end == count || bytes[end] < 0x80 || !extendsCluster(at: end, bytes) else { return nil }
        // The first color font that has every character needing a glyph (as `choose`).
        let font = chain.firstColorFont(where: { coverage in
            coverage.contains(value: first) && (modifiers.0 == 0 || coverage.contains(value: modifiers.0))
                && (modifiers.1 == 0 || coverage.contains(value: modifiers.1))
        })
        return font.map { (end, UInt8($0)) }
    }

    /// Whether the character at `offset` joins the cluster before it whatever that is (a mark,
    /// a joiner, a spacing mark): a lane must not end just before it.
    private static func extendsCluster(at offset: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let (value, _) = UTF8Scan.codePoint(at: offset, in: bytes)
        guard let scalar = Unicode.Scalar(value) else { return false }
        return GraphemeBreaking.role(of: scalar).isExtending
    }

    /// The script of `scalar`; CJK Unified Ideographs (U+4E00–U+9FFF, all assigned and all
    /// Han since Unicode 14) without a table lookup.
    @inline(__always)
    private static func script(of scalar: Unicode.Scalar) -> UnicodeScript {
        CJKIdeographs.contains(scalar.value) ? .han : UnicodeScript(scalar)
    }

    /// The font and script of the cluster `start..<end` when it is one character that is
    /// printable ASCII, a letter of a script (see `Cluster`), or a punctuation mark or symbol
    /// that cannot be emoji, and a text font has it; `nil` for any other cluster, which takes
    /// the general path. The same choice as `choose` for such a cluster, given the current
    /// run's font `current`.
    @inline(__always)
    private static func quickChoice(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ chain: Chain,
                                    current: Int) -> (font: UInt8, script: UnicodeScript?)? {
        let lead = bytes[start]
        if end - start == 1 {
            // A space in a text run stays in its font.
            if lead == 0x20 { return chain.isColor(current) ? nil : (UInt8(current), nil) }
            guard lead > 0x20, lead < 0x7F else { return nil }
            if (lead | 0x20) >= 0x61 && (lead | 0x20) <= 0x7A {
                // A letter takes the first text font that has it: the primary, when it has all of ASCII.
                return chain.isASCIITextFont(0) ? (0, .latin) : nil
            }
            // Punctuation and digits stay in the current run's text font when it has them.
            return chain.isASCIITextFont(current) ? (UInt8(current), nil) : nil
        }
        // One character: a String's UTF-8 is well formed, so the lead byte gives the length.
        let (value, length) = UTF8Scan.codePoint(at: start, in: bytes)
        guard length == end - start, let scalar = Unicode.Scalar(value) else { return nil }
        let script = UnicodeScript(scalar)
        if script.isShared {
            // Punctuation, symbols, digits of other scripts stay in the current run's text font
            // when it has them — unless they may be emoji, hold no glyph, or are whitespace.
            guard isPlainPunctuation(scalar), !chain.isColor(current),
                  chain.members[current].coverage.contains(scalar) else { return nil }
            return (UInt8(current), nil)
        }
        guard !isSpecialLetter(value), let font = chain.firstFont(having: scalar), !chain.isColor(font) else { return nil }
        return (UInt8(font), script)
    }

    /// Whether `scalar`, of no script (Common, Inherited or Unknown), is punctuation or a
    /// symbol that stays in the font of the run it is in: not possibly emoji, not
    /// default-ignorable, not whitespace, a control or a line separator. (No such character
    /// of the Common script raises a bidi level, which `CharacterPropertyTests` checks over
    /// every character of three UTF-8 bytes.)
    @inline(__always)
    static func isPlainPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return !mayBeEmoji(value) && !isDefaultIgnorable(value) && !isSpaceOrControl(value)
            && !SegmentSplitter.isLineSeparator(scalar)
    }

    /// Whether `bytes` can skip itemization: printable ASCII (and tabs and line separators)
    /// that `face` has whole — one left-to-right run in the primary font.
    static func isPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>, in face: FontFace) -> Bool {
        guard face.coversPrintableASCII else { return false }
        var high: UInt8 = 0
        for byte in bytes { high |= byte }
        return high < 0x80
    }

    // MARK: - Clusters

    /// What font choice needs to know about one grapheme cluster.
    private struct Cluster {
        let bytes: UnsafeBufferPointer<UInt8>
        /// The first script of its characters that is not Common, Inherited or Unknown.
        var script: UnicodeScript?
        /// Only whitespace, controls and default-ignorable characters.
        var isSpaceLike = true
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
                if !script.isShared, !TextItemizer.isSpecialLetter(scalar.value) {
                    self.script = script
                    isSpaceLike = false
                    singleScalar = scalar
                    return
                }
            }
            if bytes.count == 1 {
                // One ASCII character, the commonest cluster: no emoji, no ignorables.
                let value = bytes[0]
                if value > 0x20 && value < 0x7F {
                    isSpaceLike = false
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
                    if value > 0x20 && value < 0x7F {
                        isSpaceLike = false
                        if script == nil, (value | 0x20) >= 0x61 && (value | 0x20) <= 0x7A { script = .latin }
                    }
                    if first, value == 0x23 || value == 0x2A || (0x30...0x39).contains(value) { firstIsEmoji = true }
                    continue
                }
                switch value {
                case 0xFE0F, 0x20E3, 0x1F3FB...0x1F3FF: wantsEmoji = true; continue
                case 0xFE0E: textPresentation = true; continue
                case 0x200D: hasJoiner = true; continue
                default: break
                }
                if TextItemizer.isDefaultIgnorable(value) || SegmentSplitter.isLineSeparator(scalar) { continue }
                if !TextItemizer.isSpaceOrControl(value) { isSpaceLike = false }
                if first, TextItemizer.mayBeEmoji(value) {
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
                if value >= 0x80, TextItemizer.isDefaultIgnorable(value) || SegmentSplitter.isLineSeparator(scalar) {
                    continue
                }
                return false
            }
            return true
        }
    }

    private static func choose(_ cluster: Cluster, chain: Chain, current: Int?) -> UInt8 {
        if chain.count == 1 { return 0 }
        if cluster.isSpaceLike, let current, !chain.isColor(current) { return UInt8(current) }
        if cluster.script == nil, !cluster.wantsEmoji, let current, !chain.isColor(current),
           cluster.isCovered(by: chain.members[current].coverage) {
            return UInt8(current)
        }
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

    // MARK: - Character properties

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
    /// 、。「」《》, ・, ー, enclosed CJK) stay with their run.
    static func mayBeEmoji(_ value: UInt32) -> Bool {
        switch value {
        case 0..<0x80, 0xA9, 0xAE, 0x203C...0x2BFF, 0x3030, 0x303D, 0x3297, 0x3299, 0x1F000...: return true
        default: return false
        }
    }

    // MARK: - Bidi

    /// The embedding levels of the whole text, paragraph by paragraph; empty when it is all
    /// at level 0.
    private static func levelRuns(_ bytes: UnsafeBufferPointer<UInt8>) -> [BidiRun] {
        guard mayHaveRightToLeft(bytes) else { return [] }
        var runs: [BidiRun] = []
        for paragraph in BidiParagraph.paragraphRanges(utf8: bytes) {
            let resolved = BidiParagraph(utf8: UnsafeBufferPointer(rebasing: bytes[paragraph]))
            if resolved.isTriviallyLeftToRight {
                runs.append(BidiRun(range: paragraph, level: 0))
                continue
            }
            for run in resolved.levelRuns {
                runs.append(BidiRun(range: (run.range.lowerBound + paragraph.lowerBound)..<(run.range.upperBound + paragraph.lowerBound),
                                    level: run.level))
            }
        }
        return runs
    }

    /// A quick scan for characters that can make a level other than 0: right-to-left letters
    /// and Arabic digits (U+0590–U+08FF, U+FB1D–U+FDFF, U+FE70–U+FEFF, U+10800–U+10FFF,
    /// U+1E800–U+1EFFF) and explicit bidi formatting characters (U+200E–U+200F,
    /// U+202A–U+202E, U+2066–U+2069; U+061C is in the first range). It reads UTF-8 lead bytes
    /// and, for a few of them, the bytes after; a `true` may be wrong (the blocks are taken
    /// whole), a `false` never is.
    static func mayHaveRightToLeft(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        var i = 0
        while i < count {
            let lead = bytes[i]
            i += 1
            guard lead >= 0xD6 else { continue }  // ASCII, U+0080–U+058F and continuation bytes
            if lead >= 0xE3 && lead <= 0xEE {
                // U+3000–U+EFFF (CJK, Hangul, Yi, private use): nothing right to left; skip
                // the character's two continuation bytes (a String's UTF-8 is well formed).
                i += 2
                continue
            }
            switch lead {
            case 0xD6...0xDF:
                return true
            case 0xE0:
                if i < count, (0xA0...0xA3).contains(bytes[i]) { return true }
            case 0xE2:
                guard i + 1 < count else { break }
                let (second, third) = (bytes[i], bytes[i + 1])
                if second == 0x80, third == 0x8E || third == 0x8F || (0xAA...0xAE).contains(third) { return true }
                if second == 0x81, (0xA6...0xA9).contains(third) { return true }
            case 0xEF:
                if i < count, (0xAC...0xB7).contains(bytes[i]) || (0xB9...0xBB).contains(bytes[i]) { return true }
            case 0xF0:
                if i < count, bytes[i] == 0x90 || bytes[i] == 0x9E { return true }
            default:
                break
            }
        }
        return false
    }
}
