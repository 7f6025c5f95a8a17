import DotsSSOBasics
import FoundationEssentials

/// `manifest.json` lists the SHA-1 of every file except itself and `signature`; Wallet rejects a pass when any
/// hash differs, a file is unlisted, or a listed file is missing.
package enum ManifestCheck {
    package static func findings(files: [String: Data], file: String) -> [Finding] {
        func at(_ path: String) -> FindingLocation { FindingLocation(file: file, path: path) }
        guard let manifestData = files["manifest.json"] else {
            return [
                Finding(
                    PassFindings.manifestMissing, at: at("manifest.json"),
                    "the pass has no manifest.json at the archive root; Wallet cannot verify it")
            ]
        }
        guard let document = try? CompactJSON(manifestData), document.kind(document.root) == .object else {
            return [
                Finding(
                    PassFindings.manifestMalformed, at: at("manifest.json"), "manifest.json is not a JSON object of file name → SHA-1")
            ]
        }
        // Read from the parsed document, each name with the value it was given last (as JSON readers keep it), in
        // name order: no dictionary made for a few lines read once.
        var entries = document.members(document.root).enumerated().map { position, member in
            (name: document.string(member.key) ?? "", position: position, value: member.value)
        }
        entries.sort { $0.name == $1.name ? $0.position < $1.position : $0.name < $1.name }
        entries = entries.indices.filter { $0 + 1 == entries.count || entries[$0 + 1].name != entries[$0].name }.map { entries[$0] }
        var findings: [Finding] = []
        let listed = Set(entries.map(\.name))
        for (name, _, value) in entries {
            guard let written = document.string(value) else {
                findings.append(
                    Finding(
                        PassFindings.manifestMalformed, at: at("manifest.json"),
                        "the manifest entry for \(name) is not a hex SHA-1 string"))
                continue
            }
            guard let contents = files[name] else {
                findings.append(
                    Finding(
                        PassFindings.manifestMissingFile, at: at(name),
                        "manifest.json lists \(name), but the archive has no such file"))
                continue
            }
            let actual = (try? DigestAlgorithm.sha1.digest(contents)) ?? []
            if !actual.isSpelled(byHex: written) {
                let expected = written.lowercased()
                findings.append(
                    Finding(
                        PassFindings.manifestHashMismatch, at: at(name),
                        "\(name) has SHA-1 \(actual.hexString) but manifest.json says \(expected); the file changed after signing, so Wallet rejects the pass"
                    ))
            }
        }
        for name in files.keys.sorted() where !listed.contains(name) && name != "manifest.json" && name != "signature" {
            findings.append(
                Finding(
                    PassFindings.manifestUnlisted, at: at(name),
                    "\(name) is in the archive but not in manifest.json; Wallet rejects the pass"))
        }
        return findings
    }
}
