import Foundation
import TestSupport
import Testing

/// `Scripts/install PREFIX`, as CI jobs and people install dots-sso: the release binary, the man page and the
/// bash/zsh/fish completions where each shell looks under the prefix.
@Suite("Scripts/install")
struct InstallTests {
    @Test("installs into a prefix: the installed binary runs, man reads its page, every shell finds its completions")
    func install() async throws {
        let prefix = TemporaryDirectory("prefix")
        let script = TestPaths.repository.appendingPathComponent("Scripts/install").path
        // The binary under test, not a release build: SwiftPM cannot build while `swift test` holds .build.
        var environment = ProcessInfo.processInfo.environment
        environment["DOTS_SSO_BINARY"] = TestPaths.binary.path
        let installed = try await ProcessRunner.run("/bin/bash", [script, prefix.url.path], environment: environment, timeout: 120)
        #expect(installed.status == 0, "\(installed.stderr)")
        #expect(installed.stderr.contains("installed dots-sso"))

        let binary = prefix.path("bin/dots-sso")
        let version = try await ProcessRunner.run(binary, ["--version"])
        #expect(version.status == 0 && !version.stdout.isEmpty)
        let help = try await ProcessRunner.run(binary, ["check", "--help"])
        #expect(help.stdout.contains("--junit"))

        let page = try await ProcessRunner.run(
            "/usr/bin/env", ["MANPAGER=cat", "MANWIDTH=100", "man", "-l", prefix.path("share/man/man1/dots-sso.1")])
        #expect(page.status == 0, "\(page.stderr)")
        #expect(page.stdout.contains("dots-sso") && page.stdout.contains("check"))

        for completion in [
            "share/bash-completion/completions/dots-sso", "share/zsh/site-functions/_dots-sso",
            "share/fish/vendor_completions.d/dots-sso.fish",
        ] {
            let text = try String(contentsOfFile: prefix.path(completion), encoding: .utf8)
            #expect(text.contains("check"), "\(completion)")
        }
        let bash = try await ProcessRunner.run(
            "/bin/bash", ["-c", "source \(prefix.path("share/bash-completion/completions/dots-sso")) && complete -p dots-sso"])
        #expect(bash.status == 0 && bash.stdout.contains("dots-sso"), "\(bash.stderr)")
    }
}
