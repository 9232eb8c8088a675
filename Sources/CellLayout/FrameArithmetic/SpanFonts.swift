@_spi(Caching) import TextMetrics

/// The font chains rows' spans name (`{"font": "Roboto-Medium", "size": 13}`), each (names,
/// size) loaded once per engine and shared by every thread; about ``capacity`` are kept (a
/// feed names a handful), in a ``GenerationalCache``.
package final class SpanFonts: Sendable {
    private struct Key: CacheKey, Hashable {
        var names: [String]
        var size: Double
    }
    private let chains = GenerationalCache<SharedEntry<Key, FontChain>>(capacity: SpanFonts.capacity, shards: 4)
    private let library: FontLibrary
    /// The most chains kept.
    static let capacity = 256

    /// Loads from `library`.
    package init(library: FontLibrary) {
        self.library = library
    }

    /// The chain of `names` at `size`.
    /// - Throws: ``FontError`` or ``InvalidArgumentError`` when a font cannot be loaded.
    package func chain(_ names: [String], size: Double) throws -> FontChain {
        try chains.value(for: Key(names: names, size: size)) {
            try FontChain(named: names, size: size, library: library)
        }
    }
}
