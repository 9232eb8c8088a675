import Synchronization
@_spi(Caching) import TextMetrics

/// The font chains rows' spans name (`{"font": "Roboto-Medium", "size": 13}`), each (names,
/// size) loaded once per engine and shared by every thread; at most ``capacity`` are kept
/// (a feed names a handful), the table emptied when it is full.
package final class SpanFonts: Sendable {
    private struct Key: Hashable {
        var names: [String]
        var size: Double
    }
    private let chains = Mutex<[Key: FontChain]>([:])
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
        let key = Key(names: names, size: size)
        if let chain = chains.withLock({ $0[key] }) { return chain }
        let chain = try FontChain(named: names, size: size, library: library)
        chains.withLock { chains in
            if chains.count >= SpanFonts.capacity { chains.removeAll() }
            chains[key] = chain
        }
        return chain
    }
}
