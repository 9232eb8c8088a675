/// Variable-length lists (the cells of tableau rows, the slots of column indexes) carved
/// out of one buffer, so that building a row or indexing a symbol allocates nothing.
///
/// A list lives in a block of 4 · 2^k elements. A list that outgrows its block moves to a
/// block twice as large and its old block goes on the free list of its size, so a
/// long-lived solver reuses its blocks rather than asking for memory: the pool's size
/// follows the largest tableau it has held. Blocks are addressed by offset, since the
/// buffer moves when it grows — a pointer into the pool is valid only until the next
/// `allocate`.
struct BlockPool<Element: BitwiseCopyable> {
    // The buffer is managed here, untyped, rather than by a `RawArray<Element>`, whose
    // metadata a debug build would look up at run time on every access; never nil (see
    // `RawArray`).
    private var storage = placeholderAddress
    private var capacity = 0
    /// Elements in blocks handed out or on free lists.
    private(set) var reserved = 0
    /// The first free block of each size class (offset), or -1; allocated on first use.
    private var freeHeads = RawArray<Int32>()

    static var sizeClasses: Int { 27 }

    /// The capacity of the block that holds `count` elements: the least 4 · 2^k ≥ count.
    @inline(__always)
    static func blockCapacity(for count: Int) -> Int {
        count <= 4 ? 4 : 1 << (Int.bitWidth - (count - 1).leadingZeroBitCount)
    }

    @inline(__always)
    private static func sizeClass(ofCapacity capacity: Int) -> Int {
        capacity.trailingZeroBitCount - 2
    }

    /// The address of the block at `start`.
    @inline(__always)
    func pointer(_ start: Int32) -> UnsafeMutablePointer<Element> {
        storage.assumingMemoryBound(to: Element.self) + Int(start)
    }

    /// A block for at least `count` elements: its offset and capacity.
    @inline(__always)
    mutating func allocate(atLeast count: Int) -> (start: Int32, capacity: Int32) {
        let capacity = Self.blockCapacity(for: count)
        let sizeClass = Self.sizeClass(ofCapacity: capacity)
        precondition(sizeClass < Self.sizeClasses, "a tableau row or column of \(count) entries is too long")
        if sizeClass < freeHeads.count {
            let head = freeHeads[sizeClass]
            if head >= 0 {
                freeHeads[sizeClass] = UnsafeMutableRawPointer(pointer(head)).load(as: Int32.self)
                return (head, Int32(capacity))
            }
        }
        let start = reserved
        precondition(start + capacity <= Int(Int32.max), "the tableau outgrew 2³¹ cells")
        if start + capacity > self.capacity { grow(minimum: start + capacity) }
        reserved += capacity
        return (Int32(start), Int32(capacity))
    }

    @inline(never)
    private mutating func grow(minimum: Int) {
        let newCapacity = Swift.max(minimum, capacity * 2, 64)
        storage = reallocate(capacity > 0 ? storage : nil, keeping: reserved, of: Element.self, capacity: newCapacity)
        capacity = newCapacity
    }

    /// Puts the block at `start` on its free list.
    @inline(__always)
    mutating func release(start: Int32, capacity: Int32) {
        if capacity == 0 { return }
        if freeHeads.isEmpty {
            _ = freeHeads.extend(by: Self.sizeClasses)
            for index in 0..<Self.sizeClasses { freeHeads[index] = -1 }
        }
        let sizeClass = Self.sizeClass(ofCapacity: Int(capacity))
        UnsafeMutableRawPointer(pointer(start)).storeBytes(of: freeHeads[sizeClass], as: Int32.self)
        freeHeads[sizeClass] = start
    }

    /// Forgets every block; the memory is kept for reuse.
    mutating func removeAll() {
        freeHeads.removeAll()
        reserved = 0
    }

    /// Frees the memory. The pool must not be used afterwards.
    mutating func deallocate() {
        if capacity > 0 { storage.deallocate() }
        storage = placeholderAddress
        capacity = 0
        freeHeads.deallocate()
        reserved = 0
    }

    /// Bytes of memory held.
    var footprint: Int { capacity * MemoryLayout<Element>.stride + freeHeads.footprint }
}
