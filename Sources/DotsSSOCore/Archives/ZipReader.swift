import CDotsZlib
import DotsSSOBasics
import FoundationEssentials

/// Reads a zip archive held in memory, for passes: every offset and length is checked against the bytes before it
/// is used, entries are inflated with zlib straight into a buffer of their declared size, and nothing is copied
/// that is not asked for. (ZIPFoundation's in-memory archive traps on an offset past the end and leaks the input
/// when there is no end record — both found by Scripts/fuzz — and reads through a FILE* byte by byte.)
struct ZipReader {
    struct Entry {
        /// UTF-8 when the name is valid UTF-8 (whatever flag bit 11 says), else byte for byte as Latin-1.
        var path: String
        var method: UInt16
        var flags: UInt16
        var crc32: UInt32
        var compressedSize: UInt64
        var uncompressedSize: UInt64
        var localHeaderOffset: UInt64
        /// Unix file type bits from the external attributes, when the archive was made on Unix.
        var unixMode: UInt32?

        var isDirectory: Bool { path.hasSuffix("/") || unixMode.map { $0 & 0o170000 == 0o040000 } == true }
        var isSymlink: Bool { unixMode.map { $0 & 0o170000 == 0o120000 } == true }
    }

    /// Why the archive or an entry cannot be read, in words for a finding.
    struct Problem: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// The entry inflated to more than it declared (or than `limit`): a lie or a bomb.
    struct Overflow: Error {}

    /// The central directory lists more entries than the caller accepts.
    struct TooManyEntries: Error {}

    let bytes: Data
    let entries: [Entry]

    /// Reads the central directory; `maxEntries` stops a hostile count before it costs memory (`TooManyEntries`).
    init(_ data: Data, maxEntries: Int) throws {
        bytes = data
        let buffer = ByteView(data)
        guard let end = Self.endRecord(buffer) else { throw Problem("no end-of-central-directory record") }
        var count = UInt64(buffer.u16(end + 10))
        var directorySize = UInt64(buffer.u32(end + 12))
        var directoryOffset = UInt64(buffer.u32(end + 16))
        if count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF, end >= 20,
            buffer.u32(end - 20) == 0x0706_4B50
        {
            // ZIP64: the locator before the end record names the ZIP64 end record.
            let record = buffer.u64(end - 20 + 8)
            guard buffer.count >= 56, record <= UInt64(buffer.count - 56), buffer.u32(Int(record)) == 0x0606_4B50 else {
                throw Problem("the ZIP64 end-of-central-directory record is missing")
            }
            count = buffer.u64(Int(record) + 32)
            directorySize = buffer.u64(Int(record) + 40)
            directoryOffset = buffer.u64(Int(record) + 48)
        }
        guard directoryOffset <= UInt64(buffer.count), directorySize <= UInt64(buffer.count) - directoryOffset else {
            throw Problem("the central directory lies outside the file")
        }
        guard count <= UInt64(maxEntries) else { throw TooManyEntries() }
        var entries: [Entry] = []
        entries.reserveCapacity(Int(count))
        var offset = Int(directoryOffset)
        let directoryEnd = Int(directoryOffset + directorySize)
        for _ in 0..<count {
            guard offset + 46 <= directoryEnd, buffer.u32(offset) == 0x0201_4B50 else {
                throw Problem("the central directory is truncated or corrupt")
            }
            let nameLength = Int(buffer.u16(offset + 28)), extraLength = Int(buffer.u16(offset + 30)),
                commentLength = Int(buffer.u16(offset + 32))
            let next = offset + 46 + nameLength + extraLength + commentLength
            guard next <= directoryEnd else { throw Problem("the central directory is truncated or corrupt") }
            let madeBy = buffer.u16(offset + 4)
            let flags = buffer.u16(offset + 8)
            var entry = Entry(
                path: Self.path(data[(data.startIndex + offset + 46)..<(data.startIndex + offset + 46 + nameLength)]),
                method: buffer.u16(offset + 10), flags: flags, crc32: buffer.u32(offset + 16),
                compressedSize: UInt64(buffer.u32(offset + 20)), uncompressedSize: UInt64(buffer.u32(offset + 24)),
                localHeaderOffset: UInt64(buffer.u32(offset + 42)),
                unixMode: madeBy >> 8 == 3 ? buffer.u32(offset + 38) >> 16 : nil
            )
            Self.applyZIP64(&entry, extra: offset + 46 + nameLength, length: extraLength, buffer)
            entries.append(entry)
            offset = next
        }
        self.entries = entries
    }

