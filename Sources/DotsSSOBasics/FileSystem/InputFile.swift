import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// A path given on the command line where `-` means standard input.
package enum InputFile {
    /// What `-` reads in this run: the context's stdin, bound by the run's root (`DotsSSO.execute`). Outside a run
    /// there is none, and `-` reads as empty.
    @TaskLocal package static var standardInput: any StandardInput = BufferedInput()

    /// The whole input (a file, stdin for `-`, a pipe such as `<(…)`), refused past `limit` bytes before the memory is
    /// spent: a missing path is an input error (64), one too large malformed input (65) naming `what` and the cap.
    package static func contents(_ path: String, what: String, limit: Int) throws -> Data {
        switch try read(path, limit: limit) {
        case .contents(let data): return data
        case .tooLarge: throw tooLarge(path, what: what, limit: limit)
        }
    }

    /// The same as bytes, for parsers that keep their input (held once, never copied out of `Data`).
    package static func bytes(_ path: String, what: String, limit: Int) throws -> [UInt8] {
        switch try readBytes(path, limit: limit) {
        case .contents(let bytes): return bytes
        case .tooLarge: throw tooLarge(path, what: what, limit: limit)
        }
    }

    private static func tooLarge(_ path: String, what: String, limit: Int) -> InputError {
        .malformed(source: displayName(path), reason: "\(what) is larger than \(limit / 1_048_576) MiB, the most dots-sso reads")
    }

    /// What a capped read found.
    package enum CappedRead<Contents: Sendable>: Sendable {
        case contents(Contents)
        /// More than the limit: `size` for a plain file (refused before reading), nil for a stream.
        case tooLarge(size: Int?)
    }

    /// Reads `path` (or stdin for `-`) refusing more than `limit` bytes without holding them: a plain file by its
    /// size before reading, stdin, FIFOs and devices (`/dev/zero`) once they pass the limit. A path that does not
    /// exist or cannot be opened is an input error.
    package static func read(_ path: String, limit: Int) throws -> CappedRead<Data> {
        try read(path, limit: limit, into: Data.self)
    }

    /// The same, as bytes: for parsers that keep the input, so it is held once and not copied from `Data`.
    package static func readBytes(_ path: String, limit: Int) throws -> CappedRead<[UInt8]> {
        if path != "-", let status = FileStatus(path), status.isRegular, status.size >= wholeFromBytes, status.size <= limit,
            let bytes = try readWhole(path, size: status.size)
        {
            return .contents(bytes)
        }
        return try read(path, limit: limit, into: [UInt8].self)
    }

    /// From this size a plain file is read straight into its array in one go (`readWhole`).
    static let wholeFromBytes = 4 << 20

    /// Reads a plain file of `size` bytes straight into an array whose memory is asked to come in huge pages: reading
    /// a 50 MB animation through a scratch buffer took 40 ms, most of it faulting in the array's 12,000 pages one at a
    /// time and copying each megabyte out of the scratch buffer. A file of `sharedFromBytes` or more is read in shares,
    /// one thread a core: the time is the kernel zeroing fresh pages and copying into them, which splits across
    /// cores. Nil when the file no longer has that size (it changed while read): the chunked read then decides.
    private static func readWhole(_ path: String, size: Int) throws -> [UInt8]? {
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { throw InputError.unreadable(path: path, reason: "cannot read it") }
        defer { close(file) }
        var complete = false
        let bytes = try [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, initialized in
            let whole = UnsafeMutableRawBufferPointer(buffer)
            HugePages.advise(whole)
            let target = SharedBuffer(bytes: whole)
            let shares = ThreadShares.run(count: size, minimumShare: size >= sharedFromBytes ? sharedFromBytes / 2 : size + 1) {
                range in
                Result { try fill(file, target.bytes, range) }
            }
            do {
                // Each share full, and not a byte past the size (one read more, to see a file that grew).
                complete =
                    try shares.allSatisfy { try $0.get() }
                    && (try FileDescriptorIO.read(file, into: UnsafeMutableRawBufferPointer(rebasing: whole[size...]), at: size)) == 0
            } catch {
                throw InputError.unreadable(path: path, reason: "cannot read it")
            }
            initialized = complete ? size : 0
        }
        return complete ? bytes : nil
    }

    /// From this size a plain file is read in shares on every core (see `readWhole`): the size from which a document
    /// is parsed in halves too, and below which `bodymovin validate` reads several files one per core at once, where
    /// a second thread would only compete.
    static var sharedFromBytes: Int { CompactJSONParser.splitFromBytes }

    /// The array being read into, for the threads of `readWhole`: each writes its own range, and only while the caller
    /// waits for all of them.
    private struct SharedBuffer: @unchecked Sendable {
        let bytes: UnsafeMutableRawBufferPointer
    }

    /// Fills `range` of `buffer` from the same range of the file; false when the file ends first (it shrank).
    private static func fill(_ file: Int32, _ buffer: UnsafeMutableRawBufferPointer, _ range: Range<Int>) throws -> Bool {
        var filled = range.lowerBound
        while filled < range.upperBound {
            let got = try FileDescriptorIO.read(
                file, into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled..<range.upperBound]), at: filled)
            if got == 0 { return false }
            filled += got
        }
        return true
    }

    private static func read<Contents: RangeReplaceableCollection<UInt8> & Sendable>(_ path: String, limit: Int, into: Contents.Type) throws
        -> CappedRead<Contents>
    {
        let handle: Int32?
        var contents = Contents()
        var expected: Int?
        if path == "-" {
            handle = nil
        } else {
            // Opened first and then examined, so the path is looked up once (a batch reads a thousand passes).
            let file = open(path, O_RDONLY | O_CLOEXEC)
            guard file >= 0 else {
                throw InputError.unreadable(path: path, reason: errno == ENOENT || errno == ENOTDIR ? "no such file" : "cannot read it")
            }
            handle = file
        }
        defer { if let handle { close(handle) } }
        if let handle {
            guard let status = FileStatus(descriptor: handle) else { throw InputError.unreadable(path: path, reason: "cannot read it") }
            if status.isDirectory { throw InputError.unreadable(path: path, reason: "it is a directory, not a file") }
            if status.isRegular {
                if status.size > limit { return .tooLarge(size: status.size) }
                contents.reserveCapacity(status.size)
                expected = status.size
            }
        }
        // One scratch buffer, uninitialised, the file's size plus one byte (to see it end) up to 1 MiB a read. A size of
        // 0 says nothing: files under /proc report it whatever they hold, and were read a byte a call.
        let knownSize = expected.flatMap { $0 > 0 ? $0 : nil }
        let chunkSize = max(1, min((knownSize ?? 65_535) + 1, 1 << 20, limit + 1))
        let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 1)
        defer { scratch.deallocate() }
        while contents.count <= limit {
            let count = min(chunkSize, limit + 1 - contents.count)
            do {
                if let handle {
                    let got = try FileDescriptorIO.read(handle, into: UnsafeMutableRawBufferPointer(rebasing: scratch[..<count]))
                    guard got > 0 else { break }
                    contents.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[..<got]))
                } else {
                    guard let chunk = try standardInput.read(upToCount: count), !chunk.isEmpty else { break }
                    contents.append(contentsOf: chunk)
                }
            } catch {
                throw InputError.unreadable(path: displayName(path), reason: "cannot read it")
            }
        }
        return contents.count > limit ? .tooLarge(size: nil) : .contents(contents)
    }

    /// How messages name it.
    package static func displayName(_ path: String) -> String {
        path == "-" ? "stdin" : path
    }
}
