import Synchronization

/// A reference that is set at most once and read without a lock: for what a shared object
/// builds on first use and then keeps (a face's context-free and pair advances).
///
/// The standard library's `AtomicLazyReference` does the same, but its `load()` is not
/// inlinable and costs hundreds of instructions per call, which shows on paths that read it
/// for every text. This one keeps the object's address in an `Atomic<UInt>`, whose loads
/// inline to a plain acquiring load.
struct LazyReference<Value: AnyObject & Sendable>: ~Copyable, Sendable {
    /// The object's address, retained once; 0 while unset.
    private let address = Atomic<UInt>(0)

    /// The object, or `nil` when none is stored yet.
    @inline(__always)
    func load() -> Value? {
        loadUnretained()?.takeUnretainedValue()
    }

    /// The object unretained — valid while this reference lives — or `nil` when none is stored yet.
    @inline(__always)
    func loadUnretained() -> Unmanaged<Value>? {
        let raw = address.load(ordering: .acquiring)
        guard raw != 0, let pointer = UnsafeRawPointer(bitPattern: raw) else { return nil }
        return Unmanaged<Value>.fromOpaque(pointer)
    }

    /// Stores `value` when nothing is stored yet and returns what is stored: `value`, or the
    /// object another thread stored first.
    func storeIfNil(_ value: Value) -> Value {
        let retained = Unmanaged.passRetained(value)
        let raw = UInt(bitPattern: retained.toOpaque())
        let (exchanged, original) = address.compareExchange(expected: 0, desired: raw, ordering: .acquiringAndReleasing)
        if exchanged { return value }
        retained.release()
        return Unmanaged<Value>.fromOpaque(UnsafeRawPointer(bitPattern: original)!).takeUnretainedValue()
    }

    /// The stored object, or the one `make` builds when none is stored yet. Two threads may
    /// both build it on first use; one object is kept and both get it.
    @inline(__always)
    func load(orStore make: () -> Value) -> Value {
        if let value = load() { return value }
        return storeIfNil(make())
    }

    deinit {
        let raw = address.load(ordering: .acquiring)
        if let pointer = UnsafeRawPointer(bitPattern: raw) { Unmanaged<Value>.fromOpaque(pointer).release() }
    }
}
