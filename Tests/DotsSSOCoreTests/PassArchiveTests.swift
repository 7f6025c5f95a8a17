import DotsSSOCore
import Foundation
import Testing
import TestSupport
import ZIPFoundation

/// Archive safety and manifest integrity on archives built here, good and hostile.
@Suite("pkpass archive safety and manifest")
struct PassArchiveTests {
    /// A zip in memory with the given entries (deflated unless `stored`).
    func zip(_ entries: [(String, Data)], stored: Bool = false) throws -> Data {
        let archive = try Archive(data: Data(), accessMode: .create)
        for (path, contents) in entries {
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(contents.count),
                                 compressionMethod: stored ? .none : .deflate) { position, size in
                contents.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        return try #require(archive.data)
    }

    func manifest(_ files: [String: Data]) throws -> Data {
        try JSONSerialization.data(withJSONObject: files.mapValues { try! DigestAlgorithm.sha1.hex($0) }, options: .sortedKeys)
    }

    func codes(_ archive: PassArchive) -> [String] { archive.findings.map(\.code) }

    @Test("a well-formed archive opens and its manifest matches")
    func good() throws {
        let pass = Data(#"{"formatVersion":1}"#.utf8)
        let icon = Data([0x89, 0x50, 0x4E, 0x47] + [UInt8](repeating: 7, count: 100))
        let files = ["pass.json": pass, "icon.png": icon, "en.lproj/pass.strings": Data("\"a\" = \"b\";".utf8)]
        let data = try zip(files.map { ($0.key, $0.value) } + [("manifest.json", try manifest(files)), ("signature", Data([1, 2, 3]))])
        let archive = PassArchive.open(data, file: "good.pkpass")
        #expect(archive.findings.isEmpty)
        #expect(archive.files["pass.json"] == pass)
        #expect(ManifestCheck.findings(files: archive.files, file: "good.pkpass").isEmpty)
    }

    @Test("manifest: changed, unlisted and missing files are each an error")
    func manifestErrors() throws {
        let files = ["pass.json": Data("{}".utf8), "icon.png": Data([1, 2, 3])]
        var listed = try JSONSerialization.jsonObject(with: try manifest(files)) as! [String: String]
        listed["logo.png"] = String(repeating: "0", count: 40)
        let data = try zip([("pass.json", Data("{\"changed\":1}".utf8)), ("icon.png", Data([1, 2, 3])), ("thumbnail.png", Data([9])),
                            ("manifest.json", try JSONSerialization.data(withJSONObject: listed)), ("signature", Data([0]))])
        let findings = ManifestCheck.findings(files: PassArchive.open(data, file: "p.pkpass").files, file: "p.pkpass")
        #expect(Set(findings.map(\.code)) == ["pkpass.manifest.hash-mismatch", "pkpass.manifest.unlisted", "pkpass.manifest.missing-file"])
        #expect(findings.first { $0.code == "pkpass.manifest.hash-mismatch" }?.location.path == "pass.json")
        #expect(ManifestCheck.findings(files: ["pass.json": Data()], file: "p").map(\.code) == ["pkpass.manifest.missing"])
    }

    @Test("not a zip: the finding says what it is")
    func notZip() {
        let html = PassArchive.open(Data("<!DOCTYPE html><html><title>Sign in</title></html>".utf8), file: "p.pkpass")
        #expect(codes(html) == ["pkpass.archive.not-zip"])
        #expect(html.findings[0].message.contains("an HTML page"))
        #expect(PassArchive.open(Data(), file: "p").findings[0].message.contains("empty"))
        #expect(codes(PassArchive.open(Data([0x50, 0x4B, 0x03, 0x04, 1, 2, 3]), file: "p")) == ["pkpass.archive.unreadable"])
    }

    @Test("hostile archives are refused", arguments: [
        ("../evil.txt", "pkpass.archive.unsafe-path"), ("/etc/passwd", "pkpass.archive.unsafe-path"),
        ("a/../../b", "pkpass.archive.unsafe-path"), ("inner.zip", "pkpass.archive.nested"), ("first.pkpass", "pkpass.archive.pkpasses"),
    ])
    func hostileNames(name: String, code: String) throws {
        let data = try zip([("pass.json", Data("{}".utf8)), (name, Data([1, 2, 3]))])
        #expect(codes(PassArchive.open(data, file: "p")) == [code])
    }

    @Test("more than 500 entries is refused")
    func tooManyEntries() throws {
        let data = try zip((0...500).map { ("f\($0).png", Data([UInt8($0 % 256)])) }, stored: true)
        #expect(codes(PassArchive.open(data, file: "p")) == ["pkpass.archive.too-many-entries"])
    }

    @Test("a zip bomb is refused in well under a second without inflating it")
    func bomb() throws {
        let zeros = Data(count: 80 * 1024 * 1024)
        let data = try zip([("pass.json", Data("{}".utf8)), ("icon.png", zeros)])
        #expect(data.count < 1024 * 1024)
        let started = Date()
        let archive = PassArchive.open(data, file: "bomb.pkpass")
        #expect(Date().timeIntervalSince(started) < 1)
        #expect(codes(archive) == ["pkpass.archive.too-large"] || codes(archive) == ["pkpass.archive.ratio"])
        let ratioBomb = try zip([("icon.png", Data(count: 8 * 1024 * 1024))])
        #expect(codes(PassArchive.open(ratioBomb, file: "p")) == ["pkpass.archive.ratio"])
    }
}

@Suite("pkpass corpus archives")
struct PassCorpusArchiveTests {
    @Test("real passes open safely; the two edited samples show their manifest errors (SOURCES.md)")
    func corpus() throws {
        guard let signed = TestPaths.corpus?.appendingPathComponent("pkpass/signed") else {
            print("NOTICE: ../shared/corpus is absent; skipping the pkpass corpus test")
            return
        }
        let expected: [String: Set<String>] = [
            "uemanpasskit-generic_with_invalid_checksum.pkpass": ["pkpass.manifest.hash-mismatch"],
            "uemanpasskit-generic_with_missing_checksum.pkpass": ["pkpass.manifest.hash-mismatch", "pkpass.manifest.unlisted"],
        ]
        let names = try FileManager.default.contentsOfDirectory(atPath: signed.path).filter { $0.hasSuffix(".pkpass") }.sorted()
        #expect(names.count == 10)
        for name in names {
            let data = try Data(contentsOf: signed.appendingPathComponent(name))
            let archive = PassArchive.open(data, file: name)
            #expect(archive.findings.isEmpty, "\(name): \(archive.findings.map(\.message))")
            #expect(archive.files["pass.json"] != nil, "\(name)")
            let codes = Set(ManifestCheck.findings(files: archive.files, file: name).map(\.code))
            #expect(codes == (expected[name] ?? []), "\(name): \(codes)")
        }
    }
}
