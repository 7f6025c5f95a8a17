import Foundation

/// The repository's Swift sources, for tests that hold the house's rules (finding codes in registries, folders
/// without cycles, C libraries behind their module).
package enum SourceTree {
    /// One source file: its path under `Sources/` (`DotsSSOCore/OAuth/JWT.swift`) and its text.
    package struct File: Sendable {
        package var path: String
        package var text: String

        package var name: String { (path as NSString).lastPathComponent }
        /// The module it belongs to (`DotsSSOCore`).
        package var module: String { String(path.split(separator: "/")[0]) }
        /// Its folder inside the module (`OAuth`); the module's name for a file at the module's root.
        package var folder: String {
            let parts = path.split(separator: "/")
            return parts.count > 2 ? String(parts[1]) : module
        }
    }

    /// Every Swift file under `Sources/`.
    package static func files() throws -> [File] {
        let root = TestPaths.repository.appendingPathComponent("Sources")
        var files: [File] = []
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let path = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            files.append(File(path: path, text: try String(contentsOf: url, encoding: .utf8)))
        }
        return files.sorted { $0.path < $1.path }
    }
}
