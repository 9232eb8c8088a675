import Foundation
import Testing
@testable import JSON

/// Numbers written and read by the JSON module against the standard library: every double
/// the writer prints must print as Swift's `description` does (the shortest decimal that
/// reads back the same, the closest of those, in its notation), and every number the reader
/// reads must be the double `Double(_: String)` reads.
@Suite struct NumberFormattingTests {
    /// `number` as ``JSONOutput`` writes it.
    static func written(_ number: Double) -> String {
        var out = JSONOutput()
        out.append(number)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// What the writer must print: integers below 10^15 as integers, non-finite numbers as
    /// null, anything else as `description` prints it.
    static func expected(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == number.rounded(), number.magnitude < 1e15 { return String(Int64(number)) }
        return number.description
    }

    /// A seeded generator (SplitMix64).
    struct Random: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Doubles of every magnitude: random bit patterns (every exponent, both signs).
    @Test func randomBitPatternsPrintAsDescriptionDoes() {
        var random = Random(state: 0x5C4B_FAC4)
        var mismatches: [String] = []
        for _ in 0..<400_000 {
            let number = Double(bitPattern: random.next())
            let text = Self.written(number)
            if text != Self.expected(number) { mismatches.append("\(number.bitPattern): \(text) ≠ \(Self.expected(number))") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    /// The numbers answers are made of: widths and heights of texts in font units at point
    /// sizes (size × units / units per em, with the chains' common units per em), and their
    /// pixel roundings.
    @Test func layoutLikeNumbersPrintAsDescriptionDoes() {
        var random = Random(state: 0x1A_0075)
        var mismatches: [String] = []
        for _ in 0..<300_000 {
            let units = Double(random.next() % 4_000_000)
            let size = [11, 12, 13, 14, 15, 15.5, 17, 20, 28, 34][Int(random.next() % 10)]
            let upem = [1000, 1024, 2048, 2136, 256_000, 2_187_000][Int(random.next() % 6)]
            for number in [units * size / Double(upem), (units * size / Double(upem) * 3).rounded(.up) / 3, -units / 7] {
                if Self.written(number) != Self.expected(number) {
                    mismatches.append("\(number.bitPattern): \(Self.written(number)) ≠ \(Self.expected(number))")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    /// Where the notation or the algorithm changes: powers of two and of ten and their
    /// neighbours, 10^-4 and 2^53 (fixed against exponent notation), the smallest subnormals
    /// (printed with one digit: 5e-324), the largest double.
    @Test func boundariesPrintAsDescriptionDoes() {
        var numbers: [Double] = [0.0001, 0.00012, 1e-5, 9.999e-5, 1e15, 2.5e15, 1e16, 9_007_199_254_740_992,
                                 9_007_199_254_740_994, 1e22, 1e23, .greatestFiniteMagnitude, .leastNormalMagnitude,
                                 .leastNonzeroMagnitude, 0.1, 0.30000000000000004, 1.0 / 3, 17.578125, 4_503_599_627_370_495.5]
        for e in -1074...1023 {
            let power = Double(sign: .plus, exponent: e, significand: 1)
            numbers += [power, power.nextUp, power.nextDown]
        }
        for e in -325...309 {
            if let power = Double("1e\(e)") { numbers += [power, power.nextUp, power.nextDown] }
        }
        numbers += (1...20_000).map { Double(bitPattern: UInt64($0)) }
        var mismatches: [String] = []
        for number in numbers + numbers.map({ -$0 }) where Self.written(number) != Self.expected(number) {
            mismatches.append("\(number.bitPattern): \(Self.written(number)) ≠ \(Self.expected(number))")
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
        #expect(Self.written(-0.0) == "0" && Self.written(.infinity) == "null" && Self.written(.nan) == "null")
    }

    /// Many numbers written into one output — repeating ones among them, as answers repeat
    /// their heights, and ones that share a slot of the table of numbers written lately —
    /// print each as it prints alone.
    @Test func numbersWrittenTogetherPrintAsAlone() {
        var random = Random(state: 0x70_6E74)
        let pool = (0..<40).map { _ in Double(random.next() % 100_000) / 64 + 0.001 }
        var numbers: [Double] = []
        for _ in 0..<50_000 {
            numbers.append(random.next() % 2 == 0 ? pool[Int(random.next() % 40)] : Double(bitPattern: random.next() >> 2))
        }
        var out = JSONOutput()
        out.beginArray()
        for number in numbers { out.append(number) }
        out.endArray()
        let expected = "[" + numbers.map(Self.expected).joined(separator: ",") + "]"
        let written = out.withBytes { String(decoding: $0, as: UTF8.self) }
        #expect(written == expected)
    }

    /// Number literals of every shape read as `Double(_: String)` reads them: the exact fast
    /// path (up to 2^53 and 10^±22) and the general one agree with the standard library.
    @Test func numbersReadAsTheStandardLibraryReadsThem() throws {
        var random = Random(state: 0x4EAD)
        var literals = ["0", "-0", "1", "-1", "0.5", "1e22", "1e23", "9007199254740993", "9007199254740992.5",
                        "123456789012345678901234567890", "0.000000000000000000000000000001", "1.7976931348623157e308",
                        "2.2250738585072014e-308", "4.9e-324", "2e-324", "1e400", "-1e-400", "0.1e1", "100e-2",
                        "12345678901234567890e-10", "0.30000000000000004", "291.4234375", "123456789012345",
                        "1234567890123456", "999999999999999", "100000000000000", "7", "10", "375", "10e2", "10E-2",
                        "15.5", "15.0", "-15"]
        for _ in 0..<100_000 {
            let digits = String(random.next() % 10_000_000_000_000_000_000)
            let cut = Int(random.next() % UInt64(digits.count + 1))
            var literal = digits
            if cut < digits.count && cut > 0 {
                literal = String(digits.prefix(cut)) + "." + String(digits.dropFirst(cut))
            }
            if random.next() % 3 == 0 { literal += "e" + String(Int(random.next() % 60) - 30) }
            if random.next() % 2 == 0 { literal = "-" + literal }
            literals.append(literal)
        }
        var mismatches: [String] = []
        for literal in literals {
            let read = try JSONValue.parse(literal)
            guard case .number(let number) = read, let reference = Double(literal),
                  number.bitPattern == reference.bitPattern else {
                mismatches.append("\(literal): \(read) ≠ \(Double(literal).map { "\($0)" } ?? "nil")")
                continue
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
        // Inside arrays and objects, where what follows a whole number ends it.
        for literal in literals.prefix(40) {
            let read = try JSONValue.parse("[\(literal),\(literal)] ")
            let object = try JSONValue.parse("{\"n\":\(literal)}")
            #expect(read == .array([.number(Double(literal)!), .number(Double(literal)!)]) && object["n"] == .number(Double(literal)!),
                    "\(literal)")
        }
        for bad in ["01", "[01]", "{\"n\":012}", "1.", "[1e]", "-", "1x"] {
            #expect(throws: JSONParseError.self, "\(bad)") { try JSONValue.parse(bad) }
        }
    }
}

/// Strings the reader reads: well-formed UTF-8 exactly as the standard library judges it.
@Suite struct StringReadingTests {
    /// Random byte strings, mostly valid UTF-8 with some bytes changed: the reader accepts a
    /// JSON string exactly when `String(validating:)` accepts its bytes, and reads the same text.
    @Test func utf8IsCheckedAsTheStandardLibraryChecksIt() throws {
        var random = NumberFormattingTests.Random(state: 0x0078_F8)
        let pieces = Array("aé中😀\u{10FFFF}\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}".unicodeScalars).map { Array(String($0).utf8) }
        var disagreements: [String] = []
        for _ in 0..<50_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(random.next() % 24) { bytes += pieces[Int(random.next() % UInt64(pieces.count))] }
            if !bytes.isEmpty, random.next() % 2 == 0 {
                bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next() | 0x80)
            }
            if random.next() % 8 == 0, !bytes.isEmpty { bytes.removeLast() }
            let reference = String(validating: bytes, as: UTF8.self)
            let document = [UInt8(ascii: "\"")] + bytes + [UInt8(ascii: "\"")]
            let read = try? JSONValue.parse(document)
            if read != reference.map(JSONValue.string) { disagreements.append("\(bytes)") }
            // Skipped inside an object (the reader's other path) it is checked alike.
            let inside = Array(#"{"k":"#.utf8) + document + [UInt8(ascii: "}")]
            var skipped = false
            inside.withUnsafeBufferPointer { buffer in
                var reader = JSONReader(buffer)
                skipped = (try? reader.readObject { _, reader in try reader.skipValue() }) != nil
            }
            if skipped != (reference != nil) { disagreements.append("skipped \(bytes)") }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }
}
