import Testing
@testable import TextSegmentation

/// The ideograph lanes assume every code point of U+4E00–U+9FFF has the same properties:
/// checked here against the generated tables for all 20,992 of them.
@Suite struct CJKIdeographsTests {
    @Test func everyIdeographHasTheLanesProperties() {
        let lineBreakValue = LineBreakClass.trie.value(0x4E00)
        #expect(LineBreakClass(tableValue: lineBreakValue) == .ID)
        var mismatches: [UInt32] = []
        for value in UInt32(0x4E00)...0x9FFF {
            let scalar = Unicode.Scalar(value)!
            #expect(CJKIdeographs.contains(value))
            if LineBreakClass.trie.value(value) != lineBreakValue
                || GraphemeBreakClass.trie.value(value) != GraphemeBreakClass.other.rawValue
                || UnicodeScript(scalar) != .han
                || BidiClass(scalar) != .leftToRight {
                mismatches.append(value)
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10).map { String($0, radix: 16) })")
        #expect(!CJKIdeographs.contains(0x4DFF) && !CJKIdeographs.contains(0xA000) && !CJKIdeographs.contains(0))
    }

    @Test func decodeTakesWellFormedIdeographsOnly() {
        func decode(_ bytes: [UInt8]) -> UInt32? {
            bytes.withUnsafeBufferPointer { CJKIdeographs.decode($0.baseAddress!, at: 0, end: $0.count) }
        }
        for value in [0x4E00, 0x6587, 0x9FFF] as [UInt32] {
            #expect(decode(Array(String(Unicode.Scalar(value)!).utf8)) == value)
        }
        #expect(decode(Array("\u{4DFF}".utf8)) == nil)  // E4 B7 BF: just before the block
        #expect(decode(Array("\u{A000}".utf8)) == nil)  // EA 80 80: just after it
        #expect(decode(Array("\u{3042}".utf8)) == nil)  // hiragana
        #expect(decode([0xE4, 0xB8]) == nil)  // truncated
        #expect(decode([0xE6, 0x96, 0x41]) == nil)  // bad continuation byte
        #expect(decode([0xE6, 0x41, 0x87]) == nil)
        #expect(decode(Array("a中".utf8)) == nil)
    }
}
