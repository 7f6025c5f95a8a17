import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension AtomicFile {
    /// An atomic replacement proven possible before the new content exists: the temporary file beside the target is
    /// made and filled with `bytes` bytes (so the disk has room for them) when the reservation is made, and the content
    /// is written into it and renamed over the target later. A credential that a request will spend (a rotated refresh
    /// token) is sent only once its successor has somewhere to go: a read-only folder (a secret mount) or a full disk
    /// is found before the request, not after it.
    package final class Reservation {
        package let target: URL
        private let temporaryPath: String
        private var descriptor: Int32
        private var finished = false

        /// Makes the temporary file beside `target` (mode `permissions`) holding `bytes` bytes, synced to disk.
        package init(for target: URL, bytes: Int, permissions: mode_t = 0o600) throws {
            self.target = target
            let (fd, path) = try AtomicFile.temporaryFile(beside: target, step: "create a file beside it")
            descriptor = fd
            temporaryPath = path
            do {
                guard fchmod(fd, permissions) == 0 else {
                    throw WriteError(path: target.path, step: "set permissions", reason: currentErrnoText())
                }
                try AtomicFile.writeAll(Data(count: bytes), to: fd, path: target.path)
                guard fsync(fd) == 0 else { throw WriteError(path: target.path, step: "fsync", reason: currentErrnoText()) }
            } catch {
                discard()
                throw error
            }
        }

        /// Writes `data` over the reserved bytes, cuts the file to its length, syncs it and renames it over the target
        /// (a symbolic link there is replaced, never followed). Content longer than the reservation still goes in, but
        /// only the reserved part was proven to fit.
        package func commit(_ data: Data) throws {
            guard !finished else { throw WriteError(path: target.path, step: "commit", reason: "the reservation was already used") }
            defer { discard() }
            guard lseek(descriptor, 0, SEEK_SET) == 0 else {
                throw WriteError(path: target.path, step: "seek", reason: currentErrnoText())
            }
            try AtomicFile.writeAll(data, to: descriptor, path: target.path)
            guard ftruncate(descriptor, off_t(data.count)) == 0 else {
                throw WriteError(path: target.path, step: "truncate", reason: currentErrnoText())
            }
            guard fsync(descriptor) == 0 else { throw WriteError(path: target.path, step: "fsync", reason: currentErrnoText()) }
            let closed = close(descriptor)
            descriptor = -1
            guard closed == 0 else { throw WriteError(path: target.path, step: "close", reason: currentErrnoText()) }
            guard rename(temporaryPath, target.path) == 0 else {
                throw WriteError(path: target.path, step: "rename", reason: currentErrnoText())
            }
            finished = true
            AtomicFile.syncFolder(of: target)
        }

        /// Removes the temporary file (the target stays as it was); done on `deinit` too.
        package func discard() {
            if descriptor >= 0 {
                close(descriptor)
                descriptor = -1
            }
            guard !finished else { return }
            finished = true
            unlink(temporaryPath)
        }

        deinit { discard() }
    }
}
