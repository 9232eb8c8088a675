/// A growable array of trivial values in manually managed memory.
///
/// The solver's tables live in these: an element access is a pointer offset, with no
/// reference counting, no uniqueness check and (outside debug builds) no bounds check.
/// Copies of a `RawArray` share its memory; exactly one owner (a `SolverImpl`) calls
/// `deallocate()`, once.
struct RawArray<Element: BitwiseCopyable> {
    // Untyped, so that a debug build (where generic code is not specialised) does not look
    // up the metadata of `UnsafeMutablePointer<Element>` on every access; never nil, so that
    // an access tests nothing (before the first allocation it is `placeholderAddress`).
    private var storage = placeholderAddress
    private(set) var count = 0
    private(set) var capacity = 0

    init() {}

    @inline(__always)
    subscript(index: Int) -> Element {
        unsafeAddress {
            assert(index >= 0 && index < count, "RawArray index out of range")
            return UnsafePointer(pointer + index)
        }
        nonmutating unsafeMutableAddress {
            assert(index >= 0 && index < count, "RawArray index out of range")
            return pointer + index
        }
    }

    /// The first element's address (valid until the array grows); before the first
    /// allocation, a non-null address that must not be dereferenced.
    @inline(__always) var pointer: UnsafeMutablePointer<Element> {
        storage.assumingMemoryBound(to: Element.self)
    }

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow(minimum: count + 1) }
        (pointer + count).initialize(to: element)
        count += 1
    }

    @inline(__always)
    mutating func popLast() -> Element? {
        if count == 0 { return nil }
        count -= 1
        return pointer[count]
    }

    @inline(__always)
    mutating func removeLast() {
        assert(count > 0)
        count -= 1
    }

    /// Forgets every element; the memory is kept for reuse.
    @inline(__always)
    mutating func removeAll() { count = 0 }

    /// Keeps the first `newCount` elements.
    mutating func truncate(to newCount: Int) {
        assert(newCount >= 0 && newCount <= count)
        count = newCount
    }

    /// Adds `extra` elements at the end without initializing them; the caller writes them.
    /// Returns the index of the first.
    @inline(__always)
    mutating func extend(by extra: Int) -> Int {
        let start = count
        if count + extra > capacity { grow(minimum: count + extra) }
        count += extra
        return start
    }

    /// Makes room for at least `minimum` elements in all.
    @inline(__always)
    mutating func reserve(_ minimum: Int) {
        if minimum > capacity { grow(minimum: minimum) }
    }

    /// Replaces the contents with `other`'s.
    mutating func assign(_ other: RawArray<Element>) {
        count = 0
        reserve(other.count)
        if other.count > 0 { pointer.update(from: other.pointer, count: other.count) }
        count = other.count
    }

    @inline(never)
    private mutating func grow(minimum: Int) {
        let newCapacity = Swift.max(minimum, capacity * 2, 8)
        storage = reallocate(capacity > 0 ? storage : nil, keeping: count, of: Element.self, capacity: newCapacity)
        capacity = newCapacity
    }

    /// Appends `count` elements copied from `source`; returns the index of the first.
    @inline(__always)
    mutating func append(from source: UnsafePointer<Element>, count: Int) -> Int {
        let start = extend(by: count)
        if count > 0 { moveElements(from: source, to: pointer + start, count: count) }
        return start
    }

    /// Frees the memory. The array must not be used afterwards.
    mutating func deallocate() {
        if capacity > 0 { storage.deallocate() }
        storage = placeholderAddress
        count = 0
        capacity = 0
    }

    /// Bytes of memory held.
    var footprint: Int { capacity * MemoryLayout<Element>.stride }
}

/// A non-null, suitably aligned address for empty tables; never dereferenced.
@inline(__always) var placeholderAddress: UnsafeMutableRawPointer {
    UnsafeMutableRawPointer(bitPattern: 64).unsafelyUnwrapped
}

/// Moves `count` trivial values from `source` to `target`, which may overlap. The tableau's
/// rows are a handful of cells: a loop is cheaper than a call to `memmove` up to a few.
@inline(__always)
func moveElements<T: BitwiseCopyable>(from source: UnsafePointer<T>, to target: UnsafeMutablePointer<T>, count: Int) {
    if count > 8 {
        target.update(from: source, count: count)
    } else if UnsafePointer(target) < source {
        var index = 0
        while index < count { target[index] = source[index]; index &+= 1 }
    } else {
        var index = count
        while index > 0 { index &-= 1; target[index] = source[index] }
    }
}

/// New memory for `capacity` values of `type`, holding the first `count` of `storage`, which
/// is freed.
func reallocate<T: BitwiseCopyable>(_ storage: UnsafeMutableRawPointer?, keeping count: Int, of type: T.Type,
                                    capacity: Int) -> UnsafeMutableRawPointer {
    let memory = UnsafeMutableRawPointer.allocate(byteCount: capacity * MemoryLayout<T>.stride,
                                                  alignment: MemoryLayout<T>.alignment)
    if let storage {
        memory.copyMemory(from: storage, byteCount: count * MemoryLayout<T>.stride)
        storage.deallocate()
    }
    return memory
}
