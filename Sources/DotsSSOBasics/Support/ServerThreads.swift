import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Threads of their own for our loopback servers' tasks (a task executor, SE-0417): a server on Swift's cooperative
/// pool stops answering while the pool's few threads are held by long work elsewhere in the process (in a full
/// parallel test run, other tests' synchronous work kept the in-process sandbox from answering a discovery request
/// within the 2 s the command allowed). Jobs run in the order they come, on one thread a core up to four (a
/// loopback listener or a local sandbox needs no more, and a 64-core CI runner should not start 64 for a sign-in);
/// the threads live as long as the process, shared by every server in it.
package final class ServerThreads: TaskExecutor, @unchecked Sendable {
    // @unchecked: `jobs` is only touched with `mutex` held.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let ready: UnsafeMutablePointer<pthread_cond_t>
    private var jobs: [UnownedJob] = []
    private var next = 0
    /// False when no thread could be made (a process at its limit): jobs then go to the global executor.
    private var threadsStarted = false

    /// The process's threads for servers, made on first use.
    package static let shared = ServerThreads(count: min(max(2, ProcessorCount.available), 4))

    private init(count: Int) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        ready = .allocate(capacity: 1)
        ready.initialize(to: pthread_cond_t())
        pthread_cond_init(ready, nil)
        for _ in 0..<count where DetachedThread.start({ [self] in serve() }) { threadsStarted = true }
    }

    package func enqueue(_ job: consuming ExecutorJob) {
        guard threadsStarted else {
            globalConcurrentExecutor.enqueue(job)
            return
        }
        let job = UnownedJob(job)
        pthread_mutex_lock(mutex)
        jobs.append(job)
        pthread_cond_signal(ready)
        pthread_mutex_unlock(mutex)
    }

    /// One thread's loop: the oldest job, run as this executor's, for ever.
    private func serve() {
        while true {
            pthread_mutex_lock(mutex)
            while next == jobs.count { pthread_cond_wait(ready, mutex) }
            let job = jobs[next]
            next += 1
            if next == jobs.count {
                // Drained: start the list again rather than let it grow.
                jobs.removeAll(keepingCapacity: true)
                next = 0
            }
            pthread_mutex_unlock(mutex)
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
