import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Reads from a raw file descriptor (stdin, an input file, a locked cache file), retrying interrupted calls; writes go
/// through `FileDescriptorOutput` and `AtomicFile`. What Foundation's `FileHandle` did for us, without its ICU.
package enum FileDescriptorIO {
    /// Up to `count` bytes from `fd`; empty at end of input. Throws the system's reason on a read error.
    package static func read(_ fd: Int32, upToCount count: Int) throws -> Data {
        guard count > 0 else { return Data() }
        let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 1)
        defer { scratch.deallocate() }
        let got = try read(fd, into: scratch)
        return Data(UnsafeRawBufferPointer(rebasing: scratch[..<got]))
    }

    /// Reads into `buffer` what `fd` has, up to its size; 0 at end of input.
    package static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard buffer.count > 0 else { return 0 }
        while true {
            let result = Glibc.read(fd, buffer.baseAddress, buffer.count)
            if result >= 0 { return result }
            if errno != EINTR { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        }
    }

    /// Reads into `buffer` what `fd` has at `offset` (the file position untouched, so threads can share `fd`), up to
    /// the buffer's size; 0 at end of file.
    package static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws -> Int {
        guard buffer.count > 0 else { return 0 }
        while true {
            let result = pread(fd, buffer.baseAddress, buffer.count, off_t(offset))
            if result >= 0 { return result }
            if errno != EINTR { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        }
    }

    /// Everything from `fd` to its end (or `limit` bytes, when given).
    package static func readToEnd(_ fd: Int32, limit: Int = .max) throws -> Data {
        var data = Data()
        while data.count < limit {
            let chunk = try read(fd, upToCount: min(1 << 16, limit - data.count))
            if chunk.isEmpty { break }
            data.append(chunk)
        }
        return data
    }
}
