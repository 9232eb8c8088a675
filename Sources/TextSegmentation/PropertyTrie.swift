/// A read-only two-stage lookup table mapping every Unicode scalar value to a byte.
///
/// The generated tables (see `scripts/generate-unicode-tables.py`) store both
/// stages as hexadecimal text; a trie decodes them once into memory that lives
/// for the rest of the process, and lookups are then two unchecked loads.
struct PropertyTrie: @unchecked Sendable {
    /// Block index for each block of `1 << shift` code points.
    let stage1: UnsafePointer<UInt16>
    /// Property values, one block after another.
    let stage2: UnsafePointer<UInt8>
    /// log2 of the block size.
    let shift: UInt32
    /// `(1 << shift) - 1`.
    let mask: UInt32

    /// Decodes a trie from the generated hexadecimal stages.
    ///
    /// - Complexity: O(n) in the size of the tables; done once per table.
    init(shift: Int, stage1Count: Int, stage2Count: Int, stage1: StaticString, stage2: StaticString) {
        precondition(stage1Count << shift == 0x110000, "stage 1 must cover U+0000..U+10FFFF")
        let one = UnsafeMutablePointer<UInt16>.allocate(capacity: stage1Count)
        let two = UnsafeMutablePointer<UInt8>.allocate(capacity: stage2Count)
        let filled1 = PropertyTrie.decodeHex(stage1, digits: 4, count: stage1Count) { one[$0] = UInt16(truncatingIfNeeded: $1) }
        let filled2 = PropertyTrie.decodeHex(stage2, digits: 2, count: stage2Count) { two[$0] = UInt8(truncatingIfNeeded: $1) }
        precondition(filled1 == stage1Count && filled2 == stage2Count, "corrupt generated table")
        for index in 0..<stage1Count {
            precondition((Int(one[index]) + 1) << shift <= stage2Count, "corrupt generated table")
        }
        self.stage1 = UnsafePointer(one)
        self.stage2 = UnsafePointer(two)
        self.shift = UInt32(shift)
        self.mask = UInt32((1 << shift) - 1)
    }

    /// The same trie with every value passed through `transform`: stage 1 shared, stage 2
    /// copied (for tailorings that resolve classes differently). Like every trie, the copy
    /// lives for the rest of the process: make it once, in a `static let`.
    ///
    /// - Complexity: O(n) in the size of stage 2; done once per variant.
    func mapped(_ transform: (UInt8) -> UInt8) -> PropertyTrie {
        let count = stage2Count
        let two = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
        for index in 0..<count { two[index] = transform(stage2[index]) }
        return PropertyTrie(stage1: stage1, stage2: UnsafePointer(two), shift: shift, mask: mask)
    }

    private init(stage1: UnsafePointer<UInt16>, stage2: UnsafePointer<UInt8>, shift: UInt32, mask: UInt32) {
        self.stage1 = stage1
        self.stage2 = stage2
        self.shift = shift
        self.mask = mask
    }

    /// The number of values in stage 2 that stage 1 reaches.
    private var stage2Count: Int {
        var maxBlock = 0
        for index in 0..<(0x110000 >> Int(shift)) { maxBlock = max(maxBlock, Int(stage1[index])) }
        return (maxBlock + 1) << Int(shift)
    }

    /// Whether every stored value satisfies `predicate` (used to validate generated data once).
    func allValues(_ predicate: (UInt8) -> Bool) -> Bool {
        for index in 0..<stage2Count where !predicate(stage2[index]) { return false }
        return true
    }

    /// The value for a scalar value (which must be at most 0x10FFFF).
    @inline(__always)
    func value(_ scalar: UInt32) -> UInt8 {
        let block = UInt32(stage1[Int(scalar &>> shift)])
        return stage2[Int((block &<< shift) | (scalar & mask))]
    }

    /// The value for a scalar in U+0000..U+007F (block 0 holds them in order).
    @inline(__always)
    func asciiValue(_ byte: UInt8) -> UInt8 {
        stage2[Int(byte)]
    }

    /// Parses fixed-width hexadecimal numbers, ignoring any other characters (line breaks).
    private static func decodeHex(_ text: StaticString, digits: Int, count: Int, _ store: (Int, UInt32) -> Void) -> Int {
        text.withUTF8Buffer { bytes in
            var produced = 0
            var accumulator: UInt32 = 0
            var pending = 0
            for byte in bytes {
                let nibble: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = UInt32(byte &- UInt8(ascii: "0"))
                case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = UInt32(byte &- UInt8(ascii: "A") &+ 10)
                default: continue
                }
                accumulator = accumulator << 4 | nibble
                pending += 1
                if pending == digits {
                    guard produced < count else { return -1 }
                    store(produced, accumulator)
                    produced += 1
                    accumulator = 0
                    pending = 0
                }
            }
            return pending == 0 ? produced : -1
        }
    }
}
