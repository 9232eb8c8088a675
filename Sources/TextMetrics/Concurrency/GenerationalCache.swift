/// A bounded key–value cache that many threads may use at once: the one cache mechanism
/// behind the segment widths, the prepared texts, resized and drawn font chains, the texts of
/// cells, and cell heights.
///
/// Keys are spread over shards, each behind its own ``Lock``. Each shard keeps two
/// generations: new entries go to the young one; when it is full, the old generation is
/// dropped and the young one becomes old. A hit in the old generation moves back to the
/// young one. This is an approximate LRU with O(1) work per call and a hard cap of about
/// `capacity` entries (two generations of `capacity / (2 × shards)` per shard).
///
/// Entries are found by their key's ``CacheKey/digest``, a plain 64-bit number, and hold their
/// key: a lookup compares the asked key with an entry's once, when the digests match, instead
/// of copying and comparing whole keys at every slot a hash table probes. Two keys with one
/// digest share a slot (the later stored wins; the other is a miss), so a collision costs
/// a recomputation, never a wrong answer.
///
/// How an entry lies in the table is the cache's `Entry` (a ``CacheEntry``): a ``SharedEntry``,
/// an object, for keys or values with parts that are counted (strings, arrays), which a lookup
/// reads with no reference count; an ``InlineEntry`` for plain keys, which is stored and
/// dropped without an allocation of its own — where new entries come all the time (a feed of
/// new words) the allocations and their frees, when a generation is dropped, cost more than
/// the lookups.
///
/// Public only as SPI (`@_spi(Caching)`), so that the caches of the package's other modules
/// specialize its inlinable lookups for their keys (a `package` declaration's inlinable body
/// is not specialized across modules).
@_spi(Caching)
public final class GenerationalCache<Entry: CacheEntry>: Sendable {
    /// What entries are found by.
    public typealias Key = Entry.Key
    /// What entries keep.
    public typealias Value = Entry.Value

    /// The shards, each a lock over its two generations.
    @usableFromInline let shards: [Lock<Generations>]
    /// The shard count less one: a digest's shard is its high bits masked (a division, which
    /// `%` would compile to, takes tens of cycles on every lookup).
    @usableFromInline let shardMask: UInt64
    @usableFromInline let perGeneration: Int

    /// A cache of about `capacity` entries over `shardCount` shards, a power of two.
    public init(capacity: Int, shards shardCount: Int = 16) {
        precondition(shardCount > 0 && shardCount & (shardCount - 1) == 0, "the shard count must be a power of two")
        perGeneration = max(1, capacity / (2 * shardCount))
        shards = (0..<shardCount).map { _ in Lock(Generations()) }
        shardMask = UInt64(shardCount - 1)
    }

    /// The value for `key`, if cached (a hit in the old generation is promoted with the key
    /// that was stored: `key` may be a probe that borrows what it is made of). Inlinable, as
    /// are ``store(_:for:)`` and what they call, so that a cache of another module's keys is
    /// specialized there instead of looking its generic types up on every call.
    @inlinable
    public func value(for key: Key) -> Value? {
        value(digest: key.digest) { $0 == key }
    }

    /// The value of the entry of `digest` whose key `matches`, if cached: for a probe read
    /// where it lies, which building a key would copy. `digest` must be the digest of the key
    /// the probe stands for (another finds nothing), and `matches` say whether a key is that
    /// key; it runs under the shard's lock, so it must be quick and must not use the cache.
    @inlinable
    public func value(digest: UInt64, matching matches: (borrowing Key) -> Bool) -> Value? {
        let slot = Slot(digest)
        return withShard(slot) { state in
            if let found = Entry.withEntry(at: slot, in: &state.young, { matches($0.key) ? $0.value : nil }) { return found }
            guard let index = state.old.index(forKey: slot), matches(state.old.values[index].stored.key) else { return nil }
            let entry = state.old.remove(at: index).value
            insert(entry, at: slot, into: &state)
            return entry.stored.value
        }
    }