    /// The entry's bytes, inflated and CRC-checked. More than `limit` bytes, or more than declared, is `Overflow`.
    func contents(of entry: Entry, limit: Int) throws -> Data {
        let buffer = ByteView(bytes)
        guard entry.flags & 0x0001 == 0 else { throw Problem("it is encrypted") }
        guard buffer.count >= 30, entry.localHeaderOffset <= UInt64(buffer.count - 30),
            buffer.u32(Int(entry.localHeaderOffset)) == 0x0403_4B50
        else {
            throw Problem("its local header is missing")
        }
        let header = Int(entry.localHeaderOffset)
        let start = header + 30 + Int(buffer.u16(header + 26)) + Int(buffer.u16(header + 28))
        guard start <= buffer.count, entry.compressedSize <= UInt64(buffer.count - start) else {
            throw Problem("its data runs past the end of the file")
        }
        guard entry.uncompressedSize <= UInt64(limit) else { throw Overflow() }
        let compressed = bytes[(bytes.startIndex + start)..<(bytes.startIndex + start + Int(entry.compressedSize))]
        let output: Data
        switch entry.method {
        case 0:
            if entry.compressedSize > entry.uncompressedSize { throw Overflow() }
            guard entry.compressedSize == entry.uncompressedSize else { throw Problem("its stored data is shorter than its declared size") }
            output = Data(compressed)
        case 8:
            output = try Self.inflate(compressed, size: Int(entry.uncompressedSize))
        default:
            throw Problem("compression method \(entry.method) is not supported (stored or deflate only)")
        }
        guard CRC32.of(output) == entry.crc32 else { throw Problem("its CRC-32 does not match: the data is corrupt") }
        return output
    }

    /// Raw deflate into exactly `size` bytes; a stream that wants more is `Overflow`, one that ends early is corrupt.
    static func inflate(_ compressed: Data, size: Int) throws -> Data {
        var output = Data(count: size + 1)
        var stream = z_stream()
        guard inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw Problem("zlib could not start")
        }
        defer { inflateEnd(&stream) }
        let (status, produced): (Int32, Int) = compressed.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.bindMemory(to: Bytef.self).baseAddress
                stream.avail_out = uInt(out.count)
                let status = CDotsZlib.inflate(&stream, Z_FINISH)
                return (status, out.count - Int(stream.avail_out))
            }
        }
        if produced > size { throw Overflow() }
        guard status == Z_STREAM_END, produced == size else {
            throw Problem(
                status == Z_DATA_ERROR ? "the deflate data is corrupt" : "the deflate data ends early or does not match its declared size")
        }
        output.removeLast()
        return output
    }

    /// The end record: the last `PK\u{5}\u{6}` at least 22 bytes from the end, within the 64 KiB a comment allows,
    /// with its comment inside the file.
    static func endRecord(_ buffer: ByteView) -> Int? {
        guard buffer.count >= 22 else { return nil }
        let lowest = max(0, buffer.count - 22 - Int(UInt16.max))
        var offset = buffer.count - 22
        while offset >= lowest {
            if buffer.u32(offset) == 0x0605_4B50 {
                return offset + 22 + Int(buffer.u16(offset + 20)) <= buffer.count ? offset : nil
            }
            offset -= 1
        }
        return nil
    }

    /// ZIP64 extra field (0x0001): the 64-bit sizes and offset, each present only where the 32-bit field is all ones.
    static func applyZIP64(_ entry: inout Entry, extra start: Int, length: Int, _ buffer: ByteView) {
        var offset = start
        let end = start + length
        while offset + 4 <= end {
            let id = buffer.u16(offset), size = Int(buffer.u16(offset + 2))
            let body = offset + 4
            guard body + size <= end else { return }
            if id == 0x0001 {
                var field = body
                func next() -> UInt64? {
                    guard field + 8 <= body + size else { return nil }
                    defer { field += 8 }
                    return buffer.u64(field)
                }
                if entry.uncompressedSize == 0xFFFF_FFFF, let value = next() { entry.uncompressedSize = value }
                if entry.compressedSize == 0xFFFF_FFFF, let value = next() { entry.compressedSize = value }
                if entry.localHeaderOffset == 0xFFFF_FFFF, let value = next() { entry.localHeaderOffset = value }
                return
            }
            offset = body + size
        }
    }

    static func path(_ raw: Data) -> String {
        if let text = String(data: raw, encoding: .utf8) { return text }
        return String(raw.map { Character(Unicode.Scalar($0)) })
    }
}

/// Little-endian reads at byte offsets the caller has checked.
struct ByteView {
    let data: Data
    var count: Int { data.count }

    init(_ data: Data) { self.data = data }

    // One bounds-checked load from the bytes' memory a field: `Data`'s subscript switches on its representation for
    // every byte, which was nearly half of reading a pass's central directory.
    func u16(_ offset: Int) -> UInt16 { load(offset) }

    func u32(_ offset: Int) -> UInt32 { load(offset) }

    func u64(_ offset: Int) -> UInt64 { load(offset) }

    private func load<Field: FixedWidthInteger>(_ offset: Int) -> Field {
        precondition(offset >= 0 && offset <= data.count - MemoryLayout<Field>.size, "a zip field read past the bytes")
        return data.withUnsafeBytes { Field(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: Field.self)) }
    }
}
