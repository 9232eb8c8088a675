#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One object per thread: made on the thread's first use, kept until the thread exits (a
/// pthread key, whose destructor releases it). For what a thread reuses from text to text
/// without sharing it — the segment buffer, what the itemizer's cluster lane found.
///
/// Each object is confined to its thread, so it needs no lock; a slot is `Sendable` because
/// every thread reads only its own object. A slot is made once, as a `static let` (its key is
/// never deleted).
struct ThreadSpecific<Value: AnyObject>: Sendable {
    /// The pthread key whose value on each thread is that thread's object, retained once.
    private let key: pthread_key_t

    /// A new slot, empty on every thread.
    init() {
        var key = pthread_key_t()
        let made = pthread_key_create(&key) { kept in
            if let kept { Unmanaged<AnyObject>.fromOpaque(kept).release() }
        }
        precondition(made == 0, "pthread_key_create failed: \(made)")
        self.key = key
    }

    /// The calling thread's object, unretained (the thread holds it until it exits), or `nil`
    /// before the thread keeps one.
    @inline(__always)
    var current: Unmanaged<Value>? {
        pthread_getspecific(key).map { Unmanaged<Value>.fromOpaque($0) }
    }

    /// Keeps `value` as the calling thread's object, on the thread's first use (one is never
    /// replaced).
    func keep(_ value: Value) {
        precondition(pthread_getspecific(key) == nil, "a thread's object is kept once")
        let kept = pthread_setspecific(key, Unmanaged.passRetained(value).toOpaque())
        precondition(kept == 0, "pthread_setspecific failed: \(kept)")
    }
}

/// An object a ``ThreadSpecific`` slot makes for each thread on the thread's first use.
protocol ThreadObject: AnyObject {
    /// A new object, for the calling thread.
    init()
}

extension ThreadSpecific where Value: ThreadObject {
    /// The calling thread's object, made and kept on the thread's first use; unretained (the
    /// thread holds it until it exits).
    @inline(__always)
    var object: Unmanaged<Value> {
        if let current { return current }
        let made = Value()
        keep(made)
        return Unmanaged.passUnretained(made)
    }
}
