import Testing
@_spi(Caching) @testable import TextMetrics

/// ``GenerationalCache``: what a lookup finds is kept under the key that was stored, never
/// under the key it was looked up with — a probe key may borrow bytes that die after the
/// lookup (``PreparedTextCache`` looks texts up by the bytes of a request's line).
@Suite struct GenerationalCacheTests {
    /// A key equal to another with the same `id`, whether or not it is a probe.
    struct Key: CacheKey, Hashable {
        let id: Int
        let isProbe: Bool
        static func == (a: Key, b: Key) -> Bool { a.id == b.id }
        func hash(into hasher: inout Hasher) { hasher.combine(id) }
    }

    /// Entries found in the old generation by a probe are promoted under their stored keys:
    /// after every lookup, no key the cache holds is a probe, and every entry is still found.
    /// Both ways of holding an entry.
    @Test func lookupsNeverStoreTheProbe() {
        lookupsNeverStoreTheProbe(GenerationalCache<SharedEntry<Key, Int>>(capacity: 8, shards: 1))
        lookupsNeverStoreTheProbe(GenerationalCache<InlineEntry<Key, Int>>(capacity: 8, shards: 1))
    }

    func lookupsNeverStoreTheProbe<Entry: CacheEntry>(_ cache: GenerationalCache<Entry>) where Entry.Key == Key, Entry.Value == Int {
        for id in 0..<40 {
            cache.store(id * 10, for: Key(id: id, isProbe: false))
            // Look up entries of both generations, the older ones first promoted.
            for back in [1, 3, 4, 6] where id >= back {
                #expect(cache.value(for: Key(id: id - back, isProbe: true)).map { $0 == (id - back) * 10 } ?? true)
            }
            var probes = 0
            cache.removeAll { key in
                if key.isProbe { probes += 1 }
                return false
            }
            #expect(probes == 0, "after storing \(id)")
        }
        #expect(cache.count <= 8 && cache.count >= 4)
    }

    /// A key whose digest is chosen, so that two different keys can collide.
    struct CollidingKey: CacheKey {
        let id: Int
        let digest: UInt64
    }

    /// Entries are found by digest and checked by key: two keys with one digest never answer
    /// for each other (the later stored replaces the other, which is then a miss), and a
    /// removal by a colliding key leaves the entry alone.
    @Test func collidingDigestsAreMissesNeverWrongAnswers() {
        collidingDigestsAreMissesNeverWrongAnswers(GenerationalCache<SharedEntry<CollidingKey, String>>(capacity: 64, shards: 4))
        collidingDigestsAreMissesNeverWrongAnswers(GenerationalCache<InlineEntry<CollidingKey, String>>(capacity: 64, shards: 4))
    }

    func collidingDigestsAreMissesNeverWrongAnswers<Entry: CacheEntry>(_ cache: GenerationalCache<Entry>)
    where Entry.Key == CollidingKey, Entry.Value == String {
        let a = CollidingKey(id: 1, digest: 0xDEAD_BEEF_0000_0001)
        let b = CollidingKey(id: 2, digest: 0xDEAD_BEEF_0000_0001)
        cache.store("a", for: a)
        #expect(cache.value(for: a) == "a")
        #expect(cache.value(for: b) == nil)
        cache.removeValue(for: b)
        #expect(cache.value(for: a) == "a")
        cache.store("b", for: b)
        #expect(cache.value(for: b) == "b")
        #expect(cache.value(for: a) == nil)
        #expect(cache.count == 1)
    }
}
