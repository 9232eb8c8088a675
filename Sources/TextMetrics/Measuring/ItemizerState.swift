/// The state of ``TextItemizer`` between two grapheme clusters: the run it is extending, the
/// whitespace it holds back, and how many runs it has closed. A text's segments are
/// itemized from the state at their start to the state at their end, which is what lets
/// ``SegmentMemo`` replay a segment instead of itemizing it again.
struct ItemizerState: Sendable {
    /// Whitespace after an emoji run, or at a change of direction, waiting for the next
    /// cluster to choose its font.
    struct Held: Sendable, Equatable {
        /// Where the whitespace starts (a UTF-8 offset).
        var start: Int32
        /// Its embedding level.
        var level: UInt8
    }

    /// The run being extended, not closed yet; `nil` before the first cluster.
    var current: TextRun?
    /// Whitespace held back, or `nil`.
    var held: Held?
    /// How many runs are closed.
    var closed: Int
}
