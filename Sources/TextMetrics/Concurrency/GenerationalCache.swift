/// A bounded key–value cache that many threads may use at once: the one cache mechanism
/// behind the segment widths, the prepared texts of cells, and cell heights.
///
/// Keys are spread over shards, each behind its own ``Lock``. Each shard keeps two
/// generations: new entries go to the young one; when it is full, the old generation is
/// dropped and the young one becomes old. A hit in the old generation moves back to the
/// young one. This is an approximate LRU with O(1) work per call and a hard cap of about
/// `capacity` entries (two generations of `capacity / (2 × shards)` per shard).
package final class GenerationalCache<Key: CacheKey, Value: Sendable>: Sendable {
    /// The shards, each a lock over its two generations.
    @usableFromInline let shards: [Lock<Generations>]
    @usableFromInline let perGeneration: Int

    /// A cache of about `capacity` entries over `shardCount` shards.
    package init(capacity: Int, shards shardCount: Int = 16) {
        perGeneration = max(1, capacity / (2 * shardCount))
        shards = (0..<shardCount).map { _ in Lock(Generations()) }
    }

    /// The value for `key`, if cached (a hit in the old generation is promoted, under the key
    /// that was stored: `key` may be a probe that borrows what it is made of). Inlinable, as
    /// are ``store(_:for:)`` and what they call, so that a cache of another module's keys is
    /// specialized there instead of looking its generic types up on every call.
    @inlinable
    package func value(for key: Key) -> Value? {
        shards[shardIndex(key)].withLock { state in
            if let hit = state.young[key] { return hit }
            guard let index = state.old.index(forKey: key) else { return nil }
            let (stored, hit) = state.old.remove(at: index)
            insert(hit, for: stored, into: &state)
            return hit
        }
    }

    /// Stores `value` for `key`, replacing any earlier value.
    @inlinable
    package func store(_ value: Value, for key: Key) {
        shards[shardIndex(key)].withLock { insert(value, for: key, into: &$0) }
    }

    /// Drops the entry for `key`.
    package func removeValue(for key: Key) {
        shards[shardIndex(key)].withLock { state in
            state.young[key] = nil
            state.old[key] = nil
        }
    }

    /// Drops every entry whose key satisfies `predicate`.
    /// - Complexity: O(entries).
    package func removeAll(where predicate: (Key) -> Bool) {
        for shard in shards {
            shard.withLock { state in
                state.young = state.young.filter { !predicate($0.key) }
                state.old = state.old.filter { !predicate($0.key) }
            }
        }
    }

    /// Drops every entry.
    package func removeAll() {
        for shard in shards { shard.withLock { $0 = Generations() } }
    }

    /// The number of entries held now.
    package var count: Int {
        shards.reduce(0) { sum, shard in sum + shard.withLock { $0.young.count + $0.old.count } }
    }

    @inlinable @inline(__always)
    func shardIndex(_ key: Key) -> Int {
        Int(key.shardHash % UInt64(shards.count))
    }

    @inlinable
    func insert(_ value: Value, for key: Key, into state: inout Generations) {
        if state.young[key] == nil, state.young.count >= perGeneration {
            state.old = state.young
            state.young = Dictionary(minimumCapacity: perGeneration)
        }
        state.old[key] = nil
        state.young[key] = value
    }

    /// A shard's two generations.
    @usableFromInline
    struct Generations {
        @usableFromInline var young: [Key: Value] = [:]
        @usableFromInline var old: [Key: Value] = [:]

        @inlinable init() {}
    }
}

/// A key of a ``GenerationalCache``: hashable, and able to pick its shard.
package protocol CacheKey: Hashable, Sendable {
    /// Well-mixed bits that choose the key's shard. Keys that already carry a hash of their
    /// content return it, sparing a second pass of `Hasher`; the default is `hashValue`.
    var shardHash: UInt64 { get }
}

extension CacheKey {
    /// The key's `hashValue`, for keys that carry no digest of their own.
    package var shardHash: UInt64 { UInt64(UInt(bitPattern: hashValue)) }

    /// A dictionary's hash for a key that carries a well-mixed 64-bit `digest` of itself:
    /// the table's `seed` folded in with one multiply, instead of a `Hasher` round (which
    /// would hide no collision of the digest: equal digests hash equal either way).
    @inline(__always)
    package static func tableHash(digest: UInt64, seed: Int) -> Int {
        let h = (digest ^ UInt64(UInt(bitPattern: seed))) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }
}
