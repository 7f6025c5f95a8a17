import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Why a file operation failed, in the system's words ("Permission denied", "No space left on device"): the reason
/// a one-line error gives after the path.
package enum FileSystemReason {
    package static func of(_ error: any Error, otherwise: String) -> String {
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        guard let cocoa = error as? CocoaError else { return otherwise }
        switch cocoa.code {
        case .fileNoSuchFile, .fileReadNoSuchFile: return String(cString: strerror(ENOENT))
        case .fileReadNoPermission, .fileWriteNoPermission: return String(cString: strerror(EACCES))
        case .fileWriteOutOfSpace: return String(cString: strerror(ENOSPC))
        case .fileWriteVolumeReadOnly: return String(cString: strerror(EROFS))
        case .fileWriteFileExists: return String(cString: strerror(EEXIST))
        default: return otherwise
        }
    }
}
