import Testing
import TestSupport
@testable import TextMetrics

/// `FaceCoverage.containsAny(of:)`, which reads the bitset a word and a page at a time,
/// agrees with looking every code point of the range up, on ranges that start and end
/// inside words, on word and page edges, and across empty pages.
@Suite struct FaceCoverageTests {
    @Test(arguments: ["Roboto-Regular", "wqy-microhei", "NotoColorEmoji", "NotoSansArabic-Regular"])
    func rangeLookupsAgreeWithLookingUpEachCodePoint(_ name: String) throws {
        let coverage = try FontLibrary.shared.face(named: name).coverage
        var generator = TestCorpus.Random(seed: 0xC0FE ^ UInt64(name.utf8.count))
        var ranges: [ClosedRange<UInt32>] = [0...0x10FFFF, 0x4E00...0x9FFF, 0...63, 64...127, 0xFFF...0x1000, 0x41...0x41]
        // Ranges near mapped code points (before, over, after them) and anywhere.
        let mapped = (UInt32(0)..<0x3_0000).filter { coverage.contains(value: $0) }
        for _ in 0..<400 {
            let length = UInt32([1, 2, 63, 64, 65, 300, 5000][generator.below(7)])
            var start = UInt32(generator.below(0x11_0000))
            if generator.below(4) != 0 {
                let near = Int64(generator.pick(mapped)) + Int64(generator.int(-Int(length)...64))
                start = UInt32(max(0, near))
            }
            ranges.append(start...min(start + length - 1, 0x10FFFF))
        }
        var found = 0
        for range in ranges {
            let expected = range.contains { coverage.contains(value: $0) }
            #expect(coverage.containsAny(of: range) == expected, "\(name) \(range)")
            if expected { found += 1 }
        }
        #expect(found > 20 && found < ranges.count, "ranges with and without mapped code points")
    }

    @Test func facesKnowWhetherTheyHaveIdeographs() throws {
        #expect(try FontLibrary.shared.face(named: "wqy-microhei").hasUnifiedIdeographs)
        #expect(try !FontLibrary.shared.face(named: "Roboto-Regular").hasUnifiedIdeographs)
    }
}
