import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// What `stat(2)` says about a path: cheap, unlike `FileManager.attributesOfItem`, which also looks up the
/// owner's user and group names — noticeable when a batch checks hundreds of files.
package struct FileStatus: Sendable {
    package let isDirectory: Bool
    /// A plain file, whose size is its length (not a FIFO or a device such as /dev/zero).
    package let isRegular: Bool
    package let size: Int
    /// The permission bits (`0o644`).
    package let mode: UInt32

    /// Whether the path itself is a symbolic link (only seen with `followingLinks: false`).
    package let isLink: Bool

    /// nil when the path does not exist or cannot be examined. `followingLinks: false` describes a symbolic link
    /// itself (`lstat`) rather than what it points to.
    package init?(_ path: String, followingLinks: Bool = true) {
        var info = stat()
        guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
        self.init(info)
    }

    /// What an open file is (`fstat(2)`): for a reader that opens first, so the path is looked up once.
    package init?(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        self.init(info)
    }

    private init(_ info: stat) {
        isLink = (info.st_mode & S_IFMT) == S_IFLNK
        isDirectory = (info.st_mode & S_IFMT) == S_IFDIR
        isRegular = (info.st_mode & S_IFMT) == S_IFREG
        size = Int(info.st_size)
        mode = UInt32(info.st_mode) & 0o7777
    }
}
