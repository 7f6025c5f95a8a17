import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a file so that readers see either the old content or the new, never a torn mix:
/// a temporary file in the same directory, `fsync`, `rename` over the target, `fsync` of the directory. A symbolic
/// link at the final name is replaced, never followed: another user's link cannot turn our write into theirs.
package enum AtomicFile {
    /// Prefix of in-flight temporary files; readers and listings ignore them.
    package static let temporaryPrefix = ".tmp-"

    /// Writes `data` into a device, FIFO or descriptor the user named on purpose (`/dev/stdout`, `/dev/fd/3`, a
    /// process substitution). Opened without blocking, so a FIFO nobody reads is an error instead of a hang.
    private static func writeInPlace(_ data: Data, to path: String) throws {
        let fd = open(path, O_WRONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            let reason = errno == ENXIO ? "nobody is reading from it" : currentErrnoText()
            throw WriteError(path: path, step: "open", reason: reason)
        }
        defer { close(fd) }
        // Writes block again (a pipe that is full waits for its reader, as a shell redirect would); a regular file
        // behind the name (`/dev/stdout` redirected to a file) is appended to, after what was written there.
        var info = stat()
        let regular = fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
        _ = fcntl(fd, F_SETFL, (fcntl(fd, F_GETFL) & ~O_NONBLOCK) | (regular ? O_APPEND : 0))
        try writeAll(data, to: fd, path: path)
    }

    /// Paths that name a device or descriptor on purpose: under /dev and /proc/self/fd. Elsewhere a FIFO, socket
    /// or device where a report should go is refused: someone else may have put it there. /dev/shm is the exception:
    /// a shared memory folder where CI keeps reports and secrets off the disk, whose files are written (and links
    /// replaced) as anywhere else.
    package static func namesDevice(_ path: String) -> Bool {
        let sharedMemory = path.hasPrefix("/dev/shm/") && !path.split(separator: "/").contains("..")
        return (path.hasPrefix("/dev/") && !sharedMemory) || path.hasPrefix("/proc/self/fd/")
    }

    /// Writes every byte to `fd`, short writes and `EINTR` retried.
    static func writeAll(_ data: Data, to fd: Int32, path: String) throws {
        try data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw WriteError(path: path, step: "write", reason: currentErrnoText())
                }
                offset += written
            }
        }
    }

    /// Failure of a write step, with the path and the OS error.
    package struct WriteError: Error, Sendable, Equatable {
        package let path: String
        package let step: String
        package let reason: String
    }

    /// Writes `data` to `url` with the given permissions. `beforeCommit` runs after the
    /// temporary file is written and before the rename (tests use it to stop a writer mid-way).
    ///
    /// `durable: false` skips the two `fsync`s, for files that can simply be fetched again (downloaded passes): a
    /// killed dots-sso still leaves the old file or the new one, never a torn one, but a crash of the whole machine
    /// may lose the latest of them. Each `fsync` costs a disk flush, which made saving 100 passes several times
    /// slower than downloading them.
    package static func write(
        _ data: Data,
        to url: URL,
        permissions: mode_t = 0o600,
        durable: Bool = true,
        beforeCommit: (() throws -> Void)? = nil
    ) throws {
        // The one writing rule: a symbolic link at the final name is never followed (the rename replaces the link,
        // its target stays as it was); a device or FIFO is written only where the user named one on purpose.
        let path = url.path  // made once: each `URL.path` builds the string again
        if namesDevice(path) { return try writeInPlace(data, to: path) }
        var linkInfo = stat()
        if lstat(path, &linkInfo) == 0 {
            let kind = linkInfo.st_mode & S_IFMT
            if kind != S_IFREG && kind != S_IFLNK && kind != S_IFDIR {
                throw WriteError(
                    path: path, step: "check the path",
                    reason: "it is a \(kind == S_IFIFO ? "FIFO" : kind == S_IFSOCK ? "socket" : "device"), not a file; dots-sso writes "
                        + "in place only to /dev paths named on purpose (such as /dev/stdout)")
            }
        }
        let (fd, temporaryPath) = try temporaryFile(beside: url, step: "create temporary file")
        var committed = false
        defer {
            if !committed { unlink(temporaryPath) }
        }
        do {
            var isOpen = true
            defer { if isOpen { close(fd) } }
            guard fchmod(fd, permissions) == 0 else {
                throw WriteError(path: path, step: "set permissions", reason: currentErrnoText())
            }
            try writeAll(data, to: fd, path: path)
            if durable {
                guard fsync(fd) == 0 else { throw WriteError(path: path, step: "fsync", reason: currentErrnoText()) }
            }
            isOpen = false
            // Without fsync, close is where a file system that allocates late (NFS) reports a full disk.
            guard close(fd) == 0 else { throw WriteError(path: path, step: "close", reason: currentErrnoText()) }
        }
        try beforeCommit?()
        guard rename(temporaryPath, path) == 0 else {
            throw WriteError(path: path, step: "rename", reason: currentErrnoText())
        }
        committed = true
        if durable { syncFolder(of: url) }
    }

    /// A new temporary file (`mkstemp`, 0600) in `url`'s folder, named after it with `temporaryPrefix`: its descriptor
    /// and path. `step` names the attempt in the error.
    static func temporaryFile(beside url: URL, step: String) throws -> (descriptor: Int32, path: String) {
        var template = Array("\(url.deletingLastPathComponent().path)/\(temporaryPrefix)\(url.lastPathComponent).XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw WriteError(path: url.path, step: step, reason: currentErrnoText()) }
        return (fd, String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// Syncs the folder `url` is in, so a rename into it survives a crash of the machine.
    static func syncFolder(of url: URL) {
        let folder = open(url.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return }
        fsync(folder)
        close(folder)
    }

    /// Makes the folder `url` goes in (and its parents, 0755) when it is missing: a report path in a fresh checkout.
    package static func createFolder(for url: URL) throws {
        let folder = url.deletingLastPathComponent()
        if FileStatus(folder.path) != nil { return }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        } catch {
            throw WriteError(
                path: url.path, step: "create folder \(folder.path)",
                reason: FileSystemReason.of(error, otherwise: "cannot create it"))
        }
    }
}
