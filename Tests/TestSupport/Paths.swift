import Foundation

/// Locations the tests need: the repository, the built binary, the test peers, the shared corpus.
package enum TestPaths {
    /// The repository root, found from this file's path.
    package static let repository: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `DOTS_SSO_BINARY` (set by Scripts/test), else the release build beside the tests, else the debug build.
    package static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["DOTS_SSO_BINARY"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        let release = repository.appendingPathComponent(".build/release/dots-sso")
        let debug = repository.appendingPathComponent(".build/debug/dots-sso")
        let releaseTests = Bundle.main.bundlePath.contains("/release")
        return releaseTests && FileManager.default.fileExists(atPath: release.path) ? release : debug
    }

    package static var peers: URL { repository.appendingPathComponent("Tests/Peers") }

    /// `../shared/corpus` beside the clone; tests that need it skip with a notice when it is absent.
    package static var corpus: URL? {
        let url = repository.deletingLastPathComponent().appendingPathComponent("shared/corpus")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// The repo's venv Python (Scripts/venv makes it), with the pinned test-peer packages; nil when it is missing.
    package static var venvPython: String? {
        let venv = repository.appendingPathComponent(".venv/bin/python").path
        return FileManager.default.isExecutableFile(atPath: venv) ? venv : nil
    }

    /// The Python that runs the test peers: the repo's venv when Scripts/test made one, else python3.
    package static var python: String { venvPython ?? "/usr/bin/env" }

    package static var pythonArguments: [String] {
        python == "/usr/bin/env" ? ["python3"] : []
    }
}

/// A fresh directory under the system temp dir, removed when released.
package final class TemporaryDirectory: @unchecked Sendable {
    package let url: URL

    package init(_ label: String = "dots-sso-test") {
        var template = Array("\(NSTemporaryDirectory())/\(label)-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp failed")
        url = URL(
            fileURLWithPath: String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self), isDirectory: true)
    }

    package func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    deinit { try? FileManager.default.removeItem(at: url) }
}
