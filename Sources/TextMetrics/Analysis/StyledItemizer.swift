import TextSegmentation

/// Cuts an attributed text into ``TextRun``s: each stretch of one shaping style is itemized in
/// its own fonts (``TextItemizer``) at the whole text's bidi levels, its runs pointing at the
/// text's chain of drawn fonts and at their style; each attachment's U+FFFC cluster is a run
/// of its own.
///
/// Bidi levels are resolved once over the whole text, so a change of style never changes a
/// direction; script resolution and font fallback stay inside a stretch, so a ligature or a
/// kerning pair never reaches across a change of style.
///
/// A part that is ASCII, at level 0, in fonts whose primary font takes all of ASCII
/// (``FontChain/itemizesASCIIInPrimaryFont``, the rule the plain path skips itemizing by) is
/// one run without itemizing: the run ``TextItemizer`` gives it, which the tests check.
enum StyledItemizer {
    /// A stretch of one shaping style, on grapheme cluster boundaries.
    struct Stretch {
        /// The stretch's UTF-8 offsets.
        var range: Range<Int>
        /// The style's index in the text's ``RunStyles``.
        var style: UInt16
        /// The style's fonts, where they lie (valid while the stretches are itemized).
        var fonts: UnsafePointer<FontChain>
        /// Where, in the list of drawn font indices
        /// ``runs(of:isASCII:stretches:drawnFonts:attachments:itemizingASCII:)`` is given, the
        /// index in the text's chain of drawn fonts of each of `fonts` starts.
        var drawnFonts: Int
    }

    /// The runs of `bytes` (all ASCII when `isASCII`): `stretches`, in order, covering the
    /// text (their fonts' indices in the chain of drawn fonts in `drawnFonts`), and
    /// `attachments`, the clusters (on cluster boundaries, in order) that are attachments, by
    /// attachment index. With `itemizingASCII`, every part is itemized, ASCII too (for the tests).
    /// The stretches' fonts are read where they point, which must hold for the call.
    static func runs(of bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool, stretches: UnsafeBufferPointer<Stretch>,
                     drawnFonts: [UInt8], attachments: UnsafeBufferPointer<(range: Range<Int>, index: UInt16)>,
                     itemizingASCII: Bool = false) -> [TextRun] {
        let levels = isASCII ? [] : BidiLevels.levelRuns(bytes)
        var runs: [TextRun] = []
        runs.reserveCapacity(stretches.count * 2 + attachments.count)
        var a = 0
        for k in stretches.indices {
            let range = stretches[k].range, style = stretches[k].style, firstDrawn = stretches[k].drawnFonts
            var start = range.lowerBound
            while start < range.upperBound {
                while a < attachments.count, attachments[a].range.upperBound <= start { a += 1 }
                if a < attachments.count, attachments[a].range.lowerBound == start {
                    let box = attachments[a]
                    runs.append(TextRun(start: Int32(start), end: Int32(box.range.upperBound), font: TextRun.attachmentFont,
                                        script: .common, level: level(at: start, levels), style: box.index))
                    start = box.range.upperBound
                    continue
                }
                let end = a < attachments.count ? min(range.upperBound, attachments[a].range.lowerBound)
                                                : range.upperBound
                let part = start..<end
                let partBytes = UnsafeBufferPointer(rebasing: bytes[part])
                let partLevels = rebased(levels, to: part)
                if !itemizingASCII, let run = asciiRun(partBytes, isASCII: isASCII, fonts: stretches[k].fonts.pointee, levels: partLevels) {
                    runs.append(TextRun(start: Int32(start), end: Int32(end), font: drawnFonts[firstDrawn],
                                        script: run.script, level: 0, style: style))
                    start = end
                    continue
                }
                for var run in TextItemizer.runs(of: partBytes, fonts: stretches[k].fonts.pointee, levels: partLevels) {
                    run.start += Int32(start)
                    run.end += Int32(start)
                    run.font = drawnFonts[firstDrawn + Int(run.font)]
                    run.style = style
                    runs.append(run)
                }
                start = end
            }
        }
        return runs
    }

    /// The one run ``TextItemizer`` gives `bytes` in `fonts` at `levels` when they are ASCII
    /// at level 0 (surely so when the whole text `isASCII`) and `fonts` itemize ASCII in their
    /// primary font: font 0, Latin when there is a letter (a run without one keeps the Common
    /// script); `nil` otherwise.
    private static func asciiRun(_ bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool, fonts: FontChain,
                                 levels: [BidiRun]) -> TextRun? {
        guard fonts.itemizesASCIIInPrimaryFont,
              isASCII || (levels.allSatisfy({ $0.level == 0 }) && SegmentSplitter.scan(bytes).isASCII) else { return nil }
        let hasLetter = bytes.contains { ($0 | 0x20) &- 0x61 < 26 }
        return TextRun(start: 0, end: Int32(bytes.count), font: 0, script: hasLetter ? .latin : .common, level: 0)
    }

    /// The level of byte `offset`.
    private static func level(at offset: Int, _ levels: [BidiRun]) -> UInt8 {
        levels.first { $0.range.contains(offset) }?.level ?? 0
    }

    /// The part of `levels` over `range`, its offsets from the range's start.
    private static func rebased(_ levels: [BidiRun], to range: Range<Int>) -> [BidiRun] {
        guard !levels.isEmpty else { return [] }
        return levels.compactMap { run in
            let lower = max(run.range.lowerBound, range.lowerBound)
            let upper = min(run.range.upperBound, range.upperBound)
            guard lower < upper else { return nil }
            return BidiRun(range: (lower - range.lowerBound)..<(upper - range.lowerBound), level: run.level)
        }
    }
}
