import Testing
@_spi(Caching) @testable import TextMetrics

/// `ByteHash` is SipHash-1-3: checked against CPython 3.11, whose `hash()` of a `bytes`
/// object is SipHash-1-3 with an all-zero key when `PYTHONHASHSEED=0`. The expected values
/// were printed by
/// `PYTHONHASHSEED=0 python3 -c 'print(hex(hash(b"…") & 0xffffffffffffffff))'`.
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
}
