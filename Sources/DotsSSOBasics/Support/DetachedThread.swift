#if canImport(Glibc)
    import Glibc
#endif

/// Runs blocking work (a libcurl call, a read of the terminal, a signal pipe) on a thread of its own, so Swift's
/// cooperative pool is never held by it. A POSIX thread rather than Foundation's `Thread`, which would link ICU.
package enum DetachedThread {
    /// Starts `work` on a new detached thread with a stack of `stackSize` bytes (the system default when nil).
    /// Returns false, without running `work`, if the system would not make a thread. Always a new thread: CPU-bound
    /// work split across cores (ThreadShares) measured slower on a woken idle thread, which the scheduler may leave
    /// on the core of the thread that woke it.
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

    /// Runs `work` on a thread of its own and awaits its result, so blocking or long synchronous work (libcurl's easy
    /// interface; a test's scan of the sources) holds no thread of Swift's cooperative pool, which has one a core and
    /// adds more only after a delay. The thread is one that finished such work and waits for more (`IdleThreads`),
    /// else a new one, which waits likewise once done. With no thread to be had (a process at its limit), the work
    /// runs here instead.
    package static func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            let job: @Sendable () -> Void = { continuation.resume(with: Result { try work() }) }
            if IdleThreads.shared.hand(job) { return }
            let started = start {
                job()
                IdleThreads.shared.serve()
            }
            if !started { job() }
        }
    }

    private final class WorkBox {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}

/// Threads of `DetachedThread.run` that finished their work, waiting a moment for more. A command that runs one
/// blocking call after another (`passes fetch`: a request a pass) then starts a thread a connection rather than one a
/// request: 100 passes started 148 threads, now 11. Work is only handed to a thread already waiting, one item a
/// waiting thread, so it never queues behind work still running.
private final class IdleThreads: @unchecked Sendable {
    // @unchecked: `waiting` and `handed` are only touched with `mutex` held.
    static let shared = IdleThreads()

    /// How long a thread waits for more work before it ends: long enough for the next request of a batch, short
    /// enough that an idle process keeps no threads.
    static let lingerNanoseconds = 250_000_000

    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let handedOver: UnsafeMutablePointer<pthread_cond_t>
    private var waiting = 0
    private var handed: [@Sendable () -> Void] = []

    private init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)  // the wait is unmoved by a change of the wall clock
        handedOver = .allocate(capacity: 1)
        handedOver.initialize(to: pthread_cond_t())
        pthread_cond_init(handedOver, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    /// Hands `work` to a waiting thread; false when every waiting thread already has work coming.
    func hand(_ work: @escaping @Sendable () -> Void) -> Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        guard waiting > handed.count else { return false }
        handed.append(work)
        pthread_cond_signal(handedOver)
        return true
    }

    /// The rest of a thread's life once its own work is done: whatever is handed to it, until nothing comes in time.
    func serve() {
        while let work = next() { work() }
    }

    private func next() -> (@Sendable () -> Void)? {
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let nanoseconds = deadline.tv_nsec + Self.lingerNanoseconds
        deadline.tv_sec += nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        waiting += 1
        // A thread that times out still takes work handed meanwhile: each item was counted against a waiting thread.
        while handed.isEmpty, pthread_cond_timedwait(handedOver, mutex, &deadline) != ETIMEDOUT {}
        waiting -= 1
        return handed.isEmpty ? nil : handed.removeFirst()
    }
}
