#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The text of the current `errno`, for messages about files.
package func currentErrnoText() -> String {
    String(cString: strerror(errno))
}

/// `write(2)` under one name on every platform (our own `write` methods shadow the bare C name).
func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
    #else
        Darwin.write(descriptor, bytes, count)
    #endif
}
