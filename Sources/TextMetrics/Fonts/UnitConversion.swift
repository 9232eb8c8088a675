/// How one font's units become a text's units: by a whole factor when there is one, else
/// rounded to the nearest unit.
struct UnitConversion {
    /// Text units per font unit when that is a whole number (so a sum of advances converts to
    /// the sum of their conversions); 0 when the conversion rounds.
    let scale: Int64
    /// The text's units per em.
    let textUnitsPerEm: Int64
    /// The font's units per em.
    let fontUnitsPerEm: Int64

    /// Whether every width converts exactly.
    var isExact: Bool { scale != 0 }

    /// `units` of the font in the text's units.
    @inline(__always)
    func callAsFunction(_ units: Int64) -> Int64 {
        if scale != 0 { return units * scale }
        // units × textUnitsPerEm / fontUnitsPerEm, rounded half away from zero, in 128 bits.
        let negative = (units < 0) != (textUnitsPerEm < 0)
        let product = units.magnitude.multipliedFullWidth(by: textUnitsPerEm.magnitude)
        let half = UInt64(fontUnitsPerEm / 2)
        let (low, carry) = product.low.addingReportingOverflow(half)
        let high = product.high + (carry ? 1 : 0)
        let divisor = UInt64(fontUnitsPerEm)
        let magnitude = high >= divisor ? Int64.max : Int64(clamping: divisor.dividingFullWidth((high, low)).quotient)
        return negative ? -magnitude : magnitude
    }
}
