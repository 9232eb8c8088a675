import TextSegmentation

/// The bidi embedding levels of a text (UAX #9, paragraph by paragraph), and a quick scan that
/// tells most texts apart as all left to right without resolving anything.
enum BidiLevels {
    /// The embedding levels of the whole text, paragraph by paragraph; empty when it is all
    /// at level 0.
    static func levelRuns(_ bytes: UnsafeBufferPointer<UInt8>) -> [BidiRun] {
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
            // Eight ASCII bytes at a time.
            if i + 8 <= count,
               UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8
                continue
            }
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
