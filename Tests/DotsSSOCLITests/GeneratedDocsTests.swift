import Foundation
import Testing
import TestSupport

/// The committed completion scripts must be what the binary generates today (Scripts/generate-docs rewrites them;
/// Scripts/test also regenerates the man page and diffs it).
@Suite("generated docs")
struct GeneratedDocsTests {
    @Test("completions are current", arguments: [("bash", "dots-sso.bash"), ("zsh", "_dots-sso"), ("fish", "dots-sso.fish")])
    func completions(shell: String, file: String) throws {
        let generated = try DotsSSOCLI().run(["--generate-completion-script", shell])
        #expect(generated.status == 0)
        let committed = try String(contentsOf: TestPaths.repository.appendingPathComponent("completions/\(file)"), encoding: .utf8)
        #expect(generated.stdout == committed, "completions/\(file) is stale: run Scripts/generate-docs and commit it")
    }

    @Test("the man page documents every command and the exit codes")
    func manual() throws {
        let page = try String(contentsOf: TestPaths.repository.appendingPathComponent("man/dots-sso.1"), encoding: .utf8)
        for command in ["discover", "authorize", "pkpass", "bodymovin", "magic-link", "cache", "channel"] {
            #expect(page.contains(command), "man page lacks \(command)")
        }
        #expect(page.contains("configuration error"))
    }
}
