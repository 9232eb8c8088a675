/// What the shaping spans of a text resolve to, worked out once for every text whose spans set
/// the same shaping attributes over the same style — the rows of a feed, styled alike: the
/// distinct styles ``ShapingStretches`` lists, the style of each set of spans over a piece
/// (its *covering*) in the order the text first had them, and the drawing of those styles.
///
/// Kept by the text's shaping style and its shaping spans' attributes in order (``Key``), not
/// by where the spans lie: another text with the same key whose pieces bring the same
/// coverings in the same order (``style(of:seen:)``) has exactly these styles, in this order —
/// what setting each span over the style again would find — and reads them here. A key keeps
/// the last few orders its texts brought (``mostOrders``: a feed's posts put a link before a
/// mention as well as after it).
///
/// Immutable but for ``drawn``, which is set once; `Sendable`, and the cache behind it is safe
/// to use from many threads.
final class ResolvedStyles: Sendable {
    /// A covering (bit i: the i-th shaping span over a piece) and its style's index.
    typealias CoveringStyle = (covering: UInt64, style: Int)

    /// What a resolution is kept by: the text's shaping style and the attributes of its spans
    /// that change shapes, in the order they were added.
    struct Key: CacheKey {
        /// The text's own shaping style.
        let base: ShapingStyle
        /// Each shaping span's attributes, with only those that change shapes set
        /// (``TextAttributes/init(shapingOf:)``).
        let spans: [TextAttributes]

        /// Keys are equal when their styles are and their spans shape alike, in order.
        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.spans.withUnsafeBufferPointer { spans in
                withUnsafePointer(to: lhs.base) { base in rhs.matches(base: base, count: spans.count) { spans.baseAddress! + $0 } }
            }
        }

        /// The digest of the style and the spans' shaping attributes (``digest(base:count:span:)``).
        var digest: UInt64 {
            spans.withUnsafeBufferPointer { spans in
                withUnsafePointer(to: base) { base in Key.digest(base: base, count: spans.count) { spans.baseAddress! + $0 } }
            }
        }

        /// The digest of the key of a text of style `base` and the `count` shaping spans
        /// `span(i)` points to, read in place.
        @inline(__always)
        static func digest(base: UnsafePointer<ShapingStyle>, count: Int,
                           span: (Int) -> UnsafePointer<TextAttributes>) -> UInt64 {
            var digest: UInt64 = 0x5EED_5A7E
            base.pointee.fold(into: &digest)
            for i in 0..<count { TextAttributes.foldShaping(span(i), into: &digest) }
            return digest
        }

        /// Whether this is the key of a text of style `base` and the `count` shaping spans
        /// `span(i)` points to, read in place.
        @inline(__always)
        func matches(base: UnsafePointer<ShapingStyle>, count: Int, span: (Int) -> UnsafePointer<TextAttributes>) -> Bool {
            guard spans.count == count, self.base == base.pointee else { return false }
            return spans.withUnsafeBufferPointer { spans in
                (0..<count).allSatisfy { TextAttributes.shapeAlike(spans.baseAddress! + $0, span($0)) }
            }
        }
    }

    /// The kept resolutions of a key: the orders of coverings its texts brought, the latest
    /// first (at most ``mostOrders``).
    typealias Orders = [ResolvedStyles]

    /// The distinct styles, the text's own first (``ShapingStretches/styles``).
    let styles: [ShapingStyle]
    /// Each covering the text had but the empty one (the text's own style), in the order it
    /// first had them, with its style's index in ``styles``.
    let coverings: [CoveringStyle]
    /// The drawing of ``styles`` in their common layout unit, once a text has worked it out
    /// (``DrawnStyles/of(_:byteCount:boxWidth:keptWith:)``).
    let drawn = LazyReference<DrawnStyles>()

    /// The resolution of a text into `styles`, its coverings `coverings`.
    private init(styles: [ShapingStyle], coverings: [CoveringStyle]) {
        self.styles = styles
        self.coverings = coverings
    }

    /// The style index of `covering` for a text that has had the first `seen` coverings, in
    /// order (one new to it becomes the `seen`-th), or `nil` when the text departs from this
    /// resolution: a new covering out of order, or one this resolution never had.
    @inline(__always)
    func style(of covering: UInt64, seen: inout Int) -> Int? {
        for index in 0..<seen where coverings[index].covering == covering { return coverings[index].style }
        guard seen < coverings.count, coverings[seen].covering == covering else { return nil }
        seen += 1
        return coverings[seen - 1].style
    }

    /// The resolutions kept in `cache` for a text of style `base` whose shaping spans are those
    /// of `spans` that `shaping` lists (none when nothing is kept): found without building a key.
    static func kept(in cache: Cache, base: UnsafePointer<ShapingStyle>, spans: UnsafeBufferPointer<AttributedText.Span>,
                     shaping: UnsafeBufferPointer<Int>) -> Orders {
        // (The spans' attributes found by a closure written at each call: one kept in a constant
        // would be allocated.)
        let digest = Key.digest(base: base, count: shaping.count) { attributes(of: spans, shaping[$0]) }
        return cache.value(digest: digest) { key in
            key.matches(base: base, count: shaping.count) { attributes(of: spans, shaping[$0]) }
        } ?? []
    }

    /// The attributes of span `index` of `spans`, where they lie.
    @inline(__always)
    private static func attributes(of spans: UnsafeBufferPointer<AttributedText.Span>, _ index: Int)
        -> UnsafePointer<TextAttributes> {
        (spans.baseAddress.unsafelyUnwrapped + index).pointer(to: \.attributes)!
    }

    /// Keeps in `cache` `styles` and `coverings`, found for a text of style `base` whose shaping
    /// spans are those of `spans` that `shaping` lists, before the `kept` orders of its key, and
    /// returns the new resolution.
    static func keep(styles: [ShapingStyle], coverings: [CoveringStyle], in cache: Cache, after kept: Orders,
                     base: UnsafePointer<ShapingStyle>, spans: UnsafeBufferPointer<AttributedText.Span>,
                     shaping: UnsafeBufferPointer<Int>) -> ResolvedStyles {
        let resolved = ResolvedStyles(styles: styles, coverings: coverings)
        let key = Key(base: base.pointee, spans: shaping.map { TextAttributes(shapingOf: spans[$0].attributes) })
        cache.store([resolved] + kept.prefix(mostOrders - 1), for: key)
        return resolved
    }

    /// The most orders of coverings a key keeps.
    static let mostOrders = 4

    /// A cache of resolutions by key.
    typealias Cache = GenerationalCache<SharedEntry<Key, Orders>>

    /// The most keys kept: a feed styles its rows in a few ways, each a few spans long.
    static let capacity = 64

    /// The resolutions of the texts prepared lately (a ``GenerationalCache`` of a few shards:
    /// every attributed text with a shaping span, or attachments, or spacing, looks here).
    static let cache = Cache(capacity: capacity, shards: 4)
}
