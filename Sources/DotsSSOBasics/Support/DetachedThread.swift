#if canImport(Glibc)
    import Glibc
#endif

/// Runs blocking work (a libcurl call, a read of the terminal, a signal pipe) on a thread of its own, so Swift's
/// cooperative pool is never held by it. A POSIX thread rather than Foundation's `Thread`, which would link ICU.
package enum DetachedThread {
    /// Starts `work` on a new detached thread with a stack of `stackSize` bytes (the system default when nil).
    /// Returns false, without running `work`, if the system would not make a thread.
    @discardableResult
    package static func start(stackSize: Int? = nil, _ work: @escaping @Sendable () -> Void) -> Bool {
        let box = Unmanaged.passRetained(WorkBox(work)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        if let stackSize { pthread_attr_setstacksize(&attributes, max(stackSize, Int(PTHREAD_STACK_MIN))) }
        var thread = pthread_t()
        let started = pthread_create(
            &thread, &attributes,
            { raw in
                let work = Unmanaged<WorkBox>.fromOpaque(raw!).takeRetainedValue()
                work.run()
                return nil
            }, box)
        guard started == 0 else {
            Unmanaged<WorkBox>.fromOpaque(box).release()
            return false
        }
        return true
    }

    /// Runs `work` on a new thread and awaits its result, so blocking or long synchronous work (libcurl's easy
    /// interface; a test's scan of the sources) holds no thread of Swift's cooperative pool, which has one a core and
    /// adds more only after a delay. With no thread to be had (a process at its limit), the work runs here instead.
    package static func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            let started = start { continuation.resume(with: Result { try work() }) }
            if !started { continuation.resume(with: Result { try work() }) }
        }
    }

    private final class WorkBox {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
