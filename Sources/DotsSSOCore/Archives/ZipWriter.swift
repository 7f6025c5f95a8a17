import CDotsZlib
import DotsSSOBasics
import FoundationEssentials

/// Writes a zip archive of deflated entries in memory: the sandbox's signed passes and the tests' generated ones.
/// Entries keep the order given, carry a fixed 1980-01-01 time (two runs make the same bytes) and Unix 0644 mode.
/// Zip64 is not written: every entry and the whole archive must stay under 4 GiB, which a pass never nears.
package struct ZipWriter {
    private var body = Data()
    private var directory = Data()
    private var count = 0

    package init() {}

    /// Adds `contents` as the file `path`, deflated (raw deflate, zlib's default level).
    package mutating func add(_ path: String, _ contents: Data) throws {
        let name = Data(path.utf8)
        let compressed = try Self.deflate(contents)
        let checksum = CRC32.of(contents)
        guard name.count <= 0xFFFF, compressed.count < 0xFFFF_FFFF, contents.count < 0xFFFF_FFFF, body.count < 0xFFFF_FFFF
        else { throw ZipWriterError(reason: "an entry or the archive is too large for a zip without Zip64") }
        let offset = UInt32(body.count)
        // Version 2.0 needed; bit 11: the name is UTF-8; method 8: deflate; DOS time 00:00, date 1980-01-01.
        var common = Data()
        common.appendLittleEndian(UInt16(20))
        common.appendLittleEndian(UInt16(0x0800))
        common.appendLittleEndian(UInt16(8))
        common.appendLittleEndian(UInt16(0))
        common.appendLittleEndian(UInt16(0x21))
        common.appendLittleEndian(checksum)
        common.appendLittleEndian(UInt32(compressed.count))
        common.appendLittleEndian(UInt32(contents.count))
        common.appendLittleEndian(UInt16(name.count))
        common.appendLittleEndian(UInt16(0))

        body.appendLittleEndian(UInt32(0x0403_4B50))
        body.append(common)
        body.append(name)
        body.append(compressed)

        directory.appendLittleEndian(UInt32(0x0201_4B50))
        directory.appendLittleEndian(UInt16(0x031E))  // made by Unix, zip 3.0
        directory.append(common)
        directory.appendLittleEndian(UInt16(0))  // comment length
        directory.appendLittleEndian(UInt16(0))  // disk
        directory.appendLittleEndian(UInt16(0))  // internal attributes
        directory.appendLittleEndian(UInt32(0o100644) << 16)  // a regular file, rw-r--r--
        directory.appendLittleEndian(offset)
        directory.append(name)
        count += 1
    }

    /// The finished archive.
    package func archive() throws -> Data {
        guard count <= 0xFFFF, body.count < 0xFFFF_FFFF, directory.count < 0xFFFF_FFFF else {
            throw ZipWriterError(reason: "too many entries or bytes for a zip without Zip64")
        }
        var end = Data()
        end.appendLittleEndian(UInt32(0x0605_4B50))
        end.appendLittleEndian(UInt16(0))
        end.appendLittleEndian(UInt16(0))
        end.appendLittleEndian(UInt16(count))
        end.appendLittleEndian(UInt16(count))
        end.appendLittleEndian(UInt32(directory.count))
        end.appendLittleEndian(UInt32(body.count))
        end.appendLittleEndian(UInt16(0))
        return body + directory + end
    }

    /// `data` as a raw deflate stream (no zlib header), as zip's method 8 holds it.
    static func deflate(_ data: Data) throws -> Data {
        var stream = z_stream()
        guard
            deflateInit2_(
                &stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                Int32(MemoryLayout<z_stream>.size))
                == Z_OK
        else { throw ZipWriterError(reason: "zlib would not start a deflate stream") }
        defer { deflateEnd(&stream) }
        var input = [UInt8](data)
        let bound = Int(deflateBound(&stream, uLong(input.count)))
        var output = [UInt8](repeating: 0, count: bound)
        let status = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.next_in = inBuffer.baseAddress
                stream.avail_in = uInt(inBuffer.count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = uInt(outBuffer.count)
                return CDotsZlib.deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { throw ZipWriterError(reason: "zlib could not deflate an entry (status \(status))") }
        return Data(output.prefix(Int(stream.total_out)))
    }
}

/// Why an archive could not be written.
package struct ZipWriterError: Error, Sendable {
    package let reason: String
}

extension Data {
    fileprivate mutating func appendLittleEndian<Value: FixedWidthInteger>(_ value: Value) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}
