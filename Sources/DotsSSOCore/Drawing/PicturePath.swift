import DotsSSOBasics
import FoundationEssentials

/// Where a preview goes when `--output` is not given: the current folder, as every output of dots-sso (never
/// beside the input, which may be a shared or read-only folder), named so the user can type it back.
package enum PicturePath {
    /// `assets/loader.json` → `loader<suffix>` in the current folder; stdin has no name, so `--output` is needed.
    package static func inCurrentFolder(for file: String, suffix: String) throws -> String {
        guard file != "-" else { throw UsageError.invalid("reading stdin, name the picture with \(CLIFlag.output)") }
        let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        guard !name.isEmpty, name != ".", name != ".." else {
            throw UsageError.invalid("\(file) gives no name for the picture; name it with \(CLIFlag.output)")
        }
        return name + suffix
    }
}
