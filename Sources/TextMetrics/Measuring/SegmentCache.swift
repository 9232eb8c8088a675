
/// The shaped widths of text segments (the text between two line-break opportunities),
/// per font face, bounded in memory and safe to use from many threads.
///
/// Keys are the segment's UTF-8 text followed by the first character of the next
/// segment, because a font may kern across the boundary (Roboto kerns "V" + space and
/// space + "T"); values are in font units, so one entry serves every point size.
///
/// Bounded and thread-safe through ``GenerationalCache`` (an approximate LRU), whose entries
/// lie in its tables (``InlineEntry``): a feed of new words stores an entry for each, and an
/// object per entry was an allocation per word and a free per word when its generation was
/// dropped — a 100,000-row feed sized from cold took 10–15% longer.
final class SegmentCache: Sendable {
    /// The default number of entries per face: 524,288 (about 60 MB at most per face) — enough
    /// for the working set of a feed in one language, where each word appears with many
    /// different next characters.
    static let defaultCapacity = 524_288

    private let entries: GenerationalCache<InlineEntry<SegmentKey, SegmentMeasure>>
    /// The grapheme advances of the segments a line was broken inside (long words, a few of a
    /// feed's), by the same keys, an eighth as many at most: apart from the measures, which
    /// every lookup copies, so that those hold no reference to count.
    private let cuts: GenerationalCache<SharedEntry<SegmentKey, GraphemeAdvances>>

    /// A cache of about `capacity` measures (and an eighth as many segments' grapheme advances).
    init(capacity: Int = defaultCapacity) {
        entries = GenerationalCache(capacity: capacity)
        cuts = GenerationalCache(capacity: max(1, capacity / 8))
    }

    /// The entry for `key`, if cached.
    func measure(for key: SegmentKey) -> SegmentMeasure? { entries.value(for: key) }

    /// Stores the measure of a segment.
    func store(_ measure: SegmentMeasure, for key: SegmentKey) { entries.store(measure, for: key) }

    /// The grapheme advances of the segment of `key`, if cached.
    func graphemes(for key: SegmentKey) -> GraphemeAdvances? { cuts.value(for: key) }

    /// Stores the grapheme advances of a segment.
    func store(_ graphemes: GraphemeAdvances, for key: SegmentKey) { cuts.store(graphemes, for: key) }

    /// Drops every entry (for tests and memory pressure).
    func removeAll() {
        entries.removeAll()
        cuts.removeAll()
    }

    /// The number of measures held now.
    var count: Int { entries.count }
}
