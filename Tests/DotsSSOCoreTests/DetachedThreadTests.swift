import Dispatch
import DotsSSOBasics
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("blocking work on threads of its own")
struct DetachedThreadTests {
    @Test("a call made while a reused thread is still busy runs at once on another: a request never waits behind one")
    func neverQueued() async throws {
        // A finished call leaves its thread waiting for more, so the blocked call below most likely runs on it.
        _ = try await DetachedThread.run { 1 }
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let blocked = Task {
            try await DetachedThread.run {
                started.signal(); release.wait()
            }
        }
        // Were calls queued behind the blocked one, these would wait for it: the watchdog ends the wait, and says so.
        let watchdog = OnceBox<Bool>()
        let deadline = DispatchWorkItem {
            watchdog.set(true)
            release.signal()
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + 10, execute: deadline)
        let began = try await DetachedThread.run { started.wait(timeout: .now() + 10) == .success }
        let answer = try await DetachedThread.run { 2 }
        let timedOut = watchdog.value == true
        deadline.cancel()
        if !timedOut { release.signal() }
        try await blocked.value
        #expect(began && answer == 2)
        #expect(!timedOut, "a call waited for the blocked one")
    }

    @Test("calls made one after another reuse the threads of those before them")
    func threadsReused() async throws {
        var threads = Set<Int>()
        for _ in 0..<40 {
            threads.insert(try await DetachedThread.run { Self.threadNumber() })
        }
        // Without reuse, every call has a thread of its own. With it, only a call that comes before the last thread
        // waits again, or after it stopped waiting (a test run can keep this task from resuming for a while), needs a
        // new one: at least one of the forty must find a thread waiting.
        #expect(threads.count < 40, "\(threads.count) threads for 40 calls")
    }

    /// A number for the calling OS thread, given the first time that thread asks (a thread-specific value, which a new
    /// thread starts without even where the system reuses an ended thread's id or stack).
    static func threadNumber() -> Int {
        if let mark = pthread_getspecific(threadMark) { return Int(bitPattern: mark) }
        let number = threadsSeen.increment()
        pthread_setspecific(threadMark, UnsafeRawPointer(bitPattern: number))
        return number
    }

    private static let threadMark: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()
    private static let threadsSeen = Counter()
}
