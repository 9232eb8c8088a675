import TextSegmentation

/// What itemizing and measuring did to each segment of the texts of one ``FontChain``, kept so
/// that a segment seen again skips both: a word or a run of ideographs in a feed is replayed
/// from the memo, as a word in one font is taken from its face's segment cache.
///
/// A segment's itemization depends only on its bytes, the character after it (which decides
/// where its last grapheme cluster ends) and ``TextItemizer``'s state at its start: the run
/// being extended (font and script) and whether whitespace is held back. Those make the key.
/// The entry says which runs the itemizer closes inside the segment and what state it leaves,
/// with offsets relative to the segment or to the state it started in, so replaying the
/// entries of a text's segments one after another gives exactly the runs itemizing would.
///
/// A segment's measure depends, besides, on the runs it ends up in, which the segments after
/// it can still change (a later letter gives a run of punctuation its script; held whitespace
/// takes the font of what follows). So each entry also keeps the runs over its segment when
/// it was measured, and its measure is used only when the replayed runs over the segment are
/// the same; otherwise the text is measured as usual.
///
/// Only left-to-right texts are memoized (a right-to-left cluster anywhere changes the levels
/// of the whole paragraph), and only segments seen before: an entry is made when every piece
/// of the segment came from a cache, so a text of new words stores nothing.
///
/// Bounded and thread-safe through ``GenerationalCache``; the entries are immutable.
final class SegmentMemo: Sendable {
    /// The default number of segments remembered per chain.
    static let defaultCapacity = 32_768

    private let entries: GenerationalCache<SegmentKey, Entry>

    init(capacity: Int = defaultCapacity) {
        entries = GenerationalCache(capacity: capacity)
    }

    /// The number of segments remembered now.
    var count: Int { entries.count }

    // MARK: - Entries

    /// A position the itemizer wrote during a segment: inside the segment (relative to its
    /// start), or one of the positions of the state it started in, which lie before it.
    enum Anchor: Sendable, Equatable {
        case offset(Int32)
        case entryRunStart
        case entryRunEnd
        case entryHeldStart
    }

    /// A run as the memo keeps it: left to right (level 0), its ends anchored.
    struct Run: Sendable {
        let start: Anchor
        let end: Anchor
        let font: UInt8
        let script: UnicodeScript
    }

    /// A piece of the runs over a segment, relative to its start, as measured.
    struct Piece: Sendable, Equatable {
        let start: Int32
        let end: Int32
        let font: UInt8
        let script: UnicodeScript
    }

    /// One segment: how the itemizer went through it and what it measured.
    final class Entry: Sendable {
        /// The runs closed inside the segment, in order.
        let closed: [Run]
        /// The run being extended at the segment's end.
        let current: Run?
        /// Where whitespace held back at the segment's end starts.
        let held: Anchor?
        /// The segment measured: usually one, or its parts where a character run was cut.
        /// Offsets are relative to the segment's start; widths are in the chain's layout units.
        let segments: [TextSegment]
        /// The runs over the segment when it was measured, and whether the last went on after it.
        let pieces: [Piece]
        let lastContinues: Bool

        init(closed: [Run], current: Run?, held: Anchor?, segments: [TextSegment], pieces: [Piece],
             lastContinues: Bool) {
            self.closed = closed
            self.current = current
            self.held = held
            self.segments = segments
            self.pieces = pieces
            self.lastContinues = lastContinues
        }
    }

    // MARK: - Keys

    /// The key of the segment `segment` of `bytes` itemized from `state`, or `nil` when it
    /// cannot be memoized (too long, a language number too large for the key).
    private static func key(of segment: TextSegment, _ bytes: UnsafeBufferPointer<UInt8>, from state: ItemizerState,
                            language: ShapingLanguage?) -> SegmentKey? {
        let languageNumber = language?.number ?? 0
        guard languageNumber < 1 << 15 else { return nil }
        let start = Int(segment.start)
        var end = Int(segment.end)
        if end < bytes.count { end += UTF8Scan.codePoint(at: end, in: bytes).length }
        guard end - start <= SegmentKey.maxCachedLength else { return nil }
        var salt = languageNumber << 16
        if let run = state.current {
            salt |= 1 | UInt32(run.font) << 1 | UInt32(run.script.rawValue) << 5
        }
        if state.held != nil { salt |= 1 << 13 }
        if segment.isCharacterRun { salt |= 1 << 14 }
        if segment.isMandatoryBreak { salt |= 1 << 15 }
        return SegmentKey(UnsafeBufferPointer(rebasing: bytes[start..<end]), contextLength: end - Int(segment.end),
                          trailingLength: min(255, Int(segment.end - segment.contentEnd)), salt: salt)
    }

