import Testing
import TextSegmentation

/// Pathological and malformed inputs.
@Suite struct RobustnessTests {
    @Test func longTokenWithoutBreakOpportunity() {
        let token = String(repeating: "abcdefghij", count: 200_000)   // 2 MB
        #expect(LineBreaking.opportunities(in: token) == [LineBreakOpportunity(offset: token.utf8.count, isMandatory: true)])
        #expect(GraphemeBreaking.boundaries(in: token).count == token.utf8.count)
    }

    @Test func manyCombiningMarks() {
        let text = "a" + String(repeating: "\u{301}", count: 20_000) + " b"
        let length = 1 + 2 * 20_000
        #expect(LineBreaking.opportunities(in: text).map(\.offset) == [length + 1, length + 2])
        #expect(GraphemeBreaking.boundaries(in: text) == [length, length + 1, length + 2])
        // Marks after an opening parenthesis and a prefix (the LB25 look-ahead).
        let marks = String(repeating: "\u{301}", count: 20_000)
        let tricky = String(repeating: "$(" + marks, count: 3)
        #expect(LineBreaking.opportunities(in: tricky).last?.offset == tricky.utf8.count)
    }

    @Test func longZWJSequenceAndRegionalIndicators() {
        let zwj = String(repeating: "👩\u{200D}", count: 5_000) + "👩"
        #expect(LineBreaking.opportunities(in: zwj).count == 1)
        #expect(GraphemeBreaking.boundaries(in: zwj).count == 1)
        let flags = String(repeating: "\u{1F1EB}", count: 10_001)
        #expect(LineBreaking.opportunities(in: flags).count == 5_001)
        #expect(GraphemeBreaking.boundaries(in: flags).count == 5_001)
    }

    /// Walking cluster by cluster (`clusterEnd`, whose quick paths decode a character or two
    /// themselves) finds the boundaries of the full scan on random bytes: well-formed CJK,
    /// kana, punctuation, marks and emoji cut short, mixed with bad, overlong and surrogate
    /// sequences.
    @Test func clusterWalkMatchesTheScanOnMalformedBytes() {
        let pieces: [[UInt8]] = [
            Array("中".utf8), Array("，".utf8), Array("か".utf8), Array("a".utf8), Array(" ".utf8), Array("\u{301}".utf8),
            Array("\u{FF9E}".utf8), Array("\u{200D}".utf8), Array("😀".utf8), Array("\u{0E33}".utf8), [0xE4, 0xB8],
            [0xE4], [0xB8, 0xAD], [0xFF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF0, 0x9F], [0xC3], [0x0D, 0x0A],
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<5_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(state % 12 + 1) {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                bytes += pieces[Int((state >> 33) % UInt64(pieces.count))]
            }
            bytes.withUnsafeBufferPointer { buffer in
                var scanned: [Int] = []
                GraphemeBreaking.forEachBoundary(inUTF8: buffer) { scanned.append($0) }
                var walked: [Int] = []
                var start = 0
                while start < buffer.count {
                    start = GraphemeBreaking.clusterEnd(startingAt: start, inUTF8: buffer)
                    walked.append(start)
                }
                #expect(walked == scanned, "\(bytes)")
            }
        }
    }

    @Test func malformedUTF8DoesNotCrash() {
        let samples: [[UInt8]] = [
            [0xFF], [0x80], [0xC0, 0xAF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80],   // surrogate
            [0xF4, 0x90, 0x80, 0x80], [0xF0, 0x9F, 0x98],                             // truncated 4-byte
            [0x61, 0xE2, 0x80], [0x61, 0x20, 0xCC], [0xCC, 0x81, 0xFE, 0x20, 0x62],
            Array(repeating: 0x80, count: 1000),
        ]
        for bytes in samples {
            var lineOffsets: [Int] = []
            var graphemeOffsets: [Int] = []
            bytes.withUnsafeBufferPointer { buffer in
                LineBreaking.forEachOpportunity(inUTF8: buffer) { lineOffsets.append($0.offset) }
                GraphemeBreaking.forEachBoundary(inUTF8: buffer) { graphemeOffsets.append($0) }
            }
            #expect(lineOffsets.last == bytes.count)
            #expect(graphemeOffsets.last == bytes.count)
            #expect(lineOffsets == lineOffsets.sorted() && Set(lineOffsets).count == lineOffsets.count)
        }
        // Each bad byte is one U+FFFD (AL): no breaks inside "a<FF><FE>b", one cluster per bad byte.
        var offsets: [Int] = []
        [0x61, 0xFF, 0xFE, 0x62].withUnsafeBufferPointer { buffer in
            GraphemeBreaking.forEachBoundary(inUTF8: buffer) { offsets.append($0) }
        }
        #expect(offsets == [1, 2, 3, 4])
        let empty: [UInt8] = []
        empty.withUnsafeBufferPointer { buffer in
            LineBreaking.forEachOpportunity(inUTF8: buffer) { _ in Issue.record("no opportunities in empty text") }
            GraphemeBreaking.forEachBoundary(inUTF8: buffer) { _ in Issue.record("no boundaries in empty text") }
        }
    }

    @Test func everyScalarDecodesAndLooksUp() {
        var text = ""
        for value in stride(from: UInt32(0), through: 0x10FFFF, by: 97) {
            if let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar); _ = UnicodeScript(scalar) }
        }
        #expect(LineBreaking.opportunities(in: text).last?.offset == text.utf8.count)
        #expect(GraphemeBreaking.boundaries(in: text).last == text.utf8.count)
    }
}
