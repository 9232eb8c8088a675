import Foundation
import Testing

/// One line of a UCD break test file (LineBreakTest.txt, GraphemeBreakTest.txt).
struct BreakTestCase {
    /// 1-based line number in the file.
    var lineNumber: Int
    /// The line as written.
    var line: String
    /// The text, built from the listed code points.
    var text: String
    /// UTF-8 offsets of the `÷` marks after the start of text.
    var expectedBreaks: [Int]
}

/// Loading of the test files installed by Debian's `unicode-data` package.
enum UnicodeTestFile {
    /// Parses `/usr/share/unicode/auxiliary/<name>`; records a test failure and returns nil if it is missing.
    static func load(_ name: String) -> [BreakTestCase]? {
        let path = "/usr/share/unicode/auxiliary/" + name
        guard let contents = try? String(contentsOfFile: path, encoding: .utf8) else {
            Issue.record("Cannot read \(path): run `apt-get install unicode-data` to install the Unicode test files.")
            return nil
        }
        var cases: [BreakTestCase] = []
        for (index, rawLine) in contents.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let data = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let tokens = data.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if tokens.isEmpty { continue }
            var text = ""
            var offset = 0
            var breaks: [Int] = []
            for token in tokens {
                switch token {
                case "÷": if offset > 0 { breaks.append(offset) }
                case "×": break
                default:
                    guard let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) else {
                        Issue.record("\(name):\(index + 1): bad token \(token)")
                        return nil
                    }
                    text.unicodeScalars.append(scalar)
                    offset += String(scalar).utf8.count
                }
            }
            cases.append(BreakTestCase(lineNumber: index + 1, line: String(rawLine), text: text, expectedBreaks: breaks))
        }
        return cases
    }
}
