import TextSegmentation

/// Cuts a text into ``TextRun``s: by font (fallback per grapheme cluster, the policy of
/// ``FontFallback``), by script (UAX #24, Common and Inherited resolved from neighbours) and by
/// bidi level (UAX #9, per paragraph, ``BidiLevels``).
///
/// Most clusters plainly continue the run they are in — ASCII words, letters of one script
/// with their marks, punctuation — and go through the lanes (`TextItemizer+Lanes.swift`) without a cluster
/// being built or the policy asked; the rest take the general path. The runs are the same
/// either way, which the tests check against the general path alone
/// (`TextItemizer+Testing.swift`).
enum TextItemizer {
    /// The runs of `bytes` in `fonts`, covering the whole text in order.
    static func runs(of bytes: UnsafeBufferPointer<UInt8>, fonts: FontChain) -> [TextRun] {
        runs(of: bytes, fonts: fonts, OpenLanes.self)
    }

    /// The runs of `bytes` in `fonts` at the embedding levels `levels`, already resolved (for a
    /// stretch of a longer text: its own part of the text's levels; empty when all are 0).
    static func runs(of bytes: UnsafeBufferPointer<UInt8>, fonts: FontChain, levels: [BidiRun]) -> [TextRun] {
        fonts.members.withUnsafeBufferPointer { members in
            let chain = FontFallback.Chain(members: members, colorMask: fonts.colorMask, asciiMask: fonts.asciiMask,
                                           ideographMask: fonts.ideographMask)
            return runs(of: bytes, chain: chain, levels: levels, OpenLanes.self, KeptLaneMemo.memo(of: fonts))!
        }
    }

    /// The runs of `bytes` in `fonts`, the lanes open or closed.
    static func runs<Lanes: ItemizingLanes>(of bytes: UnsafeBufferPointer<UInt8>, fonts: FontChain,
                                            _ lanes: Lanes.Type) -> [TextRun] {
        fonts.members.withUnsafeBufferPointer { members in
            let chain = FontFallback.Chain(members: members, colorMask: fonts.colorMask, asciiMask: fonts.asciiMask,
                                           ideographMask: fonts.ideographMask)
            // Most texts are all left to right: itemize them at level 0, and only when a cluster
            // outside the lanes may be right to left resolve the levels and start again.
            let memo = KeptLaneMemo.memo(of: fonts)
            if Lanes.areOpen, let runs = runs(of: bytes, chain: chain, levels: nil, lanes, memo) { return runs }
            return runs(of: bytes, chain: chain, levels: BidiLevels.levelRuns(bytes), lanes, memo)!
        }
    }

    /// The runs of `bytes` at the embedding levels `levels`; with `levels` `nil`, every level
    /// is 0 and the result is `nil` when some cluster may be right to left. The cluster lane
    /// starts from `keptMemo`, what it found in this chain before, and leaves what it adds there.
    ///
    /// No right-to-left character can hide in the lanes: the ASCII lane takes ASCII, and the
    /// letter lane only letters and marks of the script of its run, which a cluster outside the
    /// lanes gave it, and punctuation that raises no level (``CharacterProperties/isPlainPunctuation(_:)``);
    /// every character of a right-to-left script is one ``BidiLevels/mayHaveRightToLeft(_:)`` flags.
    private static func runs<Lanes: ItemizingLanes>(of bytes: UnsafeBufferPointer<UInt8>, chain: FontFallback.Chain,
                                                    levels: [BidiRun]?, _ lanes: Lanes.Type,
                                                    _ keptMemo: UnsafeMutablePointer<LetterLaneMemo>) -> [TextRun]? {
        let quick = Lanes.areOpen
        let assumesLeftToRight = levels == nil
        let levels = levels ?? []
        var runs: [TextRun] = []
        runs.reserveCapacity(16)  // one allocation for the runs of most texts
        var current: TextRun?
        var levelIndex = 0
        var start = 0
        var memo = keptMemo.pointee
        defer { if keptMemo.pointee.chain == memo.chain { keptMemo.pointee = memo } }
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
            if quick, levels.isEmpty, var run = current {
                let lead = bytes[start]
                // Printable ASCII that continues a run (words after words), or characters of
                // three bytes that do: no cluster to build.
                let end = lead < 0x80 ? asciiLaneEnd(bytes, from: start, run: &run, chain)
                    : lead & 0xF0 == 0xE0 ? letterLaneEnd(bytes, from: start, run: &run, chain, &memo) : start
                if end > start {
                    current = run
                    start = end
                    continue
                }
                // A lane stopped at a letter of another run (words after ideographs, ideographs
                // after words, a Thai word after a space) or at an emoji of the common shapes:
                // the run it continues or starts, as the general path gives it (an emoji takes
                // the script of the run before it), without that path.
                let mayStartEmoji = lead == 0xF0 || lead & 0xFE == 0xE2
                let laneEmoji = mayStartEmoji ? emojiCluster(bytes, from: start, chain) : nil
                isOtherEmoji = mayStartEmoji && laneEmoji == nil
                if let next = laneEmoji.map({ TextRun(start: Int32(start), end: Int32($0.end), font: $0.font, script: run.script,
                                                  level: 0) }) ?? letterCluster(bytes, at: start, chain)
                    ?? memoRun(bytes, from: start, chain, &memo) {
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
               BidiLevels.mayHaveRightToLeft(UnsafeBufferPointer(rebasing: bytes[start..<end])) { return nil }
            defer { start = end }
            while levelIndex + 1 < levels.count, levels[levelIndex].range.upperBound <= start { levelIndex += 1 }
            let level = levels.isEmpty ? 0 : levels[levelIndex].level
            // A cluster of one letter or ASCII character (most clusters): the choice `choose`
            // would make, without building a `Cluster`.
            let quickFont: (font: UInt8, script: UnicodeScript?)? = emoji.map { ($0.font, nil) }
                ?? (quick ? quickChoice(bytes, start, end, chain) : nil)
            let font: UInt8
            let clusterScript: UnicodeScript?
            if let quickFont {
                (font, clusterScript) = quickFont
            } else {
                let cluster = FontFallback.Cluster(UnsafeBufferPointer(rebasing: bytes[start..<end]))
                font = FontFallback.choose(cluster, chain: chain, current: current.map { Int($0.font) })
                clusterScript = cluster.script
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
        close(current)
        return runs
    }

}

/// Whether the itemizer's lanes are open: a type, so each itemizer is compiled for one answer.
protocol ItemizingLanes {
    /// Whether clusters that plainly continue a run skip the general path.
    static var areOpen: Bool { get }
}

/// The lanes open: how texts are itemized.
enum OpenLanes: ItemizingLanes {
    static var areOpen: Bool { true }
}
