import JSON
import Synchronization
@_spi(Caching) import TextMetrics

/// Cell heights already computed, keyed by (row identity or content hash, template, width,
/// scale) — what `heightForRowAtIndexPath:` caches — bounded and safe to use from many
/// threads.
///
/// Invalidation follows what changes a height:
/// - **width** (rotation): the width is part of the key, so a new width misses;
///   ``widthDidChange(to:)`` also drops every entry of the other widths.
/// - **row content**: an entry keyed by the row's `id` remembers the row's content hash; a
///   lookup with changed content misses and drops the entry (``invalidate(rowID:)`` drops
///   one row's entries explicitly). Rows without an id are keyed by their content hash.
/// - **text size** (Dynamic Type): setting a different ``sizeCategory`` drops everything.
///
/// ```swift
/// let cache = HeightCache(capacity: 50_000)
/// let height = try cache.height(for: row, engine: engine, width: 375)   // computed, stored
/// let again = try cache.height(for: row, engine: engine, width: 375)    // a hit
/// cache.sizeCategory = .extraLarge                                      // all dropped
/// ```
///
/// Bounded: each of its shards keeps two generations of at most `capacity / 32` entries; the
/// older generation is dropped when the newer fills (an approximate LRU; a hit is promoted).
public final class HeightCache: Sendable {
    /// What identifies a row in the cache.
    public enum RowKey: Hashable, Sendable {
        /// The row's `id` (or `ID`) field.
        case id(JSONValue)
        /// The hash of a row without an id (``RowData/contentHash``).
        case content(Int)
    }

    /// A cache key.
    public struct Key: Hashable, Sendable {
        /// The row.
        public var row: RowKey
        /// The template's engine (``CellLayoutEngine/id``).
        public var template: Int
        /// The cell width in points.
        public var width: Double
        /// Pixels per point.
        public var scale: Double

        /// Creates a key.
        public init(row: RowKey, template: Int, width: Double, scale: Double) {
            self.row = row
            self.template = template
            self.width = width
            self.scale = scale
        }
    }

    /// What the cache keeps for a row: its height and a hash of the content it was sized from.
    private struct StoredHeight: Sendable {
        var height: Double
        var contentHash: Int
    }

    private let entries: GenerationalCache<SharedEntry<Key, StoredHeight>>
    private let category = Lock(SizeCategory.large)
    private let counters = Counters()

    private final class Counters: Sendable {
        let hits = Atomic<Int>(0)
        let misses = Atomic<Int>(0)
    }

    /// A cache of at most about `capacity` heights.
    public init(capacity: Int = 100_000) {
        entries = GenerationalCache(capacity: capacity, shards: 32)
    }

    /// The text size category heights are computed for; setting a different one drops every
    /// entry, as a `UIContentSizeCategoryDidChangeNotification` should.
    public var sizeCategory: SizeCategory {
        get { category.withLock { $0 } }
        set {
            let changed = category.withLock { current in
                defer { current = newValue }
                return current != newValue
            }
            if changed { removeAll() }
        }
    }

    /// The stored height for `key` when the row's content still hashes to `contentHash`;
    /// a stale entry (changed content) is dropped and `nil` returned.
    /// - Complexity: O(1).
    public func height(for key: Key, contentHash: Int) -> Double? {
        var found: Double?
        if let entry = entries.value(for: key) {
            if entry.contentHash == contentHash {
                found = entry.height
            } else {
                entries.removeValue(for: key)  // the row's content changed
            }
        }
        if found == nil {
            counters.misses.add(1, ordering: .relaxed)
        } else {
            counters.hits.add(1, ordering: .relaxed)
        }
        return found
    }

    /// Stores `height` for `key`, computed from content hashing to `contentHash`.
    /// - Complexity: O(1) amortized.
    public func store(_ height: Double, for key: Key, contentHash: Int) {
        entries.store(StoredHeight(height: height, contentHash: contentHash), for: key)
    }

    /// The key of `row` for `engine` at `width` and `scale`.
    public static func key(for row: RowData, engine: CellLayoutEngine, width: Double, scale: Double) -> Key {
        Key(row: row.identity.map(RowKey.id) ?? .content(row.contentHash), template: engine.id, width: width, scale: scale)
    }

    /// The height of `row`'s cell: from the cache when present and current, else computed
    /// with `engine` and stored.
    /// - Throws: ``TemplateError`` from the engine (errors are not cached).
    public func height(for row: RowData, engine: CellLayoutEngine, width: Double? = nil, scale: Double? = nil) throws -> Double {
        let (width, scale) = try engine.resolvedWidthAndScale(width: width, scale: scale)
        let key = HeightCache.key(for: row, engine: engine, width: width, scale: scale)
        let hash = row.contentHash
        if let height = height(for: key, contentHash: hash) { return height }
        let height = try engine.height(for: row, width: width, scale: scale)
        store(height, for: key, contentHash: hash)
        return height
    }

    /// Drops every entry of the row with this `id` (its content changed).
    /// - Complexity: O(entries).
    public func invalidate(rowID id: JSONValue) {
        entries.removeAll { $0.row == .id(id) }
    }

    /// Drops every entry whose width is not `width` (after a rotation).
    /// - Complexity: O(entries).
    public func widthDidChange(to width: Double) {
        entries.removeAll { $0.width != width }
    }

    /// Drops every entry.
    public func removeAll() {
        entries.removeAll()
    }

    /// The number of heights held.
    public var count: Int { entries.count }

    /// Lookups that found a current height, since the cache was made.
    public var hits: Int { counters.hits.load(ordering: .relaxed) }
    /// Lookups that found nothing (or a stale height), since the cache was made.
    public var misses: Int { counters.misses.load(ordering: .relaxed) }
}

@_spi(Caching) extension HeightCache.Key: CacheKey {}
