import Foundation
import Testing
import TextSegmentation

/// Reading of the UAX #9 conformance files as raw bytes (fast even in debug builds).
enum BidiTestFile {
    /// The file's bytes; records a test failure and returns nil if it is missing.
    static func load(_ name: String) -> [UInt8]? {
        let path = "/usr/share/unicode/" + name
        guard let data = FileManager.default.contents(atPath: path) else {
            Issue.record("Cannot read \(path): run `apt-get install unicode-data` to install the Unicode test files.")
            return nil
        }
        return [UInt8](data)
    }

    /// Calls `body` with each line (without the newline), as a buffer slice.
    static func forEachLine(_ bytes: [UInt8], _ body: (Int, ArraySlice<UInt8>) -> Void) {
        var start = 0
        var lineNumber = 1
        for i in bytes.indices where bytes[i] == 0x0A {
            body(lineNumber, bytes[start..<i])
            start = i + 1
            lineNumber += 1
        }
        if start < bytes.count { body(lineNumber, bytes[start...]) }
    }

    /// Splits on spaces and tabs.
    static func tokens(_ line: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        line.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D })
    }

    /// A level token: a number, or nil for `x`.
    static func level(_ token: ArraySlice<UInt8>) -> Int? {
        if token.first == UInt8(ascii: "x") { return nil }
        return Int(String(decoding: token, as: UTF8.self))
    }

    /// Representative code points for each Bidi_Class (none is a paired bracket).
    static let representatives: [String: UInt32] = [
        "L": 0x61, "R": 0x05D0, "AL": 0x0627, "EN": 0x31, "ES": 0x2B, "ET": 0x23, "AN": 0x0660,
        "CS": 0x2C, "NSM": 0x0300, "BN": 0x00AD, "B": 0x2029, "S": 0x09, "WS": 0x20, "ON": 0x21,
        "LRE": 0x202A, "LRO": 0x202D, "RLE": 0x202B, "RLO": 0x202E, "PDF": 0x202C,
        "LRI": 0x2066, "RLI": 0x2067, "FSI": 0x2068, "PDI": 0x2069,
    ]
}

/// Checks one resolved paragraph against expected levels and visual order, reusing buffers.
struct BidiChecker {
    /// UTF-8 text of the current case.
    var utf8: [UInt8] = []
    /// Byte offset of each scalar, plus the byte count.
    var offsets: [Int] = []
    /// Scratch: scalar index of each byte.
    var scalarOfByte: [Int] = []
    /// Scratch: actual visual order.
    var order: [Int] = []

    /// Starts a new case.
    mutating func reset() {
        utf8.removeAll(keepingCapacity: true)
        offsets.removeAll(keepingCapacity: true)
    }

    /// Appends one scalar to the text.
    mutating func append(_ value: UInt32) {
        offsets.append(utf8.count)
        let scalar = Unicode.Scalar(value)!
        utf8.append(contentsOf: UTF8.encode(scalar)!)
    }

    /// Resolves the text and returns a failure description, or nil if levels and order match.
    mutating func check(direction: BidiDirection?, expectedParagraphLevel: Int?, levels expected: [Int?], order expectedOrder: [Int]) -> String? {
        let paragraph = utf8.withUnsafeBufferPointer { BidiParagraph(utf8: $0, baseDirection: direction) }
        if let expectedParagraphLevel, Int(paragraph.baseLevel) != expectedParagraphLevel {
            return "paragraph level \(paragraph.baseLevel), expected \(expectedParagraphLevel)"
        }
        let count = offsets.count
        guard expected.count == count else { return "expected \(expected.count) levels for \(count) scalars" }
        scalarOfByte.removeAll(keepingCapacity: true)
        for k in 0..<count {
            let end = k + 1 < count ? offsets[k + 1] : utf8.count
            for _ in offsets[k]..<end { scalarOfByte.append(k) }
        }
        let line = 0..<utf8.count
        for run in paragraph.logicalRuns(forLine: line) {
            var byte = run.range.lowerBound
            while byte < run.range.upperBound {
                let k = scalarOfByte[byte]
                if let level = expected[k], level != Int(run.level) {
                    return "scalar \(k): level \(run.level), expected \(level)"
                }
                byte = k + 1 < count ? offsets[k + 1] : utf8.count
            }
        }
        order.removeAll(keepingCapacity: true)
        for run in paragraph.visualRuns(forLine: line) where !run.range.isEmpty {
            let first = scalarOfByte[run.range.lowerBound]
            let last = scalarOfByte[run.range.upperBound - 1]
            if run.isRightToLeft {
                for k in stride(from: last, through: first, by: -1) where expected[k] != nil { order.append(k) }
            } else {
                for k in first...last where expected[k] != nil { order.append(k) }
            }
        }
        if order != expectedOrder { return "visual order \(order), expected \(expectedOrder)" }
        return nil
    }
}

/// The value of an ASCII hexadecimal digit.
func hexDigit(_ byte: UInt8) -> Int? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(byte - UInt8(ascii: "A") + 10)
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(byte - UInt8(ascii: "a") + 10)
    default: return nil
    }
}

