import Testing
import TextSegmentation

/// Every line of the Unicode 15.0 conformance test files.
@Suite struct ConformanceTests {
    /// `LineBreakTest.txt` resolves class SA to AL (or CM) as LB1 does without a dictionary, so
    /// it is run with dictionary breaking off (`breaksSoutheastAsianWords: false`); the
    /// dictionary's breaks are checked against ICU (`SoutheastAsianBreakingTests`).
    @Test func lineBreakTestFile() throws {
        let cases = try #require(UnicodeTestFile.load("LineBreakTest.txt"))
        #expect(cases.count == 7654)
        let withoutDictionary = LineBreakTailoring(breaksSoutheastAsianWords: false)
        var failures = 0
        for testCase in cases {
            let actual = LineBreaking.opportunities(in: testCase.text, tailoring: withoutDictionary).map(\.offset)
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

    /// Walking a text cluster by cluster with `clusterEnd(startingAt:inUTF8:)` finds the
    /// file's boundaries on every line of `GraphemeBreakTest.txt`, and on every line of
    /// `LineBreakTest.txt` the boundaries `forEachBoundary` finds.
    @Test func clusterByClusterWalk() throws {
        func walk(_ text: String) -> [Int] {
            var text = text
            return text.withUTF8 { bytes in
                var ends: [Int] = []
                var start = 0
                while start < bytes.count {
                    start = GraphemeBreaking.clusterEnd(startingAt: start, inUTF8: bytes)
                    ends.append(start)
                }
                return ends
            }
        }
        let graphemeCases = try #require(UnicodeTestFile.load("GraphemeBreakTest.txt"))
        var failures = 0
        for testCase in graphemeCases where walk(testCase.text) != testCase.expectedBreaks {
            failures += 1
            if failures <= 5 { print("GraphemeBreakTest.txt:\(testCase.lineNumber): walk gives \(walk(testCase.text))") }
        }
        #expect(failures == 0)
        let lineCases = try #require(UnicodeTestFile.load("LineBreakTest.txt"))
        let disagreeing = lineCases.filter { walk($0.text) != GraphemeBreaking.boundaries(in: $0.text) }
        #expect(disagreeing.isEmpty, "first: \(disagreeing.first.map { String($0.lineNumber) } ?? "")")
    }

    /// `role(of:).isExtending` is exactly GB9/GB9a's right side, read from `GraphemeBreakTest.txt`'s
    /// own data: a character extends a plain base when no boundary falls between them.
    @Test func extendingCharacters() throws {
        let cases = try #require(UnicodeTestFile.load("GraphemeBreakTest.txt"))
        var checked = 0
        for testCase in cases {
            let scalars = Array(testCase.text.unicodeScalars)
            guard scalars.count == 2, GraphemeBreaking.isPlainBase(scalars[0]) else { continue }
            let joined = testCase.expectedBreaks == [testCase.text.utf8.count]
            #expect(GraphemeBreaking.role(of: scalars[1]).isExtending == joined, "line \(testCase.lineNumber)")
            checked += 1
        }
        #expect(checked > 20)
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
