import DotsSSOBasics
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An exclusive advisory lock (`flock`) on a lock file beside a cache entry, held across
/// read–refresh–write so concurrent processes never refresh twice or lose a rotated refresh token.
package final class FileLock {
    private let descriptor: Int32
    package let path: String

    /// Waits up to `timeout` seconds for the lock, polling so a stuck holder produces a clear error, not a hang.
    package init(path: String, timeout: TimeInterval) async throws {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw TokenCacheError.unusableDirectory(path: path, reason: currentErrnoText())
        }
        let deadline = Deadline(seconds: timeout)
        var delay: UInt64 = 5_000_000
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                close(fd)
                throw TokenCacheError.unusableDirectory(path: path, reason: "cannot lock the file")
            }
            guard !deadline.hasPassed else {
                close(fd)
                throw TokenCacheError.lockTimeout(path: path, seconds: timeout)
            }
            try? await Task.sleep(nanoseconds: delay)
            delay = min(delay * 2, 100_000_000)
        }
        descriptor = fd
        self.path = path
    }

    private var released = false

    /// Releases the lock now (also done on `deinit`).
    package func release() {
        guard !released else { return }
        released = true
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    deinit { release() }
}