/// The UAX #9 conformance files BidiTest.txt and BidiCharacterTest.txt, every case.
@Suite struct BidiConformanceTests {
    @Test func bidiTestFile() throws {
        let bytes = try #require(BidiTestFile.load("BidiTest.txt"))
        let clock = ContinuousClock()
        let start = clock.now
        var classCodes: [String: UInt32] = [:]
        for (name, value) in BidiTestFile.representatives {
            let actual = BidiClass(Unicode.Scalar(value)!)
            #expect(actual.abbreviation == name, "representative of \(name) is \(actual)")
            classCodes[name] = value
        }
        var levels: [Int?] = []
        var order: [Int] = []
        var checker = BidiChecker()
        var lines = 0, cases = 0, failures = 0
        // Class names packed into integers (up to three ASCII letters), mapped to representatives.
        var packedNames: [UInt32] = []
        var packedValues: [UInt32] = []
        for (name, value) in classCodes {
            packedNames.append(name.utf8.reduce(0) { $0 << 8 | UInt32($1) })
            packedValues.append(value)
        }
        let directions: [BidiDirection?] = [nil, .leftToRight, .rightToLeft]
        BidiTestFile.forEachLine(bytes) { lineNumber, line in
            guard let first = line.first, first != UInt8(ascii: "#") else { return }
            if first == UInt8(ascii: "@") {
                guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return }
                let keyword = String(decoding: line[..<colon], as: UTF8.self)
                let values = BidiTestFile.tokens(line[(colon + 1)...])
                if keyword == "@Levels" { levels = values.map(BidiTestFile.level) }
                if keyword == "@Reorder" { order = values.compactMap { BidiTestFile.level($0) } }
                return
            }
            guard let semicolon = line.firstIndex(of: UInt8(ascii: ";")) else { return }
            lines += 1
            checker.reset()
            var packed: UInt32 = 0
            var index = line.startIndex
            while index <= semicolon {
                let byte = index < semicolon ? line[index] : 0x20
                index += 1
                if byte != 0x20 && byte != 0x09 {
                    packed = packed << 8 | UInt32(byte)
                    continue
                }
                if packed == 0 { continue }
                var slot = -1
                for k in 0..<packedNames.count where packedNames[k] == packed {
                    slot = k
                    break
                }
                guard slot >= 0 else {
                    failures += 1
                    Issue.record("BidiTest.txt:\(lineNumber): unknown class in \(String(decoding: line, as: UTF8.self))")
                    return
                }
                checker.append(packedValues[slot])
                packed = 0
            }
            var bits = 0
            for byte in line[(semicolon + 1)...] {
                if let digit = hexDigit(byte) { bits = bits << 4 | digit }
            }
            for slot in 0..<3 where bits & (1 << slot) != 0 {
                let direction = directions[slot]
                let bit = 1 << slot
                cases += 1
                if let problem = checker.check(direction: direction, expectedParagraphLevel: nil, levels: levels, order: order) {
                    failures += 1
                    if failures <= 10 {
                        Issue.record("BidiTest.txt:\(lineNumber) (paragraph bit \(bit)): \(problem)\n  \(String(decoding: line, as: UTF8.self))")
                    }
                }
            }
        }
        print("BidiTest.txt: \(cases - failures) of \(cases) cases (\(lines) lines × paragraph levels) passed in \(clock.now - start)")
        #expect(lines == 490_846)
        #expect(cases == 770_241)
        #expect(failures == 0, "\(failures) of \(cases) BidiTest.txt cases failed")
    }

    @Test func bidiCharacterTestFile() throws {
        let bytes = try #require(BidiTestFile.load("BidiCharacterTest.txt"))
        let clock = ContinuousClock()
        let start = clock.now
        var checker = BidiChecker()
        var cases = 0, failures = 0
        BidiTestFile.forEachLine(bytes) { lineNumber, line in
            guard let first = line.first, first != UInt8(ascii: "#") else { return }
            let fields = line.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
            guard fields.count >= 5 else { return }
            cases += 1
            checker.reset()
            var value: UInt32 = 0
            var digits = 0
            for byte in fields[0] {
                if let digit = hexDigit(byte) {
                    value = value << 4 | UInt32(digit)
                    digits += 1
                } else if digits > 0 {
                    checker.append(value)
                    value = 0
                    digits = 0
                }
            }
            if digits > 0 { checker.append(value) }
            let direction: BidiDirection?
            switch fields[1].first {
            case UInt8(ascii: "0"): direction = .leftToRight
            case UInt8(ascii: "1"): direction = .rightToLeft
            default: direction = nil
            }
            let paragraphLevel = BidiTestFile.level(BidiTestFile.tokens(fields[2]).first ?? [])
            let levels = BidiTestFile.tokens(fields[3]).map(BidiTestFile.level)
            let order = BidiTestFile.tokens(fields[4]).compactMap { BidiTestFile.level($0) }
            if let problem = checker.check(direction: direction, expectedParagraphLevel: paragraphLevel, levels: levels, order: order) {
                failures += 1
                if failures <= 10 {
                    Issue.record("BidiCharacterTest.txt:\(lineNumber): \(problem)\n  \(String(decoding: line, as: UTF8.self))")
                }
            }
        }
        print("BidiCharacterTest.txt: \(cases - failures) of \(cases) lines passed in \(clock.now - start)")
        #expect(cases == 91_707)
        #expect(failures == 0, "\(failures) of \(cases) BidiCharacterTest.txt lines failed")
    }
}
