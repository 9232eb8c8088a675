/// The CJK Unified Ideographs block, U+4E00–U+9FFF — most characters of Chinese and
/// Japanese text. Every code point of it is assigned (since Unicode 14) with the same
/// properties: line-break class ID, grapheme-break class Other (not Extended_Pictographic),
/// script Han, bidi class L. Lanes over runs of ideographs use that to skip the property
/// tables; the tests check each property for all 20,992 code points against the tables.
public enum CJKIdeographs {
    /// Whether `value` is in U+4E00–U+9FFF.
    @inline(__always)
    public static func contains(_ value: UInt32) -> Bool { value &- 0x4E00 < 0x5200 }

    /// The ideograph of U+4E00–U+9FFF whose well-formed UTF-8 (three bytes) starts at
    /// `index`, or `nil` for anything else, including malformed bytes.
    @inline(__always)
    public static func decode(_ base: UnsafePointer<UInt8>, at index: Int, end: Int) -> UInt32? {
        guard index &+ 3 <= end else { return nil }
        let b0 = base[index], b1 = base[index &+ 1], b2 = base[index &+ 2]
        guard b0 &- 0xE4 < 6, b1 & 0xC0 == 0x80, b2 & 0xC0 == 0x80 else { return nil }
        let value = UInt32(b0 & 0x0F) << 12 | UInt32(b1 & 0x3F) << 6 | UInt32(b2 & 0x3F)
        return contains(value) ? value : nil
    }
}
