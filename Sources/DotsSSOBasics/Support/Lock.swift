#if canImport(Glibc)
    import Glibc
#endif

/// A plain mutex for short critical sections shared between threads (the callbacks of libcurl, a signal watcher, the
/// output writers). Ours rather than Foundation's `NSLock`, so the binary needs only FoundationEssentials and links no
/// ICU (about 32 MB of locale data nothing here uses).
package final class Lock: @unchecked Sendable {
    // @unchecked: the mutex is only reached through pthread calls, which are thread-safe by contract.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` holding the lock.
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
