import CDotsRuntime
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The private folders a run made for itself (`PrivateFolder`), removed when the run is done with them and also
/// when it is interrupted (Ctrl-C, a CI job cancelled with SIGTERM, a closed terminal's SIGHUP): what a command
/// makes in a shared temporary directory it removes, so a day of CI leaves no trail of `dots-sso-*` folders.
package enum ScratchSpace {
    private static let lock = Lock()
    nonisolated(unsafe) private static var folders: Set<String> = []
    nonisolated(unsafe) private static var watching = false
    nonisolated(unsafe) private static var yielded = false

    static func register(_ folder: URL) {
        lock.withLock { _ = folders.insert(folder.path) }
    }

    /// Removes `folder` and everything in it, and forgets it.
    package static func remove(_ folder: URL) {
        lock.withLock { _ = folders.remove(folder.path) }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Forgets `folder` without removing it: its content is the run's result (a contact sheet the report names).
    package static func keep(_ folder: URL) {
        lock.withLock { _ = folders.remove(folder.path) }
    }

    /// On SIGINT, SIGTERM or SIGHUP: removes every folder still registered, then ends by the same signal (the
    /// status a shell and a CI runner expect of an interrupted command). The signal is caught by a C handler that
    /// only writes to a pipe; a thread of its own reads it and cleans up.
    package static func removeOnTermination() {
        let starting = lock.withLock {
            defer { watching = true }
            return !watching
        }
        let pipe = dots_catch_termination_signals()
        guard starting, pipe >= 0 else { return }
        DetachedThread.start(stackSize: 1 << 18) {
            var byte: UInt8 = 0
            while true {
                let count = read(pipe, &byte, 1)
                if count < 0, errno == EINTR { continue }
                guard count == 1 else { return }
                if lock.withLock({ yielded }) { continue }
                let left = lock.withLock { folders }
                for folder in left { try? FileManager.default.removeItem(atPath: folder) }
                dots_end_by_signal(Int32(byte))
            }
        }
    }

    /// Leaves the termination signals to a command that handles them itself (the sandbox shuts down cleanly).
    package static func yieldTerminationSignals() {
        lock.withLock { yielded = true }
    }
}
