import Testing
import TextSegmentation
@testable import TextMetrics

/// The itemizer's fast character checks against the standard library's Unicode properties,
/// over every scalar.
@Suite struct CharacterPropertyTests {
    @Test func fastChecksMatchTheStandardLibrary() {
        var mismatches: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let properties = scalar.properties
            guard properties.generalCategory != .unassigned else { continue }
            if CharacterProperties.isDefaultIgnorable(value) != properties.isDefaultIgnorableCodePoint {
                mismatches.append("ignorable U+\(String(value, radix: 16))")
            }
            let category = properties.generalCategory
            if CharacterProperties.isSpaceOrControl(value) != (category == .spaceSeparator || category == .control) {
                mismatches.append("space/control U+\(String(value, radix: 16))")
            }
            if !CharacterProperties.mayBeEmoji(value) && properties.isEmoji {
                mismatches.append("emoji U+\(String(value, radix: 16))")
            }
            let emoji = EmojiProperties.of(scalar)
            if emoji.isEmoji != properties.isEmoji || emoji.isEmojiPresentation != properties.isEmojiPresentation {
                mismatches.append("emoji table U+\(String(value, radix: 16))")
            }
            // A letter of a script (not Common, Inherited or Unknown) that is ignorable,
            // whitespace, a separator or emoji must be one of the itemizer's special letters.
            let special = properties.isDefaultIgnorableCodePoint || category == .spaceSeparator || category == .control
                || properties.isEmoji || CharacterProperties.isLineSeparator(scalar)
            if special, !UnicodeScript(scalar).isShared, !CharacterProperties.isSpecialLetter(value) {
                mismatches.append("special letter U+\(String(value, radix: 16))")
            }
            // Separators and hanging whitespace end in bytes the splitter's quick check knows.
            if CharacterProperties.isLineSeparator(scalar) || CharacterProperties.isHangingWhitespace(scalar),
               !Array(String(scalar).utf8).withUnsafeBufferPointer({ SegmentSplitter.mayEndInWhitespace($0, end: $0.count, start: 0) }) {
                mismatches.append("whitespace end byte U+\(String(value, radix: 16))")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
    }

    /// The itemizer takes U+4E00–U+9FFF as Han without a lookup: every one of them is.
    @Test func cjkUnifiedIdeographsAreAllHan() {
        let others = (UInt32(0x4E00)...0x9FFF).filter { UnicodeScript(Unicode.Scalar($0)!) != .han }
        #expect(others.isEmpty, "\(others.prefix(5))")
        #expect((UInt32(0x4E00)...0x9FFF).allSatisfy { Unicode.Scalar($0)!.properties.generalCategory == .otherLetter })
    }

    /// The splitter's eight-bytes-at-a-time count of lead bytes 0xE0 and above equals a plain
    /// count, for every length up to 600 (so blocks of 31 words and tails) and random bytes.
    @Test func wideLeadByteCountMatchesAPlainCount() {
        var state: UInt64 = 0x51DE
        for length in 0...600 {
            let bytes = (0..<length).map { _ -> UInt8 in
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return UInt8(truncatingIfNeeded: state >> 56)
            }
            let expected = bytes.filter { $0 >= 0xE0 }.count
            #expect(bytes.withUnsafeBufferPointer(SegmentSplitter.countWideLeadBytes) == expected, "length \(length)")
        }
        let all = [UInt8](repeating: 0xFF, count: 1000)
        #expect(all.withUnsafeBufferPointer(SegmentSplitter.countWideLeadBytes) == 1000)
    }

    /// Every character whose bidi class can raise a level (R, AL, AN and the explicit
    /// embeddings, overrides and isolates) trips the itemizer's quick scan, alone and inside
    /// other text, after ASCII of several lengths.
    @Test func rightToLeftScanFindsEveryRightToLeftCharacter() {
        let raising: Set<BidiClass> = [.rightToLeft, .arabicLetter, .arabicNumber, .leftToRightEmbedding,
                                       .leftToRightOverride, .rightToLeftEmbedding, .rightToLeftOverride,
                                       .leftToRightIsolate, .rightToLeftIsolate, .firstStrongIsolate]
        var missed: [String] = []
        var raisingCount = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), raising.contains(BidiClass(scalar)) else { continue }
            raisingCount += 1
            // After ASCII of several lengths, the character at every place of an eight-byte
            // word: the scan skips eight ASCII bytes at a time.
            for prefix in ["ab "] + (8...15).map({ String(repeating: "a", count: $0 - 1) + " " }) {
                let text = Array("\(prefix)\(scalar) 汉字".utf8)
                let found = text.withUnsafeBufferPointer { BidiLevels.mayHaveRightToLeft($0) }
                if !found { missed.append("U+\(String(value, radix: 16)) after \(prefix.utf8.count) bytes") }
            }
        }
        #expect(raisingCount > 5_000)
        #expect(missed.isEmpty, "\(missed.prefix(20))")
        // The punctuation the itemizer's letter lane takes without the check raises no level.
        let laneTaken = (UInt32(0x800)...0xFFFF).compactMap(Unicode.Scalar.init).filter { scalar in
            UnicodeScript(scalar) == .common && GraphemeBreaking.isPlainBase(scalar) && CharacterProperties.isPlainPunctuation(scalar)
        }
        #expect(laneTaken.count > 500 && laneTaken.contains("，") && laneTaken.contains("！"), "\(laneTaken.count)")
        #expect(laneTaken.allSatisfy { !raising.contains(BidiClass($0)) },
                "\(laneTaken.filter { raising.contains(BidiClass($0)) }.prefix(10))")
        // And plain Latin, CJK, Hangul, emoji and general punctuation do not.
        let plain = Array("Hello “world” — 汉字，漢字。한국어 😂👍🏽 🇯🇵".utf8)
        #expect(!plain.withUnsafeBufferPointer { BidiLevels.mayHaveRightToLeft($0) })
    }
}
