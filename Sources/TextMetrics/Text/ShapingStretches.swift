import TextSegmentation

/// An ``AttributedText`` cut into stretches of one *shaping* style each (``ShapingStyle``):
/// every span that changes shapes applied over the text's style in the order it was added;
/// spans that only carry something for drawing (color, link, underline, tag) never cut one.
/// Each stretch starts and ends on a grapheme cluster boundary (a cluster is shaped whole, in
/// the style of its first character), and two stretches side by side differ in style.
///
/// The styles are listed once each, by index: what preparing a text works out per style
/// (its fonts' places in the chain of drawn fonts, its letter spacing in layout units, its
/// shaping options) is worked out once per style, not per stretch.
struct ShapingStretches {
    /// One stretch: a range of UTF-8 offsets and its style's index in ``styles``.
    struct Stretch {
        var range: Range<Int>
        var style: Int
    }

    /// The distinct styles: the text's own first (index 0, whether a stretch has it or not),
    /// then the others in the order stretches first have them.
    private(set) var styles: [ShapingStyle]
    /// The stretches, in order, covering the text (none for an empty text).
    private(set) var stretches: [Stretch] = []

    /// What the styles were read from or kept as (``ResolvedStyles``), or `nil` for a text in
    /// one plain style with no attachment, or of more than 64 shaping spans.
    private(set) var resolved: ResolvedStyles?

    /// The shaping stretches of `text`: their styles read from a resolution kept in `cache`
    /// for its spans (``ResolvedStyles``) when its pieces bring their coverings in its order,
    /// else resolved here and kept (when it has at most 64 shaping spans).
    /// - Complexity: O(spans × pieces), where the pieces are the text cut at every shaping
    ///   span's ends.
    init(_ text: AttributedText, resolutions cache: ResolvedStyles.Cache = ResolvedStyles.cache) {
        let count = text.string.utf8.count
        styles = []
        guard count > 0, !text.spans.isEmpty else {
            takeTextStyleAlone(text, count: count, cache: cache)
            return
        }
        PreparedText.withUTF8(text.string) { bytes in
            text.spans.withUnsafeBufferPointer { spans in
                SpanPieces.taking(spans, where: { $0.pointee.attributes.changesShapes }) { shaping in
                    guard !shaping.isEmpty else { return takeTextStyleAlone(text, count: count, cache: cache) }
                    stretches.reserveCapacity(2 * shaping.count + 1)
                    let base = text.style.shaping
                    withUnsafePointer(to: base) { base in
                        guard SpanPieces.remembersCoverings(of: shaping.count) else {
                            // Coverings not remembered: resolved here, not kept.
                            styles = ShapingStretches.resolve(bytes, spans: spans, shaping: shaping, over: base,
                                                              into: &stretches).styles
                            return
                        }
                        let kept = ResolvedStyles.kept(in: cache, base: base, spans: spans, shaping: shaping)
                        for order in kept {
                            if ShapingStretches.cut(bytes, spans: spans, shaping: shaping, reading: order, into: &stretches) {
                                styles = order.styles
                                resolved = order
                                return
                            }
                            stretches.removeAll(keepingCapacity: true)
                        }
                        let (found, coverings) = ShapingStretches.resolve(bytes, spans: spans, shaping: shaping, over: base,
                                                                          into: &stretches)
                        styles = found
                        resolved = ResolvedStyles.keep(styles: found, coverings: coverings, in: cache, after: kept,
                                                       base: base, spans: spans, shaping: shaping)
                    }
                }
            }
        }
    }

    /// Makes the text (of `count` bytes) one stretch in its own style: a plain style with no
    /// attachment as it is (the plain path prepares such a text, and asks for nothing kept),
    /// else read from the resolution kept in `cache` for a text with no shaping span in that
    /// style (or kept now), with its drawing.
    private mutating func takeTextStyleAlone(_ text: AttributedText, count: Int, cache: ResolvedStyles.Cache) {
        if count > 0 { stretches = [Stretch(range: 0..<count, style: 0)] }
        if text.attachments.isEmpty && text.style.shaping.isPlain {
            styles = [text.style.shaping]
            return
        }
        let none = UnsafeBufferPointer<Int>(start: nil, count: 0)
        let spans = UnsafeBufferPointer<AttributedText.Span>(start: nil, count: 0)
        let resolved = withUnsafePointer(to: text.style.shaping) { base in
            ResolvedStyles.kept(in: cache, base: base, spans: spans, shaping: none).first
                ?? ResolvedStyles.keep(styles: [base.pointee], coverings: [], in: cache, after: [], base: base, spans: spans,
                                       shaping: none)
        }
        styles = resolved.styles
        self.resolved = resolved
    }

    /// Cuts the text (`bytes`) into `stretches`, each piece's style resolved here: the spans of
    /// `spans` whose indices `shaping` lists over `base`. Returns the distinct styles, `base`
    /// first, and the coverings in the order the text first had them.
    private static func resolve(_ bytes: UnsafeBufferPointer<UInt8>, spans: UnsafeBufferPointer<AttributedText.Span>,
                                shaping: UnsafeBufferPointer<Int>, over base: UnsafePointer<ShapingStyle>,
                                into stretches: inout [Stretch]) -> (styles: [ShapingStyle], coverings: [ResolvedStyles.CoveringStyle]) {
        var styles = [base.pointee]
        styles.reserveCapacity(shaping.count + 1)
        var coverings: [ResolvedStyles.CoveringStyle] = []
        cut(bytes, spans: spans, shaping: shaping, resolving: &styles, &coverings, into: &stretches)
        return (styles, coverings)
    }