    // MARK: - Replaying

    /// The measured segments and runs of a text whose segments (as ``SegmentSplitter`` cut
    /// them, not measured) are all in the memo and measure as remembered; `nil` otherwise, or
    /// when the text is one run in the primary font (measured in that font's units).
    func replay(_ segments: [TextSegment], in bytes: UnsafeBufferPointer<UInt8>, fonts: FontChain,
                language: ShapingLanguage?) -> (segments: [TextSegment], runs: [TextRun])? {
        var state = ItemizerState(current: nil, held: nil, closed: 0)
        var runs: [TextRun] = []
        runs.reserveCapacity(16)
        var found: [Entry] = []
        found.reserveCapacity(segments.count)
        for segment in segments {
            guard let key = SegmentMemo.key(of: segment, bytes, from: state, language: language),
                  let entry = entries.value(for: key),
                  SegmentMemo.apply(entry, at: segment.start, to: &state, runs: &runs) else { return nil }
            found.append(entry)
        }
        TextItemizer.finish(state, runs: &runs, in: bytes, fonts: fonts)
        if language == nil, runs.count == 1, runs[0].font == 0, runs[0].level == 0 { return nil }
        // The measures hold where the runs over each segment are those it was measured in.
        var measured: [TextSegment] = []
        measured.reserveCapacity(segments.count)
        var r = 0
        for (segment, entry) in zip(segments, found) {
            guard SegmentMemo.pieces(of: segment, in: runs, from: &r, match: entry) else { return nil }
            for var part in entry.segments {
                part.start += segment.start
                part.contentEnd += segment.start
                part.shapedEnd += segment.start
                part.end += segment.start
                measured.append(part)
            }
        }
        return (measured, runs)
    }

    /// Replays `entry` for a segment starting at `start`: appends the runs it closes and
    /// moves `state` to its end. `false` when the entry does not fit the state.
    private static func apply(_ entry: Entry, at start: Int32, to state: inout ItemizerState,
                              runs: inout [TextRun]) -> Bool {
        let before = state
        func position(_ anchor: Anchor) -> Int32? {
            switch anchor {
            case .offset(let offset): return start + offset
            case .entryRunStart: return before.current?.start
            case .entryRunEnd: return before.current?.end
            case .entryHeldStart: return before.held?.start
            }
        }
        func run(_ run: Run) -> TextRun? {
            guard let start = position(run.start), let end = position(run.end) else { return nil }
            return TextRun(start: start, end: end, font: run.font, script: run.script, level: 0)
        }
        for closed in entry.closed {
            guard let closed = run(closed) else { return false }
            runs.append(closed)
        }
        state.current = nil
        if let current = entry.current {
            guard let current = run(current) else { return false }
            state.current = current
        }
        state.held = nil
        if let held = entry.held {
            guard let heldStart = position(held) else { return false }
            state.held = ItemizerState.Held(start: heldStart, level: 0)
        }
        state.closed = runs.count
        return true
    }

    /// Whether the runs over `segment` (from run `r` on, which moves to the segment's last
    /// run) are the pieces `entry` was measured in.
    private static func pieces(of segment: TextSegment, in runs: [TextRun], from r: inout Int, match entry: Entry) -> Bool {
        while r + 1 < runs.count, runs[r].end <= segment.start { r += 1 }
        var index = 0
        while true {
            let run = runs[r]
            guard index < entry.pieces.count else { return false }
            let piece = entry.pieces[index]
            guard piece.font == run.font, piece.script == run.script, run.level == 0,
                  piece.start == max(run.start, segment.start) - segment.start,
                  piece.end == min(run.end, segment.end) - segment.start else { return false }
            index += 1
            guard run.end < segment.end, r + 1 < runs.count else { break }
            r += 1
        }
        return index == entry.pieces.count && (runs[r].end > segment.end) == entry.lastContinues
    }

