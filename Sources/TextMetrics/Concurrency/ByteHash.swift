/// The digest of a run of bytes under a random key drawn once per process: what the caches
/// find a text by (the text cache's and the prepared-text cache's keys).
///
/// A folded multiply (the 128-bit product of two 64-bit words, its halves xored) per 16 bytes,
/// each word xored with the secret key first: about four instructions per eight bytes, where
/// SipHash-1-3 (``sipHash13(_:key:)``, `Hasher`'s function, which this digest was before) takes
/// about fifteen — for the twelve texts of a FeedItem row, about 1,500 instructions of 22,000.
/// A cache's digest need not resist keys crafted to collide: a key is always compared byte for
/// byte, so equal digests of different texts cost a miss, never a wrong answer, and a
/// dictionary of digests hashes them again with its own seed. Like `hashValue`, a digest is
/// only meaningful inside the process that made it.
///
/// Public only as SPI (`@_spi(Caching)`), for the caches of the package's other modules.
@_spi(Caching)
public enum ByteHash {
    private static let key: (UInt64, UInt64) = {
        var generator = SystemRandomNumberGenerator()
        return (generator.next(), generator.next())
    }()

    /// The 64-bit digest of `bytes` under this process's key with `tweak` (e.g. a font
    /// index) folded into it.
    public static func digest(_ bytes: UnsafeRawBufferPointer, tweak: UInt64 = 0) -> UInt64 {
        let count = bytes.count
        // The length first, so that texts that differ only by trailing zero bytes differ.
        var state = folded(UInt64(truncatingIfNeeded: count) ^ key.0, tweak ^ key.1 ^ 0x9E37_79B9_7F4A_7C15)
        var offset = 0
        while offset + 16 <= count {
            let a = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            let b = bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)
            state = folded(a ^ key.0 ^ state, b ^ key.1)
            offset += 16
        }
        // The last 0–15 bytes, zero-padded into two words.
        var tail: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &tail) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset...])) }
        state = folded(tail.0 ^ key.0 ^ state, tail.1 ^ key.1)
        // Every input bit reaches every output bit: one more multiply by an odd constant.
        return folded(state, 0xD6E8_FEB8_6659_FD93)
    }

    /// The 128-bit product of `a` and `b`, its two halves xored.
    @inline(__always)
    private static func folded(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return product.high ^ product.low
    }

    /// Folds one word into `digest`: a multiply and a shift, for keys whose parts are already
    /// well-mixed words or few enough bits (a face's identity, a size, a table's seed) — a
    /// cache's digest, where a collision costs a miss, not a wrong answer.
    @inlinable @inline(__always)
    public static func mix(_ word: UInt64, into digest: inout UInt64) {
        digest = (digest ^ word) &* 0x9E37_79B9_7F4A_7C15
        digest ^= digest >> 29
    }

    /// SipHash-1-3 of `bytes` under `key`: the fonts' layout checksums, which a later process
    /// compares (exposed so tests can check it with a known key).
    static func sipHash13(_ bytes: UnsafeRawBufferPointer, key: (UInt64, UInt64)) -> UInt64 {
        var state = State(key: key)
        let count = bytes.count
        var offset = 0
        while offset + 8 <= count {
            state.compress(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        // The last 0–7 bytes, with the length in the top byte (as SipHash pads).
        var last = UInt64(truncatingIfNeeded: count) << 56
        var shift: UInt64 = 0
        while offset < count {
            last |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        state.compress(last)
        return state.finalize()
    }

    /// SipHash's four lanes of state.
    private struct State {
        var v0: UInt64, v1: UInt64, v2: UInt64, v3: UInt64

        init(key: (UInt64, UInt64)) {
            v0 = key.0 ^ 0x736f_6d65_7073_6575
            v1 = key.1 ^ 0x646f_7261_6e64_6f6d
            v2 = key.0 ^ 0x6c79_6765_6e65_7261
            v3 = key.1 ^ 0x7465_6462_7974_6573
        }

        @inline(__always)
        mutating func round() {
            v0 = v0 &+ v1; v1 = v1.rotatedLeft(13); v1 ^= v0; v0 = v0.rotatedLeft(32)
            v2 = v2 &+ v3; v3 = v3.rotatedLeft(16); v3 ^= v2
            v0 = v0 &+ v3; v3 = v3.rotatedLeft(21); v3 ^= v0
            v2 = v2 &+ v1; v1 = v1.rotatedLeft(17); v1 ^= v2; v2 = v2.rotatedLeft(32)
        }

        /// One message word, one compression round (the "1" of SipHash-1-3).
        @inline(__always)
        mutating func compress(_ m: UInt64) {
            v3 ^= m
            round()
            v0 ^= m
        }

        /// Three finalization rounds (the "3").
        @inline(__always)
        mutating func finalize() -> UInt64 {
            v2 ^= 0xff
            round(); round(); round()
            return v0 ^ v1 ^ v2 ^ v3
        }
    }
}

private extension UInt64 {
    @inline(__always)
    func rotatedLeft(_ n: UInt64) -> UInt64 { (self << n) | (self >> (64 &- n)) }
}