    /// Cuts the text (`bytes`) into `stretches`, its pieces styled by the spans of `spans` whose
    /// indices `shaping` lists (those that change shapes) over the text's style (`styles[0]`),
    /// each new style added to `styles`, each new covering to `coverings` with its style's index.
    private static func cut(_ bytes: UnsafeBufferPointer<UInt8>, spans: UnsafeBufferPointer<AttributedText.Span>,
                            shaping: UnsafeBufferPointer<Int>, resolving styles: inout [ShapingStyle],
                            _ coverings: inout [ResolvedStyles.CoveringStyle], into stretches: inout [Stretch]) {
        forEachStretch(bytes, spans: spans, shaping: shaping, into: &stretches) { piece, covering in
            guard let covering else { return styleOfPiece(piece, covering: nil, spans: spans, shaping: shaping, in: &styles) }
            if let known = coverings.first(where: { $0.covering == covering }) { return known.style }
            let style = styleOfPiece(piece, covering: covering, spans: spans, shaping: shaping, in: &styles)
            coverings.append((covering, style))
            return style
        }
    }

    /// Cuts the text (`bytes`) into `stretches` as ``cut(_:spans:shaping:resolving:_:into:)``
    /// does, its pieces' styles read from `resolved`; returns `false` (the stretches
    /// unfinished) when a piece departs from it, or the text has not had all its coverings.
    private static func cut(_ bytes: UnsafeBufferPointer<UInt8>, spans: UnsafeBufferPointer<AttributedText.Span>,
                            shaping: UnsafeBufferPointer<Int>, reading resolved: ResolvedStyles,
                            into stretches: inout [Stretch]) -> Bool {
        var seen = 0
        var departs = false
        forEachStretch(bytes, spans: spans, shaping: shaping, into: &stretches) { _, covering in
            // Past a departure, the rest is only walked through.
            guard !departs, let covering else {
                departs = true
                return 0
            }
            guard let style = resolved.style(of: covering, seen: &seen) else {
                departs = true
                return 0
            }
            return style
        }
        return !departs && seen == resolved.coverings.count
    }

    /// Cuts the text (`bytes`) into `stretches`, its pieces cut at the ends of the spans of
    /// `spans` whose indices `shaping` lists, asking `styleOf` the style index of each piece
    /// under spans other than the piece before's (`nil` coverings: more than 64 spans).
    private static func forEachStretch(_ bytes: UnsafeBufferPointer<UInt8>, spans: UnsafeBufferPointer<AttributedText.Span>,
                                       shaping: UnsafeBufferPointer<Int>, into stretches: inout [Stretch],
                                       styleOf: (_ piece: Range<Int>, _ covering: SpanPieces.Covering) -> Int) {
        var style = 0
        // Whether the spans changed since `style` was found (a piece inside a cluster is
        // passed over, but the spans may have changed in it).
        var isStale = true
        // The first cluster boundary at or after the offsets looked at so far.
        var boundary = 0
        SpanPieces.forEach(count: bytes.count, spans: spans, taken: shaping) { piece, covering, isNewCovering in
            isStale = isStale || isNewCovering
            // A piece's stretch starts at the first cluster boundary in it: a start inside a
            // cluster moves to the cluster's end (the cluster keeps the style it starts in).
            var first = piece.lowerBound
            if !ShapingStretches.isQuicklyClusterBoundary(first, bytes) {
                while boundary < first { boundary = GraphemeBreaking.clusterEnd(startingAt: boundary, inUTF8: bytes) }
                first = boundary
            } else {
                boundary = first
            }
            guard first < piece.upperBound || stretches.isEmpty else { return }
            if isStale {
                style = covering == 0 ? 0 : styleOf(piece, covering)
                isStale = false
            }
            if let last = stretches.last {
                if last.style == style { return }
                stretches[stretches.count - 1].range = last.range.lowerBound..<first
            }
            stretches.append(Stretch(range: first..<piece.upperBound, style: style))
        }
        stretches[stretches.count - 1].range = stretches[stretches.count - 1].range.lowerBound..<bytes.count
    }

    /// The index in `styles` of the shaping style of `piece` (added when new): the spans of
    /// `shaping` over it (`covering`) set over the text's style (`styles[0]`), in order.
    private static func styleOfPiece(_ piece: Range<Int>, covering: SpanPieces.Covering,
                                     spans: UnsafeBufferPointer<AttributedText.Span>,
                                     shaping: UnsafeBufferPointer<Int>, in styles: inout [ShapingStyle]) -> Int {
        var style = styles[0]
        SpanPieces.forEachAttributes(over: piece, covering: covering, spans: spans, taken: shaping) { attributes in
            // Every attribute was checked when the span was added: setting it cannot fail.
            try? style.set(attributes)
        }
        if let known = styles.firstIndex(of: style) { return known }
        styles.append(consume style)
        return styles.count - 1
    }

    /// Whether `offset` is surely a grapheme cluster boundary of `bytes` at a glance: at the
    /// text's ends, or between two ASCII characters but CR LF.
    private static func isQuicklyClusterBoundary(_ offset: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if offset == 0 || offset == bytes.count { return true }
        let before = bytes[offset - 1]
        let after = bytes[offset]
        return before < 0x80 && after < 0x80 && !(before == 0x0D && after == 0x0A)
    }
}
