import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

extension AtomicFile {
    /// Appends `data` to a file another program owns and reads afterwards (GitHub's `GITHUB_STEP_SUMMARY`): created
    /// when missing, never through a symbolic link at its name, and only a regular file (a FIFO nobody reads would
    /// wait for ever).
    package static func append(_ data: Data, to path: String) throws {
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
        guard fd >= 0 else { throw WriteError(path: path, step: "open", reason: currentErrnoText()) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw WriteError(path: path, step: "open", reason: "not a regular file")
        }
        try writeAll(data, to: fd, path: path)
    }
}
