/// The ``SegmentMemo``s of the font chains a face is the primary font of, one per list of
/// fallback faces, so every ``FontChain`` value made of the same faces — at any size, for
/// every request — shares one memo (its widths are in the chain's layout units, which do
/// not depend on the size).
///
/// Bounded: a face keeps the memos of its first ``maxChains`` chains; texts in any further
/// chain are itemized and measured every time. Thread-safe.
final class SegmentMemoRegistry: Sendable {
    /// The most chains a face keeps memos for.
    static let maxChains = 8

    private struct Chain {
        /// The fallback faces, compared by identity.
        let fallbacks: [ObjectIdentifier]
        /// Holds the fallback faces, so no identity is reused while the memo lives (the
        /// primary face itself is not held: it holds the registry).
        let faces: [FontFace]
        let memo: SegmentMemo
    }

    private let chains = Lock<[Chain]>([])

    /// The memo of the chain of `primary` followed by `fallbacks`; `nil` when the face
    /// already keeps ``maxChains`` others.
    func memo(primary: FontFace, fallbacks: ArraySlice<FontFace>) -> SegmentMemo? {
        let identities = fallbacks.map { ObjectIdentifier($0) }
        return chains.withLock { chains in
            if let chain = chains.first(where: { $0.fallbacks == identities }) { return chain.memo }
            guard chains.count < SegmentMemoRegistry.maxChains else { return nil }
            let chain = Chain(fallbacks: identities, faces: fallbacks.filter { $0 !== primary }, memo: SegmentMemo())
            chains.append(chain)
            return chain.memo
        }
    }
}
