/// What the shaping spans of a text resolve to, worked out once for every text whose spans set
/// the same shaping attributes over the same style — the rows of a feed, styled alike: the
/// distinct styles ``ShapingStretches`` lists, the style of each set of spans over a piece
/// (its *covering*) in the order the text first had them, and the drawing of those styles.
///
/// Kept by the text's shaping style and its shaping spans' attributes in order (``Key``), not
/// by where the spans lie: another text with the same key whose pieces bring the same
/// coverings in the same order (``style(of:at:)``) has exactly these styles, in this order —
/// what setting each span over the style again would find — and reads them here.
///
/// Immutable but for ``drawn``, which is set once; `Sendable`, and the cache behind it is safe
/// to use from many threads.
final class ResolvedStyles: Sendable {
    /// What a resolution is kept by: the text's shaping style and the shaping attributes of
    /// its spans that change shapes, in the order they were added (each span's attributes with
    /// only those that change shapes set).
    struct Key: CacheKey {
        let base: ShapingStyle
        let spans: [TextAttributes]

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.spans.withUnsafeBufferPointer { spans in
                lhs.base.withPointer { base in rhs.matches(base: base, count: spans.count) { spans.baseAddress! + $0 } }
            }
        }

        var digest: UInt64 {
            spans.withUnsafeBufferPointer { spans in
                base.withPointer { base in Key.digest(base: base, count: spans.count) { spans.baseAddress! + $0 } }
            }
        }

        /// The digest of the key of a text of style `base` and the `count` shaping spans
        /// `span(i)` points to, read in place.
        static func digest(base: UnsafePointer<ShapingStyle>, count: Int,
                           span: (Int) -> UnsafePointer<TextAttributes>) -> UInt64 {
            var digest: UInt64 = 0x5EED_5A7E
            base.pointee.fold(into: &digest)
            for i in 0..<count { TextAttributes.foldShaping(span(i), into: &digest) }
            return digest
        }

        /// Whether this is the key of a text of style `base` and the `count` shaping spans
        /// `span(i)` points to, read in place.
        func matches(base: UnsafePointer<ShapingStyle>, count: Int, span: (Int) -> UnsafePointer<TextAttributes>) -> Bool {
            guard spans.count == count, self.base == base.pointee else { return false }
            return spans.withUnsafeBufferPointer { spans in
                (0..<count).allSatisfy { TextAttributes.shapeAlike(spans.baseAddress! + $0, span($0)) }
            }
        }
    }

    /// The distinct styles, the text's own first (``ShapingStretches/styles``).
    let styles: [ShapingStyle]
    /// Each covering the text had (bit i: the i-th shaping span), but the empty one (the text's
    /// own style), in the order it first had them, and its style's index in ``styles``.
    let coverings: [(covering: UInt64, style: Int)]
    /// The drawing of ``styles`` in the layout unit every text in them can use, once a text
    /// has worked it out (``ShapingStretches/drawn(byteCount:)``).
    let drawn = LazyReference<DrawnStyles>()

    private init(styles: [ShapingStyle], coverings: [(covering: UInt64, style: Int)]) {
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

    /// The resolution kept for a text of style `base` whose shaping spans are those of
    /// `spans` that `shaping` lists, if any: found without building its key.
    static func kept(base: UnsafePointer<ShapingStyle>, spans: UnsafeBufferPointer<AttributedText.Span>,
                     shaping: UnsafeBufferPointer<Int>) -> ResolvedStyles? {
        let span = { (i: Int) in (spans.baseAddress.unsafelyUnwrapped + shaping[i]).pointer(to: \.attributes)! }
        let digest = Key.digest(base: base, count: shaping.count, span: span)
        return cache.value(digest: digest) { $0.matches(base: base, count: shaping.count, span: span) }
    }

    /// Keeps `styles` and `coverings`, found for a text of style `base` whose shaping spans are
    /// those of `spans` that `shaping` lists, and returns them.
    static func keep(styles: [ShapingStyle], coverings: [(covering: UInt64, style: Int)], base: ShapingStyle,
                     spans: UnsafeBufferPointer<AttributedText.Span>, shaping: UnsafeBufferPointer<Int>) -> ResolvedStyles {
        let resolved = ResolvedStyles(styles: styles, coverings: coverings)
        let key = Key(base: base, spans: shaping.map { TextAttributes(shapingOf: spans[$0].attributes) })
        cache.store(resolved, for: key)
        return resolved
    }

    /// The most resolutions kept: a feed styles its rows in a few ways.
    static let capacity = 16

    /// The resolutions of the texts prepared lately (a ``GenerationalCache``).
    static let cache = GenerationalCache<SharedEntry<Key, ResolvedStyles>>(capacity: capacity, shards: 1)
}

extension ShapingStyle {
    /// `body` with a pointer to this style.
    func withPointer<R>(_ body: (UnsafePointer<ShapingStyle>) -> R) -> R {
        withUnsafePointer(to: self, body)
    }
}

extension TextAttributes {
    /// `attributes` with only those that change shapes.
    init(shapingOf attributes: TextAttributes) {
        self.init(fonts: attributes.fonts, size: attributes.size, kern: attributes.kern, features: attributes.features,
                  language: attributes.language, fontsKeepSize: attributes.fontsKeepSize)
    }

    /// Whether the attributes `lhs` and `rhs` point to set the same attributes that change
    /// shapes, read in place.
    static func shapeAlike(_ lhs: UnsafePointer<TextAttributes>, _ rhs: UnsafePointer<TextAttributes>) -> Bool {
        lhs.pointee.fontsKeepSize == rhs.pointee.fontsKeepSize && lhs.pointee.size == rhs.pointee.size
            && lhs.pointee.kern == rhs.pointee.kern && lhs.pointee.language == rhs.pointee.language
            && lhs.pointee.features == rhs.pointee.features && lhs.pointee.fonts == rhs.pointee.fonts
    }

    /// Folds the attributes `attributes` points to that change shapes into `digest`, equal
    /// for attributes that shape alike (``shapeAlike(_:_:)``).
    static func foldShaping(_ attributes: UnsafePointer<TextAttributes>, into digest: inout UInt64) {
        if let fonts = attributes.pointee.fonts { for font in fonts.fonts { font.fold(into: &digest) } }
        ByteHash.mix(attributes.pointee.fontsKeepSize ? 1 : 2, into: &digest)
        ByteHash.mix(attributes.pointee.size.map { ($0 + 0).bitPattern } ?? 3, into: &digest)
        ByteHash.mix(attributes.pointee.kern.map { ($0 + 0).bitPattern } ?? 5, into: &digest)
        if let features = attributes.pointee.features {
            for feature in features { ByteHash.mix(UInt64(feature.packedTag) << 32 | UInt64(feature.value), into: &digest) }
        }
        if let language = attributes.pointee.language {
            for byte in language.utf8 { ByteHash.mix(UInt64(byte), into: &digest) }
        }
    }
}