    /// The value for `key`: the one kept, else `make()`'s, then kept (two threads asking for
    /// a new key at once may both make it; the later stored wins).
    /// - Throws: what `make` throws (nothing is kept then).
    @inlinable
    public func value(for key: Key, orMake make: () throws -> Value) rethrows -> Value {
        if let hit = value(for: key) { return hit }
        let made = try make()
        store(made, for: key)
        return made
    }

    /// Stores `value` for `key`, replacing any earlier value (and any entry of another key
    /// with the same digest).
    @inlinable
    public func store(_ value: Value, for key: Key) {
        let slot = Slot(key.digest)
        withShard(slot) { insert(Entry(InlineEntry(key: key, value: value)), at: slot, into: &$0) }
    }

    /// Drops the entry for `key`.
    public func removeValue(for key: Key) {
        let slot = Slot(key.digest)
        withShard(slot) { state in
            if state.young[slot]?.stored.key == key { state.young[slot] = nil }
            if state.old[slot]?.stored.key == key { state.old[slot] = nil }
        }
    }

    /// Drops every entry whose key satisfies `predicate`.
    /// - Complexity: O(entries).
    public func removeAll(where predicate: (Key) -> Bool) {
        for shard in shards {
            shard.withLock { state in
                state.young = state.young.filter { !predicate($0.value.stored.key) }
                state.old = state.old.filter { !predicate($0.value.stored.key) }
            }
        }
    }

    /// Drops every entry.
    public func removeAll() {
        for shard in shards { shard.withLock { $0 = Generations() } }
    }

    /// The number of entries held now.
    public var count: Int {
        shards.reduce(0) { sum, shard in sum + shard.withLock { $0.young.count + $0.old.count } }
    }

    /// Runs `body` on the generations of `slot`'s shard, under its lock. The shard is read
    /// from the array in place: an element copied out would be retained and released, two
    /// atomic writes to a lock every thread shares, per lookup.
    @inlinable @inline(__always)
    func withShard<R>(_ slot: Slot, _ body: (inout Generations) -> R) -> R {
        shards.withUnsafeBufferPointer { shards in
            // Loaded as an unmanaged reference: the cache holds its shards for its whole life.
            UnsafeRawPointer(shards.baseAddress.unsafelyUnwrapped + shardIndex(slot))
                .load(as: Unmanaged<Lock<Generations>>.self)
                ._withUnsafeGuaranteedRef { $0.withLock(body) }
        }
    }

    /// The shard of a digest: its high bits (the table inside the shard mixes all of them).
    @inlinable @inline(__always)
    func shardIndex(_ slot: Slot) -> Int {
        Int(truncatingIfNeeded: (slot.digest >> 32) & shardMask)
    }

    @inlinable
    func insert(_ entry: Entry, at slot: Slot, into state: inout Generations) {
        if state.young.count >= perGeneration, state.young.index(forKey: slot) == nil {
            state.old = state.young
            state.young = Dictionary(minimumCapacity: perGeneration)
        }
        state.old[slot] = nil
        state.young[slot] = entry
    }

    /// A shard's two generations, by digest.
    @usableFromInline
    struct Generations {
        @usableFromInline var young: [Slot: Entry] = [:]
        @usableFromInline var old: [Slot: Entry] = [:]

        @inlinable init() {}
    }
}

/// What a ``GenerationalCache`` finds an entry by: a key's 64-bit digest, hashed into a table
/// with one multiply (a `Hasher` round would hide no collision: equal digests hash equal
/// either way) and compared as a number.
@_spi(Caching)
public struct Slot: Hashable {
    @usableFromInline let digest: UInt64

    @inlinable init(_ digest: UInt64) { self.digest = digest }

    /// Combines the digest.
    @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(digest) }

    /// The table's hash: the digest with the table's seed mixed in.
    @inlinable public func _rawHashValue(seed: Int) -> Int {
        var h = digest
        ByteHash.mix(UInt64(UInt(bitPattern: seed)), into: &h)
        return Int(truncatingIfNeeded: h)
    }
}

