import TextSegmentation

/// The itemizer's lanes: clusters that plainly continue the run they are in — printable
/// ASCII, letters of the run's script, punctuation the run's font is the first to have, emoji
/// of the common shapes — found without building a ``FontFallback/Cluster`` or asking the
/// policy, with the choice ``FontFallback/choose(_:chain:current:)`` would make.
extension TextItemizer {
    /// The cluster at `start` as a run of its own at level 0, when it is one character that
    /// is an ASCII letter and the chain's first text font has all of ASCII, or a CJK Unified
    /// Ideograph that a text font is the first of the chain to have: the font and script
    /// `choose` gives it (as `quickChoice` does). `nil` for any other cluster.
    @inline(__always)
    static func letterCluster(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, _ chain: FontFallback.Chain) -> TextRun? {
        let lead = bytes[start]
        let font: Int
        let script: UnicodeScript
        let end: Int
        if (lead | 0x20) &- 0x61 < 26 {
            guard let ascii = chain.asciiFont else { return nil }
            (font, script, end) = (ascii, .latin, start + 1)
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

    /// The clusters from `start` that the cluster lane takes into a new run of the memo's font
    /// and script, when the character at `start` is a letter of that script the lane took as a
    /// cluster's base in that font before: the font and script `choose` gives its cluster (the
    /// memo's font is the first of the chain to have the letter, and has the marks the lane
    /// takes after it) — a Thai word after a space without the general path. `nil` otherwise.
    @inline(never)  // Thai, Lao, Khmer, Myanmar: kept out of the loop that CJK and Latin text take
    static func memoRun(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, _ chain: FontFallback.Chain,
                        _ memo: inout LetterLaneMemo) -> TextRun? {
        guard memo.font != .max, start + 3 <= bytes.count, bytes[start] & 0xF0 == 0xE0 else { return nil }
        let value = UTF8Scan.threeByteCodePoint(at: start, in: bytes)
        // A base of the memo's own script: punctuation the lane also takes as a base is
        // Common, and starts no run of that script.
        guard memo.known(value) == .base, let scalar = Unicode.Scalar(value), script(of: scalar) == memo.script
        else { return nil }
        var run = TextRun(start: Int32(start), end: Int32(start), font: memo.font, script: memo.script, level: 0)
        let end = clusterLaneEnd(bytes, from: start, resumingAt: start, run: run, chain, &memo)
        guard end > start else { return nil }
        run.end = Int32(end)
        return run
    }

    /// How far from `start` the text is printable ASCII that extends `run` — every character
    /// a cluster of its own (ASCII follows it) that `choose` would give the run's font, when
    /// that is the chain's first text font and has all of ASCII: spaces, digits and
    /// punctuation, and letters in a Latin or not yet scripted run (which becomes Latin).
    /// Returns `start` when none does.
    @inline(__always)
    static func asciiLaneEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, run: inout TextRun,
                                     _ chain: FontFallback.Chain) -> Int {
        guard chain.asciiFont == Int(run.font) else { return start }
        let takesLetters = run.script == .latin || run.script.isShared
        let count = bytes.count
        var sawLetter = false
        var i = start
        // Every printable ASCII byte goes on: eight at a time first.
        if run.script == .latin { i = printableASCIIWordsEnd(bytes, from: i) }
        while i < count {
            let byte = bytes[i]
            guard byte &- 0x20 < 0x5F else { break }  // printable ASCII or space
            if (byte | 0x20) &- 0x61 < 26 {
                guard takesLetters else { break }
                sawLetter = true
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
    static func printableASCIIWordsEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
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

    /// How far from `start` the text is clusters of 3-byte UTF-8 characters that extend `run`:
    /// each a plain base that is a letter of the run's script (CJK ideographs, kana, Thai
    /// consonants…) first found in the run's font, or punctuation or a symbol of the Common
    /// script that the run's font is the first text font to have (``takes(_:script:into:_:)``),
    /// then any extending characters of the run's script that the run's font has (Thai vowels
    /// and tone marks, ``clusterLaneEnd(_:from:resumingAt:run:_:_:)``) — the choice `choose` makes
    /// for it. Returns `start` when none does.
    @inline(__always)
    static func letterLaneEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, run: inout TextRun,
                              _ chain: FontFallback.Chain, _ memo: inout LetterLaneMemo) -> Int {
        let font = Int(run.font)
        guard !chain.isColor(font), !run.script.isShared else { return start }
        let count = bytes.count
        let isHan = run.script == .han
        let ideographsFirstInFont = chain.ideographMask & (1 << UInt16(font) - 1) == 0
        // What the cluster lane found before in this run's font and script.
        let memoApplies = memo.isOf(run)
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
            if memoApplies, memo.known(value) == .base {
                i += 3
                continue
            }
            guard let scalar = Unicode.Scalar(value), GraphemeBreaking.isPlainBase(scalar),
                  takes(scalar, script: script(of: scalar), into: run, chain) else { break }
            i += 3
        }
        // Marks after the last character taken (a Thai vowel): clusters of a base and its marks
        // go on in a lane of their own, which keeps the last cluster whole or leaves it.
        if i > start, i < count, bytes[i] >= 0x80, extendsCluster(at: i, bytes) {
            i = clusterLaneEnd(bytes, from: start, resumingAt: i, run: run, chain, &memo)
        }
        if i > start { run.end = Int32(i) }
        return i
    }

    /// Whether the letter lane takes `scalar`, a plain base of script `own`, into `run`: a
    /// letter of the run's script first found in the run's font (no special letter), or
    /// punctuation or a symbol of the Common script (``CharacterProperties/isPlainPunctuation(_:)``,
    /// fullwidth commas after ideographs) that the run's font is the first text font to have.
    @inline(__always)
    static func takes(_ scalar: Unicode.Scalar, script own: UnicodeScript, into run: TextRun,
                      _ chain: FontFallback.Chain) -> Bool {
        let value = scalar.value
        if own == run.script {
            return !CharacterProperties.isSpecialLetter(value) && chain.isFirstFont(Int(run.font), having: value)
        }
        return own == .common && CharacterProperties.isPlainPunctuation(scalar)
            && chain.isFirstTextFont(Int(run.font), having: value)
    }

    /// How far from `start` the text is clusters that extend `run`, the letter lane having
    /// taken plain bases up to `resumingAt` (`start`, or the extending character after the
    /// last of them): clusters of a plain base the lane takes (``takes(_:script:into:_:)``) and
    /// the extending characters of the run's script the run's font has after it — the cluster
    /// ``GraphemeBreaking/role(of:)`` says a plain base makes, and the font `choose` gives it
    /// (no text font before the run's has its base, the run's font has all of it, its script is
    /// the run's). Ends after the last whole cluster; `start` when there is none. What it finds
    /// of each character is kept in `memo`, for the rest of the text.
    @inline(never)  // Thai, Lao, Khmer, Myanmar: kept out of the lane that CJK and Latin text take
    static func clusterLaneEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, resumingAt resume: Int,
                               run: TextRun, _ chain: FontFallback.Chain, _ memo: inout LetterLaneMemo) -> Int {
        let count = bytes.count
        // The memo is of another font or script until this lane takes a character here.
        var memoApplies = memo.isOf(run)
        // Where the last cluster taken starts (the plain bases before `resume` are one each).
        var clusterStart = resume > start ? resume - 3 : start
        var i = resume
        while i + 3 <= count, bytes[i] & 0xF0 == 0xE0 {
            let value = UTF8Scan.threeByteCodePoint(at: i, in: bytes)
            // A character met before in this run's font and script: taken as it was then.
            switch memoApplies ? memo.known(value) : .unknown {
            case .base:
                clusterStart = i
                i += 3
                continue
            case .mark where i > start:
                i += 3
                continue
            default:
                break
            }
            guard let scalar = Unicode.Scalar(value) else { break }
            let own = script(of: scalar)
            let role = GraphemeBreaking.role(of: scalar)
            if role.isPlainBase {
                guard takes(scalar, script: own, into: run, chain) else { break }
                clusterStart = i
                memo.remember(value, as: .base, in: run)
            } else {
                // An extending character of the run's script (a Thai vowel or tone mark), which
                // the run's font has: the cluster stays the run's.
                guard role.isExtending, i > start, own == run.script, !CharacterProperties.isSpecialLetter(value),
                      chain.font(Int(run.font), has: value) else { break }
                memo.remember(value, as: .mark, in: run)
            }
            memoApplies = true
            i += 3
        }
        if i > start, i < count, bytes[i] >= 0x80, extendsCluster(at: i, bytes) { i = clusterStart }
        return i
    }

    /// How far from `start` the text is CJK Unified Ideographs (U+4E00–U+9FFF) that
    /// `coverage` has.
    @inline(__always)
    static func ideographsEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int,
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
    static func emojiCluster(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, _ chain: FontFallback.Chain)
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
            guard CharacterProperties.mayBeEmoji(first), let scalar = Unicode.Scalar(first), EmojiProperties.of(scalar).isEmoji else { return nil }
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
    static func extendsCluster(at offset: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let (value, _) = UTF8Scan.codePoint(at: offset, in: bytes)
        guard let scalar = Unicode.Scalar(value) else { return false }
        return GraphemeBreaking.role(of: scalar).isExtending
    }

    /// The script of `scalar`; CJK Unified Ideographs (U+4E00–U+9FFF, all assigned and all
    /// Han since Unicode 14) without a table lookup.
    @inline(__always)
    static func script(of scalar: Unicode.Scalar) -> UnicodeScript {
        CJKIdeographs.contains(scalar.value) ? .han : UnicodeScript(scalar)
    }

    /// The font and script of the cluster `start..<end` when it is one character that is
    /// printable ASCII or a space, a letter of a script (see `Cluster`), or a punctuation mark
    /// or symbol that cannot be emoji, and a text font has it; `nil` for any other cluster,
    /// which takes the general path. The same choice as `choose` for such a cluster.
    @inline(__always)
    static func quickChoice(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ chain: FontFallback.Chain)
        -> (font: UInt8, script: UnicodeScript?)? {
        let lead = bytes[start]
        if end - start == 1 {
            // Printable ASCII and the space take the first text font, when it has all of ASCII.
            guard lead &- 0x20 < 0x5F, let ascii = chain.asciiFont else { return nil }
            return (UInt8(ascii), (lead | 0x20) &- 0x61 < 26 ? .latin : nil)
        }
        // One character: a String's UTF-8 is well formed, so the lead byte gives the length.
        let (value, length) = UTF8Scan.codePoint(at: start, in: bytes)
        guard length == end - start, let scalar = Unicode.Scalar(value) else { return nil }
        let script = UnicodeScript(scalar)
        if script.isShared {
            // Punctuation, symbols, digits of other scripts take the first text font that has
            // them — unless they may be emoji, hold no glyph, or are whitespace.
            guard CharacterProperties.isPlainPunctuation(scalar), let font = chain.firstTextFont(having: value)
            else { return nil }
            return (UInt8(font), nil)
        }
        guard !CharacterProperties.isSpecialLetter(value), let font = chain.firstFont(having: scalar), !chain.isColor(font) else { return nil }
        return (UInt8(font), script)
    }
}
