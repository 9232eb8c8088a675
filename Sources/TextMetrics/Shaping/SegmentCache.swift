
/// The shaped widths of text segments (the text between two line-break opportunities),
/// per font face, bounded in memory and safe to use from many threads.
///
/// Keys are the segment's UTF-8 text followed by the first character of the next
/// segment, because a font may kern across the boundary (Roboto kerns "V" + space and
/// space + "T"); values are in font units, so one entry serves every point size.
///
/// The cache is split into shards, each behind its own lock, and each shard keeps two
/// generations: new entries go to the young one; when it fills, the old generation is
/// dropped and the young one becomes old. A hit in the old generation is promoted. This
/// is an approximate LRU with O(1) work per call and a hard cap of `capacity` entries.
final class SegmentCache: Sendable {
    /// The default number of entries per face: 524,288 (about 60 MB at most per face) — enough
    /// for the working set of a feed in one language, where each word appears with many
    /// different next characters.
    static let defaultCapacity = 524_288

    private static let shardCount = 16
    private let shards: [Shard]

    init(capacity: Int = defaultCapacity) {
        let perShard = max(capacity / SegmentCache.shardCount, 2)
        shards = (0..<SegmentCache.shardCount).map { _ in Shard(capacity: perShard) }
    }

    /// The entry for `key`, if cached.
    func measure(for key: SegmentKey) -> SegmentMeasure? {
        shard(for: key).state.withLock { $0.lookup(key) }
    }

    /// Stores the measure of a segment (keeping grapheme advances already stored).
    func store(_ measure: SegmentMeasure, for key: SegmentKey) {
        shard(for: key).state.withLock { $0.insert(measure, for: key) }
    }

    /// Drops every entry (for tests and memory pressure).
    func removeAll() {
        for shard in shards { shard.state.withLock { $0 = Generations(capacity: $0.capacity) } }
    }

    /// The number of entries held now.
    var count: Int {
        shards.reduce(0) { sum, shard in sum + shard.state.withLock { $0.young.count + $0.old.count } }
    }

    private func shard(for key: SegmentKey) -> Shard {
        shards[Int(key.mix >> 60) & (SegmentCache.shardCount - 1)]
    }

    private final class Shard: Sendable {
        let state: Lock<Generations>
        init(capacity: Int) { state = Lock(Generations(capacity: capacity)) }
    }

    private struct Generations {
        let capacity: Int
        var young: [SegmentKey: SegmentMeasure] = [:]
        var old: [SegmentKey: SegmentMeasure] = [:]

        init(capacity: Int) { self.capacity = capacity }

        mutating func lookup(_ key: SegmentKey) -> SegmentMeasure? {
            if let hit = young[key] { return hit }
            guard let hit = old.removeValue(forKey: key) else { return nil }
            insert(hit, for: key)
            return hit
        }

        mutating func insert(_ measure: SegmentMeasure, for key: SegmentKey) {
            if young.count >= capacity / 2 && young[key] == nil {
                old = young
                young = Dictionary(minimumCapacity: capacity / 2)
            }
            young[key] = measure
        }
    }
}

/// What the cache stores for one segment, in font units.
struct SegmentMeasure: Sendable {
    /// Width of the whole segment, trailing whitespace included, shaped in context.
    var width: Int32
    /// Width of the trailing whitespace, which hangs at the end of a line.
    var trailingWhitespace: Int32
    /// Added to the content width when the segment ends a line: the difference between its
    /// content shaped alone and shaped before the next segment (non-zero only where HarfBuzz
    /// marks the boundary unsafe to break and no whitespace separates them).
    var lineEndCorrection: Int32
    /// Some cluster of the segment has no glyph in the face.
    var hasMissingGlyphs: Bool
    /// Per-grapheme advances, filled in when a line must break inside the segment.
    var graphemes: GraphemeAdvances?
}

/// The grapheme clusters of a segment with their advances, for breaking inside a word and
/// for truncation.
final class GraphemeAdvances: Sendable {
    /// End of each grapheme, as a byte offset from the segment's start.
    let ends: [Int32]
    /// Advance of each grapheme in font units (a ligature's advance goes to its first grapheme).
    let advances: [Int32]
    /// How many graphemes are content: the rest are trailing whitespace.
    let contentCount: Int

    init(ends: [Int32], advances: [Int32], contentBytes: Int32) {
        self.ends = ends
        self.advances = advances
        var count = ends.count
        while count > 0, ends[count - 1] > contentBytes { count -= 1 }
        self.contentCount = count
    }
}
