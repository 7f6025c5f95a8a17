import DotsSSOBasics
import DotsSSOCore
import Foundation
import Testing
import ZIPFoundation

/// The binary links FoundationEssentials only (no ICU), so what Foundation's full library did for it is now ours:
/// number layouts, percent-encoding, trimming, a zip writer, child processes. Each is held to what it replaced
/// (Foundation here, in the tests, where it is still linked) or to an independent reader.
@Suite("what replaced full Foundation in the binary")
struct EssentialsReplacementTests {
    @Test("fixed decimals read as printf's %.Nf did for the values messages show")
    func fixedDecimals() {
        let values: [Double] = [0, 1, 2.5, 12.34, 0.049, 0.051, 59.96, 99.99, 1_048_575.9, 1e9 + 0.3, 3.14159, -1.26, -0.04, 42]
        for value in values {
            for places in 0...3 {
                #expect(PlainNumber.fixed(value, places: places) == String(format: "%.\(places)f", value), "\(value) at \(places)")
            }
        }
        #expect(PlainNumber.fixed(.infinity, places: 1) == "inf")
        #expect(PlainNumber.zeroPadded(7, width: 2) == "07" && PlainNumber.zeroPadded(12345, width: 4) == "12345")
        #expect(PlainNumber.zeroPadded(42, width: 10) == String(format: "%010d", 42))
        #expect((0...255).allSatisfy { PlainNumber.hexByte(UInt8($0)) == String(format: "%02X", $0) })
    }

    @Test("percent-encoding matches Foundation's for paths and unreserved sets; decoding refuses what it refused")
    func percentEncoding() {
        let samples = ["plain", "a b/c", "ünïcödé/🙂", "100%", "x=1&y=2", "~._-", "[]@:!$'()*+,;=", "\u{7F}\u{01}"]
        for text in samples {
            #expect(
                PercentEncoding.encode(text, keeping: PercentEncoding.isPathAllowed)
                    == text.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed), "\(text)")
            #expect(
                PercentEncoding.encode(text, keeping: PercentEncoding.isUnreserved)
                    == text.addingPercentEncoding(
                        withAllowedCharacters: CharacterSet(
                            charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")),
                "\(text)")
            let encoded = PercentEncoding.encode(text, keeping: PercentEncoding.isUnreserved)
            #expect(PercentEncoding.decode(encoded) == text)
        }
        for broken in ["%", "%4", "%G1", "%FF", "a%zz"] {
            #expect(PercentEncoding.decode(broken) == nil && broken.removingPercentEncoding == nil, "\(broken)")
        }
        #expect(PercentEncoding.decode("caf%C3%A9%20ok") == "café ok")
    }

    @Test("trimming matches Foundation's character sets on the text servers and files send")
    func trimming() {
        let samples = ["  a b  ", "\t\nline\r\n", "\u{00A0}nbsp\u{2003}", "", "   ", "\n", "x", " \u{1F600} "]
        for text in samples {
            #expect(text.trimmed() == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(text.debugDescription)")
            #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
        }
        #expect("[::1]".trimming(charactersIn: "[]") == "::1")
        #expect("\u{200B}\u{0007}word\u{0000}".trimmingControlCharacters() == "word")
        #expect(
            "<HTML><Title>x</TITLE>".rangeIgnoringCase(of: "<title").map { $0.lowerBound.utf16Offset(in: "<HTML><Title>x</TITLE>") } == 6)
        #expect("Content-Type".equalsIgnoringCase("content-type") && !"DPoP".equalsIgnoringCase("Bearer"))
        // ASCII byte by byte: only letters fold ("[" is not "{"), lengths must match; other text as Unicode lowercases it.
        #expect("A1F".equalsIgnoringCase("a1f") && !"[".equalsIgnoringCase("{") && !"ab".equalsIgnoringCase("abc"))
        #expect("ÉTÉ".equalsIgnoringCase("été") && !"É".equalsIgnoringCase("E") && "".equalsIgnoringCase(""))
    }

    @Test("a written zip reads back, entry for entry, in ZIPFoundation and in our own reader")
    func zipWriter() throws {
        let entries: [(String, Data)] = [
            ("pass.json", Data(#"{"formatVersion":1}"#.utf8)),
            ("fr.lproj/pass.strings", Data("\"a\" = \"b\";".utf8)),
            ("icon.png", Data((0..<50_000).map { UInt8($0 % 251) })),
            ("empty", Data()),
        ]
        var writer = ZipWriter()
        for (path, contents) in entries { try writer.add(path, contents) }
        let data = try writer.archive()

        let archive = try Archive(data: data, accessMode: .read)
        var read: [String: Data] = [:]
        for entry in archive {
            var contents = Data()
            _ = try archive.extract(entry, skipCRC32: false) { contents.append($0) }
            read[entry.path] = contents
        }
        #expect(read == Dictionary(uniqueKeysWithValues: entries))
        let ours = PassArchive.open(data, file: "written.zip")
        #expect(ours.findings.isEmpty, "\(ours.findings)")
        #expect(ours.files == Dictionary(uniqueKeysWithValues: entries))
        #expect(
            try {
                var again = ZipWriter(); for (p, c) in entries { try again.add(p, c) }; return try again.archive()
            }() == data, "two runs, one archive")
    }

    @Test("a quiet child reports how it ended: its status, or the signal that ended it; a missing program is an error")
    func quietChild() throws {
        let exited = try QuietChild(executable: "/bin/sh", arguments: ["-c", "echo noise; exit 3"])
        #expect(exited.waitUntilExit() == .exited(3))
        let killed = try QuietChild(executable: "/bin/sh", arguments: ["-c", "sleep 30"])
        #expect(killed.isRunning)
        killed.send(SIGKILL)
        #expect(killed.waitUntilExit() == .signaled(SIGKILL))
        #expect(killed.ending == .signaled(SIGKILL), "the ending is kept once reaped")
        #expect(throws: ChildStartError.self) { try QuietChild(executable: "/nonexistent/program", arguments: []) }
    }

    @Test("`dots-sso version` finds the system's ICU, which pass pictures format dates and numbers with")
    func icuListed() throws {
        let icu = InstalledLibraries.icu()
        #expect(icu.found, "Scripts/bootstrap installs libicu72")
        #expect(icu.version?.first?.isNumber == true && icu.path?.contains("libicui18n.so.") == true, "\(icu)")
    }
}
