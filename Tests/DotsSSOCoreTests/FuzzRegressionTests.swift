import DotsSSOBasics
import DotsSSOCore
import DotsSSOFuzzTargets
import Foundation
import TestSupport
import Testing

/// Every input Scripts/fuzz found a crash, leak or hang with, kept in Tests/FuzzRegressions/<target>/ and run through
/// the same fuzz target body; the archive ones must also be refused with a finding, not half-read.
@Suite("fuzz regressions")
struct FuzzRegressionTests {
    static let folder = TestPaths.repository.appendingPathComponent("Tests/FuzzRegressions")

    static func inputs() -> [(target: String, file: URL)] {
        let targets = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return targets.sorted().flatMap { target in
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(target).path)) ?? []
            return files.sorted().map { (target, folder.appendingPathComponent(target).appendingPathComponent($0)) }
        }
    }

    @Test("every kept input still runs through its target and returns")
    func keptInputs() throws {
        let inputs = Self.inputs()
        #expect(inputs.count >= 4)
        for (name, file) in inputs {
            let target = try #require(FuzzTargets.named(name), "Tests/FuzzRegressions/\(name) names no fuzz target")
            target.run(try Data(contentsOf: file))
        }
    }

    @Test(
        "hostile archive offsets (central directory, local header, data past the end; no end record) are refused as unreadable or corrupt")
    func hostileOffsets() throws {
        for (name, file) in Self.inputs() where name == "pkpass" {
            let archive = PassArchive.open(try Data(contentsOf: file), file: file.lastPathComponent)
            #expect(archive.files.isEmpty, "\(file.lastPathComponent)")
            let codes = archive.findings.map(\.code)
            #expect(
                codes == ["pkpass.archive.unreadable"] || codes == ["pkpass.archive.entry-corrupt"], "\(file.lastPathComponent): \(codes)")
        }
    }

    @Test("a stored entry whose bytes changed fails its CRC-32; a deflated one that inflates past its declared size is too large")
    func checksumsAndSizes() throws {
        let payload = Data(String(repeating: "pass data ", count: 50).utf8)
        var stored = try TestPassIssuer.zip([("pass.json", payload)], stored: true)
        let at = try #require(stored.range(of: Data("pass data".utf8)))
        stored[at.lowerBound] = UInt8(ascii: "P")
        let corrupt = PassArchive.open(stored, file: "p")
        #expect(corrupt.findings.map(\.code) == ["pkpass.archive.entry-corrupt"])
        #expect(corrupt.findings.first?.message.contains("CRC-32 does not match") == true)

        var deflated = try TestPassIssuer.zip([("pass.json", payload)])
        let directory = try #require(deflated.range(of: Data([0x50, 0x4B, 0x01, 0x02]))).lowerBound
        deflated.replaceSubrange((directory + 24)..<(directory + 28), with: [10, 0, 0, 0])
        #expect(PassArchive.open(deflated, file: "p").findings.map(\.code) == ["pkpass.archive.too-large"])
    }
}
