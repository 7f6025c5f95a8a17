import DotsSSOBasics
import Foundation
import TestSupport
import Testing

/// Pressing TAB after `--channel` among hostile names (a partner's repository, an unpacked archive, the channels
/// folder) offers them as text and runs none of them, driven as each shell drives the committed completion script:
/// bash calls the completion function with COMP_WORDS as readline does; zsh and fish are typed into under tmux.
@Suite("shell completion runs nothing hidden in names", .serialized)
struct CompletionSafetyTests {
    /// A working folder and a channels folder full of names that run `touch PWNED…` if a shell ever expands them.
    final class HostileNames: @unchecked Sendable {
        let root = TemporaryDirectory("completion")
        var work: String { root.path("work") }
        var bin: String { root.path("bin") }
        var config: String { root.path("config") }

        init() throws {
            let manager = FileManager.default
            for folder in [work, bin, config + "/dots-sso/channels"] {
                try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
            try manager.createDirectory(atPath: work + "/$(touch PWNED1)", withIntermediateDirectories: true)
            for name in ["`touch PWNED2`.json", "a b.json", "x:y.json", "$HOME.json"] {
                _ = manager.createFile(atPath: work + "/" + name, contents: Data("{}".utf8))
            }
            _ = manager.createFile(atPath: config + "/dots-sso/channels/$(touch PWNED3).json", contents: Data("{}".utf8))
            // The scripts call `dots-sso` by name, as an installed one is.
            try manager.createSymbolicLink(atPath: bin + "/dots-sso", withDestinationPath: TestPaths.binary.path)
        }

        /// Whatever a hostile name managed to run.
        var planted: [String] {
            let all = [work, root.url.path, config].flatMap { (try? FileManager.default.contentsOfDirectory(atPath: $0)) ?? [] }
            return all.filter { $0.hasPrefix("PWNED") }
        }

        var environment: [String: String] {
            [
                "HOME": root.url.path, "PATH": "\(bin):/usr/bin:/bin", "XDG_CONFIG_HOME": config, "TERM": "xterm", "LANG": "C.UTF-8",
            ]
        }
    }

    static let expected = ["$(touch PWNED1)/", "`touch PWNED2`.json", "a b.json", "x:y.json", "$HOME.json", "$(touch PWNED3)"]

    static func completions(_ name: String) -> String { TestPaths.repository.appendingPathComponent("completions/\(name)").path }

    @Test("bash: the completion function offers every hostile name literally and runs none (compgen -W expands what it is given)")
    func bash() async throws {
        let names = try HostileNames()
        let script = """
            source \(Self.completions("dots-sso.bash"))
            cd \(names.work)
            COMP_WORDS=(dots-sso check --channel "")
            COMP_CWORD=3
            COMP_LINE="dots-sso check --channel "
            COMP_POINT=${#COMP_LINE}
            _dots-sso dots-sso "" --channel
            printf '[%s]\\n' "${COMPREPLY[@]}"
            """
        let result = try await ProcessRunner.run("/bin/bash", ["-c", script], environment: names.environment, timeout: 30)
        #expect(result.status == 0, "\(result.stderr)")
        for candidate in Self.expected { #expect(result.stdout.contains("[\(candidate)]"), "\(candidate) in \(result.stdout)") }
        #expect(names.planted.isEmpty, "ran: \(names.planted)")
    }

    /// Types `dots-sso check --channel ` and TAB into `shell` on a pseudo-terminal (Tests/Peers/shell_tab.py) and
    /// returns what the terminal showed; nil (with a notice) where the shell is not installed.
    static func typeTab(shell: [String], setup: String, names: HostileNames) async throws -> String? {
        guard FileManager.default.isExecutableFile(atPath: shell[0]) else {
            print("NOTICE: \(shell[0]) is not installed (Scripts/bootstrap installs it); skipping its completion test")
            return nil
        }
        let script = TestPaths.peers.appendingPathComponent("shell_tab.py").path
        let result = try await ProcessRunner.run(
            TestPaths.python,
            TestPaths.pythonArguments + [script, setup + "; cd '\(names.work)'", "dots-sso check --channel ", "x:y.json"] + shell,
            environment: names.environment, timeout: 40)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    @Test("zsh: TAB lists the hostile names as text, inserts them quoted, and runs none")
    func zsh() async throws {
        let names = try HostileNames()
        let folder = names.root.path("zsh")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.completions("_dots-sso"), toPath: folder + "/_dots-sso")
        guard
            let screen = try await Self.typeTab(
                shell: ["/usr/bin/zsh", "-f"], setup: "fpath=('\(folder)' $fpath); autoload -U compinit; compinit -u", names: names)
        else { return }
        for candidate in ["$(touch PWNED1)/", "`touch PWNED2`.json", "a b.json", "x:y.json"] {
            #expect(screen.contains(candidate), "\(candidate) on the screen:\n\(screen)")
        }
        #expect(names.planted.isEmpty, "ran: \(names.planted)\n\(screen)")
    }

    @Test("fish: TAB lists the hostile names as text and runs none")
    func fish() async throws {
        let names = try HostileNames()
        guard
            let screen = try await Self.typeTab(
                shell: ["/usr/bin/fish", "--no-config"], setup: "source '\(Self.completions("dots-sso.fish"))'", names: names)
        else { return }
        for candidate in ["$(touch PWNED1)/", "`touch PWNED2`.json", "a b.json", "x:y.json"] {
            #expect(screen.contains(candidate), "\(candidate) on the screen:\n\(screen)")
        }
        #expect(names.planted.isEmpty, "ran: \(names.planted)\n\(screen)")
    }
}
