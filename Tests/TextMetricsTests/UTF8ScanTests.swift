import Testing
@testable import TextMetrics

/// The word-at-a-time byte search against a byte-by-byte one.
@Suite struct UTF8ScanTests {
    /// Every position of a tab (and of other bytes, lead and continuation bytes too) in texts
    /// of 0–40 bytes, small and native strings, ASCII and not: found exactly where a plain
    /// search over the bytes finds it.
    @Test func findsAByteWhereverItIs() {
        let pieces = ["a", "é", "中", "👋", " ", "\n", "z"]
        var checked = 0
        for length in 0...40 {
            var base = ""
            var index = length
            while base.utf8.count < length {
                base += pieces[index % pieces.count]
                index = (index * 31 + 7) % 1_009
            }
            for position in 0...base.count {
                var text = base
                text.insert("\t", at: text.index(text.startIndex, offsetBy: position))
                for string in [base, text] {
                    for byte: UInt8 in [0x09, 0x0A, 0x20, 0x61, 0x7A, 0xC3, 0xA9, 0xE4, 0xF0, 0x00] {
                        #expect(UTF8Scan.contains(byte, in: string) == Array(string.utf8).contains(byte),
                                "\(byte) in \(string.debugDescription)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 5_000)
    }
}
