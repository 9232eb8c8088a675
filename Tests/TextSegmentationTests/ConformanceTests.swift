import Testing
import TextSegmentation

/// Every line of the Unicode 15.0 conformance test files.
@Suite struct ConformanceTests {
    @Test func lineBreakTestFile() throws {
        let cases = try #require(UnicodeTestFile.load("LineBreakTest.txt"))
        #expect(cases.count == 7654)
        var failures = 0
        for testCase in cases {
            let actual = LineBreaking.opportunities(in: testCase.text).map(\.offset)
            if actual != testCase.expectedBreaks {
                failures += 1
                if failures <= 10 {
                    print("LineBreakTest.txt:\(testCase.lineNumber): expected \(testCase.expectedBreaks), got \(actual)\n  \(testCase.line)")
                }
            }
        }
        print("LineBreakTest.txt: \(cases.count - failures) of \(cases.count) lines passed")
        #expect(failures == 0, "\(failures) of \(cases.count) LineBreakTest.txt lines failed")
    }

    @Test func graphemeBreakTestFile() throws {
        let cases = try #require(UnicodeTestFile.load("GraphemeBreakTest.txt"))
        #expect(cases.count == 602)
        var failures = 0
        for testCase in cases {
            let actual = GraphemeBreaking.boundaries(in: testCase.text)
            if actual != testCase.expectedBreaks {
                failures += 1
                if failures <= 10 {
                    print("GraphemeBreakTest.txt:\(testCase.lineNumber): expected \(testCase.expectedBreaks), got \(actual)\n  \(testCase.line)")
                }
            }
        }
        print("GraphemeBreakTest.txt: \(cases.count - failures) of \(cases.count) lines passed")
        #expect(failures == 0, "\(failures) of \(cases.count) GraphemeBreakTest.txt lines failed")
    }

    /// The closure, buffer and String entry points agree on every conformance line.
    @Test func entryPointsAgree() throws {
        let cases = try #require(UnicodeTestFile.load("LineBreakTest.txt"))
        var buffer: [LineBreakOpportunity] = []
        for testCase in cases.prefix(2000) {
            var text = testCase.text
            let expected = LineBreaking.opportunities(in: text)
            var viaClosure: [LineBreakOpportunity] = []
            buffer.removeAll(keepingCapacity: true)
            text.withUTF8 { bytes in
                LineBreaking.forEachOpportunity(inUTF8: bytes) { viaClosure.append($0) }
                LineBreaking.appendOpportunities(inUTF8: bytes, to: &buffer)
            }
            #expect(viaClosure == expected)
            #expect(buffer == expected)
        }
    }
}
