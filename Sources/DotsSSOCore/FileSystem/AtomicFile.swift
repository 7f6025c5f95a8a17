import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file so that readers see either the old content or the new, never a torn mix:
/// a temporary file in the same directory, `fsync`, `rename` over the target, `fsync` of the directory.
public enum AtomicFile {
    /// Prefix of in-flight temporary files; readers and listings ignore them.
    public static let temporaryPrefix = ".tmp-"

    /// Writes `data` into an existing device or FIFO.
    private static func writeInPlace(_ data: Data, to path: String) throws {
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw WriteError(path: path, step: "open", reason: currentErrnoText()) }
        defer { close(fd) }
        try writeAll(data, to: fd, path: path)
    }

    /// Writes every byte to `fd`, short writes and `EINTR` retried.
    private static func writeAll(_ data: Data, to fd: Int32, path: String) throws {
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
    public struct WriteError: Error, Sendable, Equatable {
        public let path: String
        public let step: String
        public let reason: String
    }

    /// Writes `data` to `url` with the given permissions. `beforeCommit` runs after the
    /// temporary file is written and before the rename (tests use it to stop a writer mid-way).
    ///
    /// `durable: false` skips the two `fsync`s, for files that can simply be fetched again (downloaded passes): a
    /// killed dots-sso still leaves the old file or the new one, never a torn one, but a crash of the whole machine
    /// may lose the latest of them. Each `fsync` costs a disk flush, which made saving 100 passes several times
    /// slower than downloading them.
    public static func write(
        _ data: Data,
        to url: URL,
        permissions: mode_t = 0o600,
        durable: Bool = true,
        beforeCommit: (() throws -> Void)? = nil
    ) throws {
        // A device or FIFO (`--junit /dev/stdout`, `/dev/full`) is written in place: renaming over it would replace
        // the device with a plain file. A symbolic link is followed, so the link itself stays.
        if let status = FileStatus(url.path), !status.isRegular, !status.isDirectory {
            return try writeInPlace(data, to: url.path)
        }
        var linkInfo = stat()
        let url = lstat(url.path, &linkInfo) == 0 && (linkInfo.st_mode & S_IFMT) == S_IFLNK ? url.resolvingSymlinksInPath() : url
        let directory = url.deletingLastPathComponent().path
        var template = Array("\(directory)/\(temporaryPrefix)\(url.lastPathComponent).XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw WriteError(path: url.path, step: "create temporary file", reason: currentErrnoText()) }
        let temporaryPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var committed = false
        defer {
            if !committed { unlink(temporaryPath) }
        }
        do {
            var isOpen = true
            defer { if isOpen { close(fd) } }
            guard fchmod(fd, permissions) == 0 else {
                throw WriteError(path: url.path, step: "set permissions", reason: currentErrnoText())
            }
            try writeAll(data, to: fd, path: url.path)
            if durable {
                guard fsync(fd) == 0 else { throw WriteError(path: url.path, step: "fsync", reason: currentErrnoText()) }
            }
            isOpen = false
            // Without fsync, close is where a file system that allocates late (NFS) reports a full disk.
            guard close(fd) == 0 else { throw WriteError(path: url.path, step: "close", reason: currentErrnoText()) }
        }
        try beforeCommit?()
        guard rename(temporaryPath, url.path) == 0 else {
            throw WriteError(path: url.path, step: "rename", reason: currentErrnoText())
        }
        committed = true
        guard durable else { return }
        let dirFD = open(directory, O_RDONLY | O_DIRECTORY)
        if dirFD >= 0 {
            fsync(dirFD)
            close(dirFD)
        }
    }

    /// Makes the folder `url` goes in (and its parents, 0755) when it is missing: a report path in a fresh checkout.
    public static func createFolder(for url: URL) throws {
        let folder = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) { return }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        } catch {
            throw WriteError(path: url.path, step: "create folder \(folder.path)", reason: (error as NSError).localizedFailureReason ?? "cannot create it")
        }
    }
}
