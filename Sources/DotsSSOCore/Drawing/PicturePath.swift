import DotsSSOBasics
import Foundation

/// Where a preview goes when `--out` is not given.
package enum PicturePath {
    /// `loader.json` → `loader<suffix>` in the same folder; stdin has no folder, so `--out` is needed.
    package static func beside(_ file: String, suffix: String) throws -> String {
        guard file != "-" else { throw UsageError.invalid("reading stdin, name the picture with --out") }
        return URL(fileURLWithPath: file).deletingPathExtension().path + suffix
    }
}
