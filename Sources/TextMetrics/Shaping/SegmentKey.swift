/// The cache key of a segment: its text (trailing whitespace included, separators not)
/// followed by the first character of the next segment, which may kern with it.
struct SegmentKey: Hashable, Sendable {
    /// The segment's text plus the context character.
    var text: String
    /// How many bytes at the end of `text` are context, not segment.
    var contextLength: UInt8

    /// Segments longer than this are shaped every time instead of cached: long tokens
    /// rarely repeat, and capping the key length caps the cache's memory.
    static let maxCachedLength = 96
}
