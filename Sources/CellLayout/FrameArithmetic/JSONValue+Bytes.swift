#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import JSON
@_spi(Caching) import TextMetrics

/// A row's text object as a cache key: by its bytes. `JSONValue`'s own `==` and hash compare
/// strings by canonical equivalence (normalizing them, which costs most of a warm styled row),
/// while texts spelled with other bytes may measure differently — the rule the text cache
/// keeps for plain texts (``TextCache/Key``) holds for the texts inside objects too.
extension JSONValue {
    /// Folds the value into `digest`: strings by their UTF-8 bytes, numbers by their bit
    /// patterns, arrays and objects in order with their lengths. Equal under
    /// ``isBytewiseEqual(to:)`` ⇒ equal digests.
    func foldBytes(into digest: inout UInt64) {
        switch self {
        case .null: ByteHash.mix(1, into: &digest)
        case .bool(let value): ByteHash.mix(value ? 3 : 2, into: &digest)
        case .number(let value): ByteHash.mix(4, into: &digest); ByteHash.mix(value.bitPattern, into: &digest)
        case .string(let value): ByteHash.mix(5, into: &digest); JSONValue.fold(value, into: &digest)
        case .array(let values):
            ByteHash.mix(6 | UInt64(values.count) << 8, into: &digest)
            for value in values { value.foldBytes(into: &digest) }
        case .object(let members):
            ByteHash.mix(7 | UInt64(members.count) << 8, into: &digest)
            for (key, value) in members {
                JSONValue.fold(key, into: &digest)
                value.foldBytes(into: &digest)
            }
        }
    }

    /// Folds a string's UTF-8 bytes into `digest`: up to 16 bytes (keys, style names, short
    /// texts) as two words, longer ones by ``ByteHash``.
    @inline(__always)
    static func fold(_ string: String, into digest: inout UInt64) {
        PreparedText.withUTF8(string) { utf8 in
            let raw = UnsafeRawBufferPointer(utf8)
            guard raw.count <= 16 else {
                digest = ByteHash.digest(raw, tweak: digest)
                return
            }
            var words: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: raw) }
            ByteHash.mix(UInt64(raw.count) | 0x100, into: &digest)
            ByteHash.mix(words.0, into: &digest)
            ByteHash.mix(words.1, into: &digest)
        }
    }

    /// Whether two values are the same bytes: strings (and keys) with the same UTF-8 bytes,
    /// numbers with the same bit pattern, arrays and objects member by member in order.
    func isBytewiseEqual(to other: JSONValue) -> Bool {
        switch (self, other) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a.bitPattern == b.bitPattern
        case let (.string(a), .string(b)): return JSONValue.sameBytes(a, b)
        case let (.array(a), .array(b)):
            guard a.count == b.count else { return false }
            for index in a.indices where !a[index].isBytewiseEqual(to: b[index]) { return false }
            return true
        case let (.object(a), .object(b)):
            return JSONValue.sameMembers(a, b)
        default: return false
        }
    }

    /// The digest of an object's members (``foldBytes(into:)`` from 0): what the text cache
    /// finds a text object by.
    static func objectDigest(_ members: [(String, JSONValue)]) -> UInt64 {
        var digest: UInt64 = 0
        JSONValue.object(members).foldBytes(into: &digest)
        return digest
    }

    /// Whether two objects' members are the same bytes, in order — at once when they are the
    /// same array (a row sized again).
    static func sameMembers(_ a: [(String, JSONValue)], _ b: [(String, JSONValue)]) -> Bool {
        guard a.count == b.count else { return false }
        if a.withUnsafeBufferPointer({ $0.baseAddress }) == b.withUnsafeBufferPointer({ $0.baseAddress }) { return true }
        for index in a.indices where !sameBytes(a[index].0, b[index].0) || !a[index].1.isBytewiseEqual(to: b[index].1) {
            return false
        }
        return true
    }

    /// Whether two strings have the same UTF-8 bytes: at once when they are the same two
    /// words (a small string's bytes are held in them, a large one's storage is shared), else
    /// one `memcmp` where both are contiguous.
    @inline(__always)
    static func sameBytes(_ a: String, _ b: String) -> Bool {
        if unsafeBitCast(a, to: (UInt64, UInt64).self) == unsafeBitCast(b, to: (UInt64, UInt64).self) { return true }
        let same = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in
                x.count == y.count && (x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0)
            }
        }
        if let same, let same { return same }
        return a.utf8.elementsEqual(b.utf8)  // a bridged or foreign string: no contiguous bytes
    }
}