    // MARK: - Remembering

    /// Remembers the segments of a text itemized into `runs` with the itemizer's `states` (at
    /// the start of each segment after the first, and at the end) and measured as `measured`:
    /// those whose states are known and none of whose pieces was shaped this time (`shaped`:
    /// indices into `measured`, increasing).
    func remember(_ segments: [TextSegment], states: [ItemizerState?], runs: [TextRun], measured: [TextSegment],
                  shaped: [Int], in bytes: UnsafeBufferPointer<UInt8>, language: ShapingLanguage?) {
        guard states.count == segments.count else { return }
        var m = 0  // the first measured segment of the segment
        var s = 0  // the next index into `shaped`
        var r = 0
        for (k, segment) in segments.enumerated() {
            let first = m
            while m < measured.count, measured[m].end <= segment.end { m += 1 }
            var isNew = false
            while s < shaped.count, shaped[s] < m {
                isNew = isNew || shaped[s] >= first
                s += 1
            }
            while r + 1 < runs.count, runs[r].end <= segment.start { r += 1 }
            let entryState = k == 0 ? ItemizerState(current: nil, held: nil, closed: 0) : states[k - 1]
            guard !isNew, let before = entryState, let after = states[k],
                  measured[first].start == segment.start, measured[m - 1].end == segment.end,
                  let key = SegmentMemo.key(of: segment, bytes, from: before, language: language),
                  let entry = SegmentMemo.entry(segment, before: before, after: after, runs: runs, from: r,
                                                measured: measured[first..<m]) else { continue }
            entries.store(entry, for: key)
        }
    }

    /// The entry of `segment`, itemized from `before` to `after`; `nil` when some position
    /// cannot be anchored.
    private static func entry(_ segment: TextSegment, before: ItemizerState, after: ItemizerState, runs: [TextRun],
                              from r: Int, measured: ArraySlice<TextSegment>) -> Entry? {
        let start = segment.start
        func anchor(_ position: Int32) -> Anchor? {
            if position >= start { return .offset(position - start) }
            if position == before.current?.start { return .entryRunStart }
            if position == before.held?.start { return .entryHeldStart }
            if position == before.current?.end { return .entryRunEnd }
            return nil
        }
        var closed: [Run] = []
        for index in before.closed..<after.closed {
            guard let memoized = SegmentMemo.run(runs[index], anchoredBy: anchor) else { return nil }
            closed.append(memoized)
        }
        var current: Run?
        if let run = after.current {
            guard let memoized = SegmentMemo.run(run, anchoredBy: anchor) else { return nil }
            current = memoized
        }
        var held: Anchor?
        if let spaces = after.held {
            guard spaces.level == 0, let heldStart = anchor(spaces.start) else { return nil }
            held = heldStart
        }
        var pieces: [Piece] = []
        var index = r
        while true {
            let run = runs[index]
            pieces.append(Piece(start: max(run.start, start) - start, end: min(run.end, segment.end) - start,
                                font: run.font, script: run.script))
            guard run.end < segment.end, index + 1 < runs.count else { break }
            index += 1
        }
        let parts = measured.map { part -> TextSegment in
            var part = part
            part.start -= start
            part.contentEnd -= start
            part.shapedEnd -= start
            part.end -= start
            return part
        }
        return Entry(closed: closed, current: current, held: held, segments: parts, pieces: pieces,
                     lastContinues: runs[index].end > segment.end)
    }

    private static func run(_ run: TextRun, anchoredBy anchor: (Int32) -> Anchor?) -> Run? {
        guard run.level == 0, let start = anchor(run.start), let end = anchor(run.end) else { return nil }
        return Run(start: start, end: end, font: run.font, script: run.script)
    }
}
