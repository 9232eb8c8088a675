/// Decoding of one Unicode scalar from possibly malformed UTF-8.
enum UTF8Decoding {
    /// The replacement character, reported for every byte that is not part of well-formed UTF-8.
    static let replacement: UInt32 = 0xFFFD

    /// Decodes the scalar starting at `index`, which must be less than `end`.
    ///
    /// Returns the scalar value and the number of bytes it occupies. A byte that
    /// does not begin a well-formed sequence (stray continuation bytes, overlong
    /// forms, surrogates, values above U+10FFFF, truncated sequences) is decoded
    /// as U+FFFD with length 1, so decoding always advances and never fails.
    @inline(__always)
    static func decode(_ bytes: UnsafePointer<UInt8>, at index: Int, end: Int) -> (scalar: UInt32, length: Int) {
        let b0 = bytes[index]
        if b0 < 0x80 { return (UInt32(b0), 1) }
        return decodeMultibyte(bytes, at: index, end: end, lead: b0)
    }

    /// The scalar of the well-formed three-byte sequence at `index`, whose lead byte is
    /// 0xE0–0xEF; `nil` when it is cut short, has a bad continuation byte, is overlong or a
    /// surrogate. The commonest non-ASCII case (CJK, kana, fullwidth punctuation), for callers
    /// that look only at it.
    @inline(__always)
    static func decodeThreeByte(_ bytes: UnsafePointer<UInt8>, at index: Int, end: Int) -> UInt32? {
        guard end &- index >= 3 else { return nil }
        let b0 = bytes[index], b1 = bytes[index &+ 1], b2 = bytes[index &+ 2]
        let low: UInt8 = b0 == 0xE0 ? 0xA0 : 0x80
        let high: UInt8 = b0 == 0xED ? 0x9F : 0xBF
        guard b1 >= low, b1 <= high, b2 & 0xC0 == 0x80 else { return nil }
        return UInt32(b0 & 0x0F) << 12 | UInt32(b1 & 0x3F) << 6 | UInt32(b2 & 0x3F)
    }

    /// The non-ASCII part of ``decode(_:at:end:)``.
    static func decodeMultibyte(_ bytes: UnsafePointer<UInt8>, at index: Int, end: Int, lead b0: UInt8) -> (scalar: UInt32, length: Int) {
        let available = end &- index
        if b0 < 0xC2 { return (replacement, 1) }
        if b0 < 0xE0 {
            guard available >= 2 else { return (replacement, 1) }
            let b1 = bytes[index &+ 1]
            guard b1 & 0xC0 == 0x80 else { return (replacement, 1) }
            return (UInt32(b0 & 0x1F) << 6 | UInt32(b1 & 0x3F), 2)
        }
        if b0 < 0xF0 {
            guard let value = decodeThreeByte(bytes, at: index, end: end) else { return (replacement, 1) }
            return (value, 3)
        }
        if b0 < 0xF5 {
            guard available >= 4 else { return (replacement, 1) }
            let b1 = bytes[index &+ 1], b2 = bytes[index &+ 2], b3 = bytes[index &+ 3]
            let low: UInt8 = b0 == 0xF0 ? 0x90 : 0x80
            let high: UInt8 = b0 == 0xF4 ? 0x8F : 0xBF
            guard b1 >= low, b1 <= high, b2 & 0xC0 == 0x80, b3 & 0xC0 == 0x80 else { return (replacement, 1) }
            return (UInt32(b0 & 0x07) << 18 | UInt32(b1 & 0x3F) << 12 | UInt32(b2 & 0x3F) << 6 | UInt32(b3 & 0x3F), 4)
        }
        return (replacement, 1)
    }
}
