#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The text of the current `errno`, for messages about files.
func currentErrnoText() -> String {
    String(cString: strerror(errno))
}
