/// A buffer of segments kept by each thread and reused from text to text: a text's segments
/// are found and measured in it, then copied once into an array of their exact count, which
/// the prepared text keeps.
///
/// An array of the estimated count, appended to, holds a quarter more room than a text's
/// segments need on average and grows by doubling when the estimate falls short; copying a
/// prepared text's segments into an exact array afterwards freed a large buffer for every
/// text, whose consolidation slowed a feed of new texts. Here the kept array is allocated once,
/// exactly, at the end of preparing — next to the objects made with it, which a re-layout of
/// the feed then reads together.
///
/// Its segments are a buffer of its own, not an array: an array appended to in a class's
/// property checks that it is not shared at every segment (the English prepare took 10,964
/// instructions that way, 10,553 so).
///
/// Confined to its thread (a thread-specific value, released when the thread exits); a
/// preparation nested in another on the same thread gets a buffer of its own.
final class SegmentScratch: SegmentSink, ThreadObject {
    // Its thread's alone: accesses need no dynamic exclusivity check (a call into the runtime
    // on every access of a class's stored variable otherwise, so on every segment).
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<MeasuredSegment>
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private var count = 0
    /// Whether a preparation on this thread is using it (one nested in it makes its own).
    @exclusivity(unchecked) private var isInUse = false
    /// The lists measuring the text's new pieces works in, emptied by each use, their room kept.
    @exclusivity(unchecked) var pieceWork = PieceWork()

    /// The most segments a buffer keeps room for between texts (768 KB): a thread that
    /// prepared one very long paragraph does not keep its room.
    static let maxKeptCapacity = 16_384

    /// An empty buffer with room for 256 segments (a thread's, or one for a nested preparation).
    init() {
        capacity = 256
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// The segments added so far, to be measured in place.
    var segments: UnsafeMutableBufferPointer<MeasuredSegment> {
        UnsafeMutableBufferPointer(start: base, count: count)
    }

    /// Appends `segment`, not measured yet (inlined into the splitter's loop).
    @inline(__always)
    func add(_ segment: TextSegment) {
        if count == capacity { grow() }
        (base + count).initialize(to: MeasuredSegment(segment))
        count += 1
    }

    /// Twice the room, the segments kept.
    @inline(never)
    private func grow() {
        let larger = UnsafeMutablePointer<MeasuredSegment>.allocate(capacity: 2 * capacity)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }

    /// Runs `body` with the calling thread's buffer, emptied (a buffer of its own when the
    /// thread's is in use by a preparation this one is nested in).
    static func with<R>(_ body: (SegmentScratch) -> R) -> R {
        // The thread's buffer, when it has one, read apart from the first use's path: with that
        // path in the same expression the prepare copied its measurer four times a text.
        guard let kept = perThread.current else { return perThread.object._withUnsafeGuaranteedRef { $0.use(body) } }
        return kept._withUnsafeGuaranteedRef { scratch in
            scratch.isInUse ? SegmentScratch().use(body) : scratch.use(body)
        }
    }

    /// Runs `body` with this buffer, then empties it (and gives back the room of a very long
    /// paragraph).
    private func use<R>(_ body: (SegmentScratch) -> R) -> R {
        isInUse = true
        defer {
            count = 0  // segments are plain values: nothing to deinitialize
            isInUse = false
            if capacity > SegmentScratch.maxKeptCapacity {
                base.deallocate()
                capacity = 256
                base = .allocate(capacity: capacity)
            }
            if pieceWork.isLarge { pieceWork = PieceWork() }
        }
        return body(self)
    }

    /// Each thread's buffer, released when the thread exits.
    private static let perThread = ThreadSpecific<SegmentScratch>()
}
