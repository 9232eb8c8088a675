/// A double printed as the shortest decimal that reads back as the same double — among
/// those, the closest to its exact value — in the notation of Swift's `description`
/// (`0.1`, `291.4234375`, `1e-05`, `1.2345678901234568e+17`), written straight into a byte
/// buffer: no `String`, no allocation.
///
/// The digits come from Schubfach (Raffaello Giulietti, "The Schubfach way to render
/// doubles", 2020): the double's significand times a 126-bit power of ten from
/// ``PowersOfTenTable`` gives its decimal expansion at a scale where the interval of reals
/// that round to the double is about one unit wide, so at most one candidate a digit shorter
/// lies inside it, and otherwise the two neighbours of the scaled value decide. Every step is
/// 64-bit integer arithmetic. `ShortestDecimalTests` compares the output with `description`
/// on millions of doubles of every magnitude and on every boundary of the notation.
@usableFromInline
enum ShortestDecimal {
    /// The most bytes ``write(_:to:)`` writes (25: a sign, 17 digits, a point and `e-324`,
    /// or a sign, `0.0000` and 17 digits), rounded up.
    static let maxLength = 31

    /// Writes `value` (finite and non-zero) as `description` prints it, at `out`, and returns
    /// the number of bytes written (at most ``maxLength``).
    static func write(_ value: Double, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var at = 0
        if value.sign == .minus {
            out[0] = UInt8(ascii: "-")
            at = 1
        }
        let magnitude = value.magnitude
        // An exact decimal ends in 5: no trailing zeros to take off.
        let (significand, exponent) = exactDecimal(magnitude) ?? withoutTrailingZeros(decimal(magnitude))
        return at + write(significand: significand, exponent: exponent, magnitude: magnitude, to: out + at)
    }

    /// `decimal` with its trailing zeros taken off: eight at a time, then at most one each of
    /// four, two and one.
    private static func withoutTrailingZeros(_ decimal: (significand: UInt64, exponent: Int))
        -> (significand: UInt64, exponent: Int) {
        var (significand, exponent) = decimal
        while significand % 100_000_000 == 0 {
            significand /= 100_000_000
            exponent += 8
        }
        if significand % 10_000 == 0 { significand /= 10_000; exponent += 4 }
        if significand % 100 == 0 { significand /= 100; exponent += 2 }
        if significand % 10 == 0 { significand /= 10; exponent += 1 }
        return (significand, exponent)
    }

    /// Writes `significand × 10^exponent` (no trailing zeros), the decimal of `magnitude`, in
    /// `description`'s notation, and returns the number of bytes written.
    @inline(__always)
    private static func write(significand: UInt64, exponent: Int, magnitude: Double,
                              to out: UnsafeMutablePointer<UInt8>) -> Int {
        var at = 0
        let count = digitCount(significand)
        // The exponent of the first digit: value = d.ddd × 10^scientific.
        let scientific = exponent + count - 1
        if magnitude > 0x1p53 || scientific < -4 {
            // d.ddde±XX: the digits written one place right, then the first moved before the point.
            writeDigits(significand, count: count, to: out + at + 1)
            out[at] = out[at + 1]
            if count > 1 {
                out[at + 1] = UInt8(ascii: ".")
                at += count + 1
            } else {
                at += 1
            }
            out[at] = UInt8(ascii: "e")
            out[at + 1] = scientific < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
            at += 2
            let power = Int(scientific.magnitude)
            if power >= 100 {
                out[at] = UInt8(ascii: "0") + UInt8(power / 100)
                at += 1
            }
            writeTwoDigits(power % 100, to: out + at)
            return at + 2
        }
        if scientific < 0 {
            // 0.000ddd
            out[at] = UInt8(ascii: "0")
            out[at + 1] = UInt8(ascii: ".")
            at += 2
            for _ in 0..<(-scientific - 1) {
                out[at] = UInt8(ascii: "0")
                at += 1
            }
            writeDigits(significand, count: count, to: out + at)
            return at + count
        }
        if scientific + 1 >= count {
            // An integer: its digits, zeros to the point, ".0".
            writeDigits(significand, count: count, to: out + at)
            at += count
            for _ in 0..<(scientific + 1 - count) {
                out[at] = UInt8(ascii: "0")
                at += 1
            }
            out[at] = UInt8(ascii: ".")
            out[at + 1] = UInt8(ascii: "0")
            return at + 2
        }
        // ddd.ddd: the digits written one place right, then the integer part moved left.
        writeDigits(significand, count: count, to: out + at + 1)
        for k in 0...scientific { out[at + k] = out[at + k + 1] }
        out[at + scientific + 1] = UInt8(ascii: ".")
        return at + count + 1
    }

