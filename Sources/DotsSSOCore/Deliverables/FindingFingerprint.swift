import DotsSSOBasics
import FoundationEssentials

/// What identifies one finding of one channel from run to run, for a baseline: the channel, the code, the file (a
/// local path relative to the working folder, so another checkout matches) and the JSON path — never the message,
/// so rewording a message keeps every accepted finding accepted. One entry accepts every finding at that place.
package enum FindingFingerprint {
    package static func of(_ finding: Finding, channel: String, workingFolder: String) -> String {
        let identity = [
            "dots-sso-baseline/v1", channel, finding.code, file(finding.location.file, workingFolder: workingFolder),
            finding.location.path ?? "",
        ]
        .joined(separator: "\u{1F}")
        return (try? DigestAlgorithm.sha256.hex(Data(identity.utf8)).prefix(32)).map(String.init) ?? identity
    }

    /// A local absolute path inside the working folder as a relative one; an address or any other path as it is.
    static func file(_ file: String?, workingFolder: String) -> String {
        guard let file else { return "" }
        let folder = workingFolder.hasSuffix("/") ? workingFolder : workingFolder + "/"
        return file.hasPrefix(folder) ? String(file.dropFirst(folder.count)) : file
    }
}
