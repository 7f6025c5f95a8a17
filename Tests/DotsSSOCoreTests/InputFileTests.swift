import DotsSSOBasics
import Foundation
import TestSupport
import Testing

/// Files of 4 MiB and more are read straight into their array (`InputFile.readWhole`), from 16 MiB in shares on every
/// core, smaller ones in chunks: all give back the file byte for byte, and all refuse a file past the limit before
/// reading it.
@Suite("reading input files")
struct InputFileTests {
    let scratch = TemporaryDirectory("input-file")

    @Test("files just under and over 4 MiB, and one over 16 MiB, read back byte for byte; one byte over the limit is refused")
    func wholeAndChunked() throws {
        for size in [(4 << 20) - 1, (4 << 20) + 12_345, (16 << 20) + 4_099] {
            // Filled in a plain loop: mapping a range of four million took a second of a thread the suite shares.
            var content = [UInt8](repeating: 0, count: size)
            for index in content.indices { content[index] = UInt8(truncatingIfNeeded: index &* 2_654_435_761 >> 7) }
            let path = scratch.path("input-\(size)")
            try Data(content).write(to: URL(fileURLWithPath: path))
            #expect(try InputFile.bytes(path, what: "the file", limit: size) == content, "\(size) bytes")
            #expect(throws: InputError.self, "\(size) bytes, limit one less") {
                try InputFile.bytes(path, what: "the file", limit: size - 1)
            }
        }
        let empty = scratch.path("empty")
        try Data().write(to: URL(fileURLWithPath: empty))
        #expect(try InputFile.bytes(empty, what: "the file", limit: 10).isEmpty)
    }

    @Test("a file under /proc, which reports a size of 0, is read whole, and refused past the limit")
    func procFile() throws {
        let status = "/proc/self/status"
        guard FileManager.default.fileExists(atPath: status) else {
            print("NOTICE: /proc is not mounted; the /proc read is not tested")
            return
        }
        let text = String(decoding: try InputFile.bytes(status, what: "the file", limit: 1 << 20), as: UTF8.self)
        #expect(text.hasPrefix("Name:") && text.contains("Cpus_allowed_list:") && text.hasSuffix("\n"))
        #expect(throws: InputError.self) { try InputFile.bytes(status, what: "the file", limit: 64) }
    }
}
