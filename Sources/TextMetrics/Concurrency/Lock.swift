#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a `pthread_mutex_t`: the library's one lock.
///
/// Used instead of `Synchronization.Mutex`, whose futex-based lock on Linux is invisible to
/// ThreadSanitizer (it reports every access it guards as a race); a pthread mutex is
/// understood by TSan, so the concurrency tests run clean under `--sanitize=thread`.
@_spi(Caching)
public final class Lock<Value>: @unchecked Sendable {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// The value, kept out of line so that reaching it under the mutex needs no dynamic
    /// exclusivity check (a class's stored `var` would get one on every access).
    @usableFromInline let value: UnsafeMutablePointer<Value>

    /// A lock around `value`.
    public init(_ value: Value) {
        self.value = UnsafeMutablePointer<Value>.allocate(capacity: 1)
        self.value.initialize(to: value)
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with exclusive access to the value (inlinable: other modules' caches
    /// specialize it).
    @inlinable
    public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}
