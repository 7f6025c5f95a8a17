import DotsSSOBasics
import FoundationEssentials

/// The localisations of a pass (`xx.lproj/` folders): each `pass.strings` must parse, or Wallet shows the
/// untranslated keys.
package enum PassLocalizations {
    /// The language folders found (without `.lproj`) and the findings.
    package static func check(files: [String: Data], file: String) -> (languages: [String], findings: [Finding]) {
        var languages: Set<String> = []
        var findings: [Finding] = []
        for path in files.keys.sorted() {
            let parts = path.split(separator: "/")
            guard parts.count == 2, parts[0].hasSuffix(".lproj") else { continue }
            languages.insert(String(parts[0].dropLast(6)))
            guard parts[1] == "pass.strings" else { continue }
            do {
                _ = try PassStrings(files[path]!)
            } catch let error as PassStrings.ParseError {
                findings.append(
                    Finding(
                        PassFindings.stringsInvalid, at: FindingLocation(file: file, path: path),
                        "\(path) cannot be read at line \(error.line): \(error.message); Wallet shows untranslated text for this language"))
            } catch {}
        }
        return (languages.sorted(), findings)
    }
}
