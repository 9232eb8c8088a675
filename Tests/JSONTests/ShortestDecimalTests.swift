import Testing
@testable import JSON

/// The writer's number formatter (``ShortestDecimal``) against references that are not its
/// own: CPython's `repr` (David Gay's dtoa) on a committed sample, and, for the values whose
/// exact decimal is taken as the shortest without Schubfach, the digits Schubfach finds and
/// the standard library's `description`.
@Suite struct ShortestDecimalTests {
    /// A decimal as digits without leading or trailing zeros and the power of ten of its last
    /// digit, and its sign: how `1.25e-3`, `0.00125` and `125e-5` are all the same number.
    struct Decimal: Equatable, CustomStringConvertible {
        var negative: Bool
        var digits: String
        var exponent: Int
        var description: String { "\(negative ? "-" : "")\(digits)e\(exponent)" }

        init?(_ text: String) {
            var text = Substring(text)
            negative = text.first == "-"
            if negative { text = text.dropFirst() }
            var exponent = 0
            if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
                guard let power = Int(text[text.index(after: e)...]) else { return nil }
                exponent = power
                text = text[..<e]
            }
            var digits = String(text)
            if let point = digits.firstIndex(of: ".") {
                exponent -= digits.distance(from: point, to: digits.endIndex) - 1
                digits.remove(at: point)
            }
            while digits.first == "0" { digits.removeFirst() }
            while digits.last == "0" {
                digits.removeLast()
                exponent += 1
            }
            guard !digits.isEmpty, digits.allSatisfy(\.isNumber) else { return nil }
            self.digits = digits
            self.exponent = exponent
        }
    }

    /// `value` as ``ShortestDecimal/write(_:to:)`` writes it.
    static func written(_ value: Double) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ShortestDecimal.maxLength) { buffer in
            let count = ShortestDecimal.write(value, to: buffer.baseAddress!)
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
        }
    }

    /// Every double of the sample (random bit patterns, subnormals, answers' widths and heights,
    /// dyadic values on both sides of the exact path's bound, powers of two and ten and their
    /// neighbours, negatives) gets the decimal Python's `repr` prints, and reads back as itself.
    @Test func agreesWithPythonRepr() {
        var mismatches: [String] = []
        var count = 0
        for line in ShortestDecimalSample.lines.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count == 2, let bits = UInt64(fields[0], radix: 16) else {
                mismatches.append("unreadable line: \(line)")
                continue
            }
            let value = Double(bitPattern: bits)
            let text = Self.written(value)
            count += 1
            if Decimal(text) != Decimal(String(fields[1])) || Double(text)?.bitPattern != bits {
                mismatches.append("\(fields[0]): \(text) ≠ \(fields[1])")
            }
        }
        #expect(count > 4_000)
        #expect(mismatches.count == 0, "\(mismatches.prefix(10))")
    }

    /// A dyadic value m / 2^k whose exact decimal the formatter takes as its shortest gets the
    /// digits Schubfach finds for it, and prints as `description` prints it; random m and k,
    /// so that both sides of the bound are reached (each side many times).
    @Test func exactDecimalsAreTheShortest() {
        var random = NumberFormattingTests.Random(state: 0xE8AC7)
        var exact = 0, notExact = 0
        var mismatches: [String] = []
        for _ in 0..<200_000 {
            let k = Int(random.next() % 80) + 1
            let m = random.next() >> (random.next() % 64) | 1
            let value = Double(m) / Double(sign: .plus, exponent: k, significand: 1)
            guard value.isFinite, value > 0 else { continue }
            guard let decimal = ShortestDecimal.exactDecimal(value) else {
                notExact += 1
                continue
            }
            exact += 1
            var (significand, exponent) = ShortestDecimal.decimal(value)
            while significand % 10 == 0 {
                significand /= 10
                exponent += 1
            }
            if decimal != (significand, exponent) || Self.written(value) != value.description {
                mismatches.append("\(value.bitPattern): \(decimal) ≠ \((significand, exponent)), \(Self.written(value))")
            }
        }
        #expect(exact > 20_000 && notExact > 20_000, "\(exact) exact, \(notExact) not")
        #expect(mismatches.count == 0, "\(mismatches.prefix(10))")
    }

    /// Subnormals, the largest double and negative zero: never taken as exact decimals where
    /// they are not, and written as `description` writes them (zero as an integer, by the
    /// writer).
    @Test func extremesAreWrittenAsDescriptionWritesThem() {
        for value in [Double.leastNonzeroMagnitude, .leastNormalMagnitude, .leastNormalMagnitude.nextDown, 0x1p-1073,
                      .greatestFiniteMagnitude, 0x1p-60, 0x1p60 + 0.5, 1 + 0x1p-52, 0.5, 0.25 + 0x1p-40] {
            #expect(Self.written(value) == value.description, "\(value.bitPattern)")
            #expect(Self.written(-value) == (-value).description, "\(value.bitPattern)")
        }
        #expect(ShortestDecimal.exactDecimal(.leastNonzeroMagnitude) == nil)
        #expect(NumberFormattingTests.written(-0.0) == "0")
    }
}
