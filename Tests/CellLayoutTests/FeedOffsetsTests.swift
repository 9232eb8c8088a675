import Testing
import TestSupport
@testable import TextMetrics
@testable import CellLayout

@Suite struct FeedOffsetsTests {
    @Test(arguments: [1, 2, 7, 64, 1000, 4097])
    func matchesANaivePrefixSum(count: Int) {
        var random = TestCorpus.Random(seed: UInt64(count))
        let scale = 3.0
        var naive = (0..<count).map { _ in random.below(600) }  // pixels
        var offsets = FeedOffsets(count: count, estimatedHeight: 44, scale: scale)
        #expect(offsets.contentHeight == 44 * Double(count))
        #expect(!offsets.isMeasured(0))
        for (i, pixels) in naive.enumerated() { offsets.setHeight(Double(pixels) / scale, ofRow: i) }
        for _ in 0..<2000 {
            let row = random.below(count)
            naive[row] = random.below(3) == 0 ? 0 : random.below(900)
            offsets.setHeight(Double(naive[row]) / scale, ofRow: row)
            let probe = random.below(count + 1)
            let prefix = naive[0..<probe].reduce(0, +)
            #expect(offsets.prefixPixels(probe) == Int64(prefix))
            #expect(offsets.y(ofRow: probe) == Double(prefix) / scale)
            // The row at a y: the one whose [top, bottom) holds it.
            let total = naive.reduce(0, +)
            if total > 0 {
                let y = random.below(total)
                var top = 0, expected = 0
                while top + naive[expected] <= y { top += naive[expected]; expected += 1 }
                #expect(offsets.row(atY: Double(y) / scale) == expected)
            }
            #expect(offsets.contentHeight == Double(total) / scale)
        }
        #expect(offsets.row(atY: -1) == nil)
        #expect(offsets.row(atY: offsets.contentHeight) == nil)
        #expect(offsets.isMeasured(count - 1))
    }

    @Test func appendKeepsTheTreeRight() {
        var random = TestCorpus.Random(seed: 42)
        var naive: [Int] = []
        var offsets = FeedOffsets(heights: [], scale: 2)
        for _ in 0..<3000 {
            let pixels = random.below(400)
            naive.append(pixels)
            offsets.append(height: Double(pixels) / 2, measured: random.below(2) == 0)
            let probe = random.below(naive.count + 1)
            #expect(offsets.prefixPixels(probe) == Int64(naive[0..<probe].reduce(0, +)))
        }
        #expect(offsets.count == 3000)
        #expect(offsets.contentHeight == Double(naive.reduce(0, +)) / 2)
    }

    @Test func visibleRowsAndMemory() {
        let offsets = FeedOffsets(heights: [10, 20, 30, 40], scale: 2)
        #expect(offsets.rows(from: 0, to: 10) == 0..<1)
        #expect(offsets.rows(from: 5, to: 31) == 0..<3)
        #expect(offsets.rows(from: 95, to: 500) == 3..<4)
        let big = FeedOffsets(count: 1_000_000, estimatedHeight: 80, scale: 3)
        #expect(big.byteCount <= 13 * 1_000_000)
    }
}
