/// Checks bytes to be well-formed UTF-8 (Unicode's Table 3-7): no overlong forms, no
/// surrogates, nothing past U+10FFFF, no truncated sequence. Eight ASCII bytes at a time.
enum UTF8Validation {
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var i = 0
        while i < count {
            if i + 8 <= count,
               UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8
                continue
            }
            let lead = base[i]
            if lead < 0x80 {
                i += 1
                continue
            }
            // The range of the second byte, and the sequence's length, by the lead byte.
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return false
            }
            guard i + length <= count, (low...high).contains(base[i + 1]) else { return false }
            for k in 2..<length where base[i + k] & 0xC0 != 0x80 { return false }
            i += length
        }
        return true
    }
}
