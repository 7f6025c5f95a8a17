import Foundation
import TestSupport
import Testing

/// Issue 59 item 15: every document that tells a user which release to install names one the CHANGELOG has cut,
/// so nobody is sent to download a version that was never released.
@Suite("the documents name a release that exists")
struct ReleaseDocsTests {
    static func text(_ path: String) throws -> String {
        try String(contentsOf: TestPaths.repository.appendingPathComponent(path), encoding: .utf8)
    }

    /// The newest `## [X.Y.Z] - DATE` heading: the release the documents must pin.
    static func newestRelease() throws -> String {
        let changelog = try text("CHANGELOG.md")
        let release = try #require(changelog.firstMatch(of: /\n## \[(\d+\.\d+\.\d+)\] - \d{4}-\d{2}-\d{2}\n/)?.1)
        return String(release)
    }

    @Test("README, the action and the CI examples pin the CHANGELOG's newest release, and it has its own section")
    func pinsMatchTheNewestRelease() throws {
        let release = try Self.newestRelease()
        let pins: [(file: String, pattern: Regex<(Substring, Substring)>)] = [
            ("README.md", /releases\/download\/v(\d+\.\d+\.\d+)\//), ("README.md", /dots-sso@v(\d+\.\d+\.\d+)/),
            ("README.md", /dots-sso_(\d+\.\d+\.\d+)_amd64\.deb/), ("action.yml", /dots-sso@v(\d+\.\d+\.\d+)/),
            ("examples/ci/github-actions.yml", /dots-sso@v(\d+\.\d+\.\d+)/),
            ("examples/ci/github-actions.yml", /version: (\d+\.\d+\.\d+)/),
            ("examples/ci/gitlab-ci.yml", /DOTS_SSO_VERSION: "(\d+\.\d+\.\d+)"/),
        ]
        for (file, pattern) in pins {
            let found = try Self.text(file).matches(of: pattern).map { String($0.1) }
            #expect(!found.isEmpty, "\(file) pins no version where it should")
            #expect(found.allSatisfy { $0 == release }, "\(file) pins \(Set(found)), the newest release is \(release)")
        }
        // Scripts/package names its files from the vX.Y.Z tag: the section says which tag that is.
        #expect(try Self.text("CHANGELOG.md").contains("[\(release)]: "), "the \(release) section links its tag")
    }
}
