import Testing
import TextSegmentation

/// Hand-checked grapheme cluster cases.
@Suite struct GraphemeBreakingTests {
    @Test func basics() {
        #expect(GraphemeBreaking.boundaries(in: "") == [])
        #expect(GraphemeBreaking.boundaries(in: "abc") == [1, 2, 3])
        #expect(GraphemeBreaking.boundaries(in: "a\r\nb") == [1, 3, 4])
        #expect(GraphemeBreaking.boundaries(in: "e\u{301}x") == [3, 4])
    }

    @Test func emojiAndFlags() {
        let family = "👨\u{200D}👩\u{200D}👧"
        #expect(GraphemeBreaking.boundaries(in: family + "x") == [family.utf8.count, family.utf8.count + 1])
        #expect(GraphemeBreaking.boundaries(in: "🇫🇷🇩🇪🇯") == [8, 16, 20])
    }

    @Test func hangulSyllables() {
        // Conjoining jamo L V T form one cluster.
        let syllable = "\u{1100}\u{1161}\u{11A8}"
        #expect(GraphemeBreaking.boundaries(in: syllable + "한") == [9, 12])
    }

    @Test func closureEntryPointMatches() {
        var text = "Ab\u{300}🇫🇷\r\n中"
        var collected: [Int] = []
        text.withUTF8 { GraphemeBreaking.forEachBoundary(inUTF8: $0) { collected.append($0) } }
        #expect(collected == GraphemeBreaking.boundaries(in: text))
        #expect(collected == [1, 4, 12, 14, 17])
    }

    /// `role(of:)` for every scalar: `isPlainBase` as `isPlainBase(_:)`, and `isExtending`
    /// exactly when the scalar stays in one cluster with a letter before it, as the
    /// segmentation itself decides.
    @Test func roleMatchesThePlainBaseCheckAndTheSegmentation() {
        var mismatches = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let role = GraphemeBreaking.role(of: scalar)
            var text = "a"
            text.unicodeScalars.append(scalar)
            let joined = GraphemeBreaking.boundaries(in: text) == [text.utf8.count]
            if role.isPlainBase != GraphemeBreaking.isPlainBase(scalar) || role.isExtending != joined {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
    }
}
