import DotsSSOBasics
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// An exclusive advisory lock (`flock`) on a lock file beside a cache entry, held across
/// read–refresh–write so concurrent processes never refresh twice or lose a rotated refresh token.
package final class FileLock {
    private let descriptor: Int32
    package let path: String

    /// Waits up to `timeout` seconds for the lock, polling so a stuck holder produces a clear error, not a hang.
    /// The lock file follows the one writing rule: a symbolic link planted at its name is never followed (another
    /// user's link would have us create or lock a file of their choosing), and only a plain file of ours is a lock.
    package init(path: String, timeout: TimeInterval) async throws {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard fd >= 0 else {
            let reason =
                errno == ELOOP
                ? "it is a symbolic link, which dots-sso never follows (someone may have planted it): remove it" : currentErrnoText()
            throw TokenCacheError.unusableLock(path: path, reason: reason)
        }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == getuid() else {
            close(fd)
            throw TokenCacheError.unusableLock(
                path: path, reason: "the lock file is not a plain file of this user's (someone else may have put it there): remove it")
        }
        let deadline = Deadline(seconds: timeout)
        var delay: UInt64 = 5_000_000
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                let reason = currentErrnoText()
                close(fd)
                throw TokenCacheError.unusableLock(path: path, reason: reason)
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