/// How a ``GenerationalCache`` holds an entry: the key it was stored with, and its value.
@_spi(Caching)
public protocol CacheEntry: Sendable {
    /// What the entry is found by.
    associatedtype Key: CacheKey
    /// What the entry keeps.
    associatedtype Value: Sendable
    /// The entry that holds `stored`.
    init(_ stored: InlineEntry<Key, Value>)
    /// The key the entry was stored with and its value.
    var stored: InlineEntry<Key, Value> { get }
    /// `body` on the key and value of the entry of `table` at `slot`, or `nil` when there is none.
    static func withEntry<R>(at slot: Slot, in table: inout [Slot: Self], _ body: (borrowing InlineEntry<Key, Value>) -> R) -> R?
}

/// An entry that is an object: the table holds a reference, and a lookup reads the entry in
/// place without counting it (an object threads share: two atomic writes saved per lookup).
/// For keys or values with counted parts, which an inline entry would copy at every hit.
@_spi(Caching)
public final class SharedEntry<Key: CacheKey, Value: Sendable>: CacheEntry {
    /// The key the entry was stored with and its value.
    public let stored: InlineEntry<Key, Value>

    /// The entry that holds `stored`.
    @inlinable public init(_ stored: InlineEntry<Key, Value>) { self.stored = stored }

    /// `body` on the entry of `table` at `slot`, its reference loaded without a count (the
    /// slot is read in place, as a mutation does: a lookup that misses may make room in the
    /// table, as an insertion would).
    @inlinable @inline(__always)
    public static func withEntry<R>(at slot: Slot, in table: inout [Slot: SharedEntry],
                                    _ body: (borrowing InlineEntry<Key, Value>) -> R) -> R? {
        let entry = withUnsafeMutablePointer(to: &table[slot]) { UnsafeRawPointer($0).load(as: Unmanaged<SharedEntry>?.self) }
        return entry?._withUnsafeGuaranteedRef { body($0.stored) }
    }
}

/// An entry held in the table itself: stored and dropped with no allocation of its own. For
/// keys and values of plain data (a segment's bytes and widths), which a hit copies cheaply.
@_spi(Caching)
public struct InlineEntry<Key: CacheKey, Value: Sendable>: CacheEntry {
    /// The key the entry was stored with.
    public let key: Key
    /// The value kept.
    public let value: Value

    /// The entry of `value` for `key`.
    @inlinable public init(key: Key, value: Value) {
        self.key = key
        self.value = value
    }

    /// `stored` itself: an inline entry holds its key and value as they are.
    @inlinable public init(_ stored: InlineEntry) { self = stored }

    /// The entry itself.
    @inlinable public var stored: InlineEntry { self }

    /// `body` on a copy of the entry of `table` at `slot` (plain data: read, not accessed in
    /// place, which would move the entry out of the table and back).
    @inlinable @inline(__always)
    public static func withEntry<R>(at slot: Slot, in table: inout [Slot: InlineEntry],
                                    _ body: (borrowing InlineEntry) -> R) -> R? {
        guard let entry = table[slot] else { return nil }
        return body(entry)
    }
}

/// A key of a ``GenerationalCache``: equatable, with a well-mixed 64-bit digest of itself.
@_spi(Caching)
public protocol CacheKey: Equatable, Sendable {
    /// 64 well-mixed bits of the key, equal for equal keys: what the cache finds the key's
    /// entry by (its high bits pick the shard). Keys that already carry a digest of their
    /// content return it, sparing a pass of `Hasher`; the default, for `Hashable` keys, is
    /// `hashValue`.
    var digest: UInt64 { get }
}

extension CacheKey where Self: Hashable {
    /// The key's `hashValue`, for keys that carry no digest of their own.
    public var digest: UInt64 { UInt64(UInt(bitPattern: hashValue)) }
}
