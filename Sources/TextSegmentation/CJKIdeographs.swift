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
        // Lead bytes 0xE4–0xE9 start U+4000–U+9FFF; anything else is no ideograph of the block.
        guard index < end, base[index] &- 0xE4 < 6 else { return nil }
        let (value, length) = UTF8Decoding.decodeMultibyte(base, at: index, end: end, lead: base[index])
        return length == 3 && contains(value) ? value : nil
    }
}
