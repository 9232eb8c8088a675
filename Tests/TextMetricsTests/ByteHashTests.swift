import Testing
@_spi(Caching) @testable import TextMetrics

/// `ByteHash.sipHash13` is SipHash-1-3: checked against CPython 3.11, whose `hash()` of a
/// `bytes` object is SipHash-1-3 with an all-zero key when `PYTHONHASHSEED=0`. The expected
/// values were printed by
/// `PYTHONHASHSEED=0 python3 -c 'print(hex(hash(b"…") & 0xffffffffffffffff))'`.
/// `ByteHash.digest` (a folded multiply under a random key) is checked against what an ideal
/// 64-bit hash does: no collisions among 300,000 structured inputs (an ideal hash collides
/// there with probability 2.4 × 10⁻⁹), buckets as even as chance makes them, and every input
/// bit flipping half the output bits.
@Suite struct ByteHashTests {
    static let zeroKeyVectors: [(String, UInt64)] = [
        ("a", 0x407448d2b89b1813),
        ("ab", 0x555508cbc6add439),
        ("abcdefg", 0x6db12aae9070f506),  // 7 bytes: all in the last word
        ("abcdefgh", 0x3f7b849c0b8e35ea),  // 8: one full word, an empty tail
        ("abcdefghi", 0xf89b34a3d11eb6e5),
        ("The quick brown fox jumps over the lazy dog", 0x8df676d3d00c451e),
        ("你好，世界", 0x5197d569539fa176),
        ("👩‍👩‍👧‍👦 family", 0x95d7185d42a52c8f),
    ]

    @Test(arguments: zeroKeyVectors)
    func agreesWithCPythonsSipHash13(_ text: String, _ expected: UInt64) {
        var text = text
        let digest = text.withUTF8 { ByteHash.sipHash13(UnsafeRawBufferPointer($0), key: (0, 0)) }
        #expect(digest == expected)
    }

    @Test func agreesWithCPythonOnBytesOneToSixtyThree() {
        let bytes = [UInt8](1...63)
        let digest = bytes.withUnsafeBytes { ByteHash.sipHash13($0, key: (0, 0)) }
        #expect(digest == 0x6bafe9f92616651b)
    }

    @Test func keyAndTweakChangeTheDigest() {
        var text = "Reply"
        text.withUTF8 { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            let zero = ByteHash.sipHash13(bytes, key: (0, 0))
            #expect(ByteHash.sipHash13(bytes, key: (1, 0)) != zero)
            #expect(ByteHash.sipHash13(bytes, key: (0, 1)) != zero)
            #expect(ByteHash.digest(bytes) == ByteHash.digest(bytes))
            #expect(ByteHash.digest(bytes, tweak: 1) != ByteHash.digest(bytes, tweak: 2))
        }
    }

    /// Digests of `inputs`, each made a byte array first.
    private static func digests(_ inputs: [[UInt8]], tweak: UInt64 = 0) -> [UInt64] {
        inputs.map { bytes in bytes.withUnsafeBytes { ByteHash.digest($0, tweak: tweak) } }
    }

    @Test func digestsOfStructuredInputsDoNotCollide() {
        var inputs: [[UInt8]] = [[]]
        for a in 0...255 { inputs.append([UInt8(a)]) }
        for a in 0...255 { for b in 0...255 { inputs.append([UInt8(a), UInt8(b)]) } }
        for i in 0..<200_000 { inputs.append(Array("row \(i)".utf8)) }
        // Inputs that differ only by trailing zero bytes, and one bit set in 64 zero bytes.
        for n in 3...64 { inputs.append([UInt8](repeating: 0, count: n)) }  // 1 and 2 zeros are above
        for bit in 0..<512 {
            var bytes = [UInt8](repeating: 0, count: 64)
            bytes[bit / 8] = 1 << UInt8(bit % 8)
            inputs.append(bytes)
        }
        // Longer texts that differ in one character at every position of a 16-byte block.
        let base = Array("The quick brown fox jumps over the lazy dog, twice over.".utf8)
        for position in base.indices {
            for replacement: UInt8 in [0x21, 0x7E] where base[position] != replacement {
                var bytes = base
                bytes[position] = replacement
                inputs.append(bytes)
            }
        }
        #expect(Set(inputs).count == inputs.count)
        #expect(Set(ByteHashTests.digests(inputs)).count == inputs.count)
        // The same inputs under another tweak (a font) collide neither among themselves nor with these.
        #expect(Set(ByteHashTests.digests(inputs) + ByteHashTests.digests(inputs, tweak: 3)).count == 2 * inputs.count)
    }

    @Test(arguments: [0, 22, 54])
    func digestBucketsAreEven(shift: Int) {
        // 102,400 similar texts into 1,024 buckets by 10 bits of their digests (low, middle,
        // and the top bits the caches' shards are chosen by): chi-square with 1,023 degrees of
        // freedom has mean 1,023 and standard deviation 45; 1,350 is over seven deviations.
        var buckets = [Int](repeating: 0, count: 1_024)
        let inputs = (0..<102_400).map { Array("posterName \($0)".utf8) }
        for digest in ByteHashTests.digests(inputs) { buckets[Int((digest >> UInt64(shift)) & 1_023)] += 1 }
        let chiSquare = buckets.reduce(0.0) { $0 + Double(($1 - 100) * ($1 - 100)) / 100 }
        #expect(chiSquare < 1_350, "chi-square \(chiSquare)")
    }

    @Test func everyInputBitFlipsHalfTheDigest() {
        // 500 pseudo-random 40-byte inputs, each bit flipped in turn: an ideal hash flips each
        // output bit with probability 1/2, 32 bits a flip on average.
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        var flips = 0, trials = 0
        var perOutputBit = [Int](repeating: 0, count: 64)
        for _ in 0..<500 {
            var bytes = (0..<40).map { _ -> UInt8 in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(truncatingIfNeeded: state >> 56)
            }
            let original = bytes.withUnsafeBytes { ByteHash.digest($0) }
            for bit in 0..<320 {
                bytes[bit / 8] ^= 1 << UInt8(bit % 8)
                let changed = original ^ bytes.withUnsafeBytes { ByteHash.digest($0) }
                bytes[bit / 8] ^= 1 << UInt8(bit % 8)
                flips += changed.nonzeroBitCount
                trials += 1
                for output in 0..<64 where changed >> UInt64(output) & 1 == 1 { perOutputBit[output] += 1 }
            }
        }
        let mean = Double(flips) / Double(trials)
        #expect(mean > 31.8 && mean < 32.2, "\(mean) output bits flip on average")
        for (output, count) in perOutputBit.enumerated() {
            let rate = Double(count) / Double(trials)
            #expect(rate > 0.48 && rate < 0.52, "output bit \(output) flips \(rate) of the time")
        }
    }
}