    /// Writes an integer's decimal digits (with a minus sign when negative) at `out`, and
    /// returns the number of bytes written (at most 20). Inlined for the small counts answers
    /// are full of (line starts and lengths: 0–999).
    @inlinable @inline(__always)
    static func writeInteger(_ value: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
        let small = UInt(bitPattern: value)
        if small < 10 {
            out[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: small)
            return 1
        }
        if small < 100 {
            let tens = small / 10
            out[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: tens)
            out[1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: small &- tens &* 10)
            return 2
        }
        if small < 1000 {
            let hundreds = small / 100, tens = small / 10
            out[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: hundreds)
            out[1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: tens &- hundreds &* 10)
            out[2] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: small &- tens &* 10)
            return 3
        }
        return writeAnyInteger(value, to: out)
    }

    /// ``writeInteger(_:to:)`` for any integer.
    @usableFromInline
    static func writeAnyInteger(_ value: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var at = 0
        if value < 0 {
            out[0] = UInt8(ascii: "-")
            at = 1
        }
        let magnitude = UInt64(value.magnitude)
        let count = digitCount(magnitude)
        writeDigits(magnitude, count: count, to: out + at)
        return at + count
    }

    /// The number of decimal digits of `value` (1 for 0): from its bit length, which gives
    /// the count or one less, and one comparison.
    @inline(__always)
    private static func digitCount(_ value: UInt64) -> Int {
        // floor(bits × log10 2) by 1233 / 4096: the digits of 2^(bits - 1) … 2^bits - 1, less one.
        // (An odd value has the digits of the even one below it; 0 counts as 1.)
        let odd = value | 1
        let guess = ((64 - odd.leadingZeroBitCount) &* 1233) >> 12
        return guess &+ (odd >= powersOfTen.withUnsafeBufferPointer { $0[guess] } ? 1 : 0)
    }

    /// 10^0 … 10^19, and a last entry no value reaches.
    private static let powersOfTen: [UInt64] = [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000, 10_000_000_000,
        100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000, 1_000_000_000_000_000,
        10_000_000_000_000_000, 100_000_000_000_000_000, 1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
        .max,
    ]

    /// Writes the `count` decimal digits of `value`, most significant first, two at a time.
    @inline(__always)
    private static func writeDigits(_ value: UInt64, count: Int, to out: UnsafeMutablePointer<UInt8>) {
        var rest = value
        var end = count
        while end >= 2 {
            let (quotient, pair) = rest.quotientAndRemainder(dividingBy: 100)
            writeTwoDigits(Int(pair), to: out + end - 2)
            rest = quotient
            end -= 2
        }
        if end == 1 { out[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest) }
    }

    /// "00" to "99" one after another: two digits by one load each.
    private static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// Writes `value` (0–99) as two digits.
    @inline(__always)
    private static func writeTwoDigits(_ value: Int, to out: UnsafeMutablePointer<UInt8>) {
        let pair = digitPairs.utf8Start + 2 * value
        out[0] = pair[0]
        out[1] = pair[1]
    }

    // MARK: - Exact decimals

    /// The decimal of `value` (positive, finite) when its exact value is its shortest decimal,
    /// else `nil`. A value m / 2^k (m odd, k ≥ 1) is m × 5^k × 10^-k exactly: k decimals, the
    /// last a 5. Any decimal with fewer digits is then at least 5 × 10^-k away, so when that is
    /// more than half the value's unit in the last place, 2^-(shift + 1) (value = c × 2^-shift,
    /// c its 53-bit significand), no shorter decimal rounds to the value and the exact one —
    /// the closest of its length — is the one Schubfach finds, at the cost of one
    /// multiplication. The bound, 2^shift > 10^(k-1), is tight: below it a shorter decimal
    /// always exists. The widths and heights of text are such values: font units times a point
    /// size over units per em of 1024 or 2048.
    @inline(__always)
    static func exactDecimal(_ value: Double) -> (significand: UInt64, exponent: Int)? {
        let bits = value.bitPattern
        let biasedExponent = Int(bits >> 52)
        guard biasedExponent != 0 else { return nil }
        // value = c × 2^-shift = m × 2^-k.
        let c = minNormalSignificand | (bits & (minNormalSignificand - 1))
        let shift = -minBinaryExponent + 1 - biasedExponent
        let k = shift - c.trailingZeroBitCount
        // 5 × 10^-k > 2^-(shift + 1), half a unit in the last place: 2^shift > 10^(k-1).
        guard k >= 1, k < 28, shift > floorLog2Pow10(k - 1) else { return nil }
        let m = c >> UInt64(c.trailingZeroBitCount)
        let (digits, overflow) = m.multipliedReportingOverflow(by: powersOfFive.withUnsafeBufferPointer { $0[k] })
        return overflow ? nil : (digits, -k)
    }

    /// 5^0 … 5^27, every one below 2^64 (a literal, so the optimizer lays it out statically).
    private static let powersOfFive: [UInt64] = [
        1, 5, 25, 125, 625, 3_125, 15_625, 78_125, 390_625, 1_953_125, 9_765_625, 48_828_125, 244_140_625,
        1_220_703_125, 6_103_515_625, 30_517_578_125, 152_587_890_625, 762_939_453_125, 3_814_697_265_625,
        19_073_486_328_125, 95_367_431_640_625, 476_837_158_203_125, 2_384_185_791_015_625, 11_920_928_955_078_125,
        59_604_644_775_390_625, 298_023_223_876_953_125, 1_490_116_119_384_765_625, 7_450_580_596_923_828_125,
    ]

    // MARK: - Schubfach

    /// The significand of a double with its implicit bit (2^52).
    private static let minNormalSignificand: UInt64 = 1 << 52
    /// The binary exponent of the smallest subnormal: its value is 1 × 2^-1074.
    private static let minBinaryExponent = -1074
    /// Subnormal significands below this are scaled by ten first, so the table's precision
    /// still separates their neighbours.
    private static let tinySignificand: UInt64 = 3
    private static let mask63: UInt64 = (1 << 63) - 1

    /// The shortest decimal `significand × 10^exponent` that rounds to `value` (positive,
    /// finite), the closest to it among those, trailing zeros not yet removed.
    static func decimal(_ value: Double) -> (significand: UInt64, exponent: Int) {
        let bits = value.bitPattern
        let fraction = bits & (minNormalSignificand - 1)
        let biasedExponent = Int(bits >> 52)
        if biasedExponent != 0 {
            // value = c × 2^-shift.
            let shift = -minBinaryExponent + 1 - biasedExponent
            let c = minNormalSignificand | fraction
            if shift > 0 && shift < 53 {
                // An integer: its own digits are the shortest.
                let integer = c >> UInt64(shift)
                if integer << UInt64(shift) == c { return (integer, 0) }
            }
            return decimal(binaryExponent: -shift, significand: c, exponentAdjustment: 0)
        }
        return fraction < tinySignificand
            ? decimal(binaryExponent: minBinaryExponent, significand: 10 * fraction, exponentAdjustment: -1)
            : decimal(binaryExponent: minBinaryExponent, significand: fraction, exponentAdjustment: 0)
    }

    /// Schubfach's core for `c × 2^q`: the rounding interval's ends and the value scaled by
    /// 10^-k (times 4, rounded to odd), then the candidates.
    private static func decimal(binaryExponent q: Int, significand c: UInt64, exponentAdjustment: Int)
        -> (significand: UInt64, exponent: Int) {
        let odd = c & 1
        let scaled = c << 2
        let upper = scaled + 2
        let lower: UInt64
        let k: Int
        if c != minNormalSignificand || q == minBinaryExponent {
            lower = scaled - 2
            k = floorLog10Pow2(q)
        } else {
            // At a power of two the interval below is half as wide.
            lower = scaled - 1
            k = floorLog10ThreeQuartersPow2(q)
        }
        let h = UInt64(q + floorLog2Pow10(-k) + 2)
        let index = 2 * (k - PowersOfTenTable.minExponent)
        let (g1, g0) = PowersOfTenTable.words.withUnsafeBufferPointer { ($0[index], $0[index + 1]) }
        let vb = roundToOdd(g1, g0, scaled << h)
        let vbl = roundToOdd(g1, g0, lower << h)
        let vbr = roundToOdd(g1, g0, upper << h)

        let s = vb >> 2
        if s >= 10 {
            // A decimal one digit shorter: s rounded down to a multiple of ten, or the next.
            // (Schubfach as published asks this only from three digits on, and so prints the
            // tiniest subnormals with two digits, 4.9e-324; Swift prints 5e-324.)
            let sp10 = 10 * s.multipliedFullWidth(by: 115_292_150_460_684_698 << 4).high
            let tp10 = sp10 + 10
            let lowerInside = vbl + odd <= sp10 << 2
            let upperInside = (tp10 << 2) + odd <= vbr
            if lowerInside != upperInside { return (lowerInside ? sp10 : tp10, k + exponentAdjustment) }
        }
        let t = s + 1
        let lowerInside = vbl + odd <= s << 2
        let upperInside = (t << 2) + odd <= vbr
        if lowerInside != upperInside { return (lowerInside ? s : t, k + exponentAdjustment) }
        // Both inside: the closer one, the even one on a tie.
        let middle = (s + t) << 1
        return (vb < middle || (vb == middle && s & 1 == 0) ? s : t, k + exponentAdjustment)
    }

    /// The high bits of `g × cp` (g = g1 × 2^63 + g0), with a sticky bit for the rest: the
    /// scaled value rounded to odd.
    @inline(__always)
    private static func roundToOdd(_ g1: UInt64, _ g0: UInt64, _ cp: UInt64) -> UInt64 {
        let x1 = g0.multipliedFullWidth(by: cp).high
        let y0 = g1 &* cp
        let y1 = g1.multipliedFullWidth(by: cp).high
        let z = (y0 >> 1) &+ x1
        let vbp = y1 &+ (z >> 63)
        return vbp | (((z & mask63) &+ mask63) >> 63)
    }

    /// floor(e × log10 2), exact for |e| ≤ 5,456,721.
    @inline(__always)
    private static func floorLog10Pow2(_ e: Int) -> Int { (e &* 661_971_961_083) >> 41 }

    /// floor(e × log10 2 + log10 3/4), exact for |e| ≤ 5,456,721.
    @inline(__always)
    private static func floorLog10ThreeQuartersPow2(_ e: Int) -> Int { (e &* 661_971_961_083 &- 274_743_187_321) >> 41 }

    /// floor(e × log2 10), exact for |e| ≤ 5,456,721 (the table's generator computes it alike).
    @inline(__always)
    private static func floorLog2Pow10(_ e: Int) -> Int { (e &* 913_124_641_741) >> 38 }
}
