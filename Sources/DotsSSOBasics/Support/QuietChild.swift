import CDotsRuntime

#if canImport(Glibc)
    import Glibc
#endif

/// A child process that talks to nobody (stdin, stdout and stderr on /dev/null): the browser opener, a drawing child.
/// Started with posix_spawn rather than Foundation's `Process`, which would link ICU into the binary.
package final class QuietChild: @unchecked Sendable {
    // @unchecked: `ended` is guarded by `lock`.
    /// How a child ended.
    package enum Ending: Equatable, Sendable {
        case exited(Int32)
        case signaled(Int32)
    }

    package let pid: pid_t
    private let lock = Lock()
    private var ended: Ending?

    /// Starts `executable` (a path, not searched in PATH) with `arguments`; throws the system's reason when it cannot.
    package init(executable: String, arguments: [String]) throws(ChildStartError) {
        let argv = ([executable] + arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var child: Int32 = 0
        let status = (argv + [nil]).withUnsafeBufferPointer { pointers in
            dots_spawn_quiet(executable, pointers.baseAddress, &child)
        }
        guard status == 0 else { throw ChildStartError(reason: String(cString: strerror(status))) }
        pid = pid_t(child)
    }

    /// Whether it still runs (reaps it, without waiting, when it has ended).
    package var isRunning: Bool { ending == nil }

    /// How it ended, or nil while it runs.
    package var ending: Ending? {
        lock.withLock {
            if ended == nil { ended = Self.reap(pid, blocking: false) }
            return ended
        }
    }

    /// Waits for it to end.
    @discardableResult
    package func waitUntilExit() -> Ending {
        lock.withLock {
            while ended == nil { ended = Self.reap(pid, blocking: true) }
            return ended ?? .exited(0)
        }
    }

    /// Sends `signal` (SIGKILL at a deadline) unless it has already been reaped.
    package func send(_ signal: Int32) {
        lock.withLock { if ended == nil { kill(pid, signal) } }
    }

    private static func reap(_ pid: pid_t, blocking: Bool) -> Ending? {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, blocking ? 0 : WNOHANG)
            if result == -1, errno == EINTR { continue }
            // ECHILD: someone else reaped it; treat it as ended without a status of its own.
            if result == -1 { return .exited(-1) }
            if result == 0 { return nil }
            break
        }
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
    }
}

/// Why a child could not be started (the binary moved away, no permission).
package struct ChildStartError: Error, Sendable {
    package let reason: String
}
