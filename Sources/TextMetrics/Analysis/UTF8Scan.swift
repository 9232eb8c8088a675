/// Small UTF-8 decoding steps over raw bytes that came from a Swift `String` (so valid).
enum UTF8Scan {
    /// Whether `string`'s UTF-8 holds `byte`, read in place eight bytes at a time
    /// (`string.utf8.contains(_:)` steps through the view's indices a byte at a time: ~15
    /// instructions a byte).
    static func contains(_ byte: UInt8, in string: String) -> Bool {
        string.utf8.withContiguousStorageIfAvailable { contains(byte, in: $0) } ?? string.utf8.contains(byte)
    }

    /// Whether `bytes` hold `byte`.
    static func contains(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        // A word holds the byte when `word ^ pattern` has a zero byte (the classic test: a
        // byte b is zero iff (b - 1) & ~b has its high bit).
        let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
        var i = 0
        while i + 8 <= bytes.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) ^ pattern
            if (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0 { return true }
            i += 8
        }
        while i < bytes.count {
            if bytes[i] == byte { return true }
            i += 1
        }
        return false
    }

    /// The scalar that ends at byte `end`, and the offset where it starts.
    static func scalar(endingAt end: Int, in bytes: UnsafeBufferPointer<UInt8>, notBefore floor: Int) -> (Unicode.Scalar, Int)? {
        guard end > floor else { return nil }
        var start = end - 1
        while start > floor, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        guard let (scalar, _) = scalar(startingAt: start, in: bytes) else { return nil }
        return (scalar, start)
    }

    /// The scalar that starts at byte `start`, and its length in bytes.
    static func scalar(startingAt start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (Unicode.Scalar, Int)? {
        guard start < bytes.count else { return nil }
        let b0 = UInt32(bytes[start])
        let length: Int
        var value: UInt32
        switch b0 {
        case 0..<0x80: return (Unicode.Scalar(UInt8(b0)), 1)
        case 0xC0..<0xE0: length = 2; value = b0 & 0x1F
        case 0xE0..<0xF0: length = 3; value = b0 & 0x0F
        case 0xF0..<0xF8: length = 4; value = b0 & 0x07
        default: return nil
        }
        guard start + length <= bytes.count else { return nil }
        for i in 1..<length { value = value << 6 | UInt32(bytes[start + i] & 0x3F) }
        guard let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }

    /// The code point that starts at byte `offset` of well-formed UTF-8 (a `String`'s bytes,
    /// `offset` on a character boundary) and its length, without validation: the step of the
    /// loops that add up advances, which run over every character of a text.
    @inline(__always)
    static func codePoint(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (value: UInt32, length: Int) {
        let lead = bytes[offset]
        switch lead {
        case 0..<0x80:
            return (UInt32(lead), 1)
        case 0xC0..<0xE0:
            return (UInt32(lead & 0x1F) << 6 | UInt32(bytes[offset + 1] & 0x3F), 2)
        case 0xE0..<0xF0:
            return (threeByteCodePoint(at: offset, in: bytes), 3)
        default:
            return (UInt32(lead & 0x07) << 18 | UInt32(bytes[offset + 1] & 0x3F) << 12
                        | UInt32(bytes[offset + 2] & 0x3F) << 6 | UInt32(bytes[offset + 3] & 0x3F), 4)
        }
    }

    /// The code point of the three-byte character at `offset` of well-formed UTF-8 (its lead
    /// byte 0xE0–0xEF), without validation: for loops over runs of such characters (CJK),
    /// which know the length already.
    @inline(__always)
    static func threeByteCodePoint(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        UInt32(bytes[offset] & 0x0F) << 12 | UInt32(bytes[offset + 1] & 0x3F) << 6 | UInt32(bytes[offset + 2] & 0x3F)
    }
}
