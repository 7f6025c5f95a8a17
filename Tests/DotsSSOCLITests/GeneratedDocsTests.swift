import Foundation
import TestSupport
import Testing

/// The committed completion scripts must be what the binary generates today (Scripts/generate-docs rewrites them;
/// Scripts/test also regenerates the man page and diffs it).
@Suite("generated docs")
struct GeneratedDocsTests {
    @Test("completions are current", arguments: [("bash", "dots-sso.bash"), ("zsh", "_dots-sso"), ("fish", "dots-sso.fish")])
    func completions(shell: String, file: String) async throws {
        let generated = try await DotsSSOCLI().run(["--generate-completion-script", shell])
        #expect(generated.status == 0)
        let committed = try String(contentsOf: TestPaths.repository.appendingPathComponent("completions/\(file)"), encoding: .utf8)
        #expect(generated.stdout == committed, "completions/\(file) is stale: run Scripts/generate-docs and commit it")
    }

    @Test("the man page documents every command, its sections and the exit codes, and is clean under mandoc -Tlint and groff")
    func manual() async throws {
        let path = TestPaths.repository.appendingPathComponent("man/dots-sso.1").path
        let page = try String(contentsOfFile: path, encoding: .utf8)
        for command in ["discover", "authorize", "pkpass", "bodymovin", "magic-link", "cache", "channel", "token export", "version"] {
            #expect(page.contains(".Ss dots-sso \(command)"), "man page lacks \(command)")
        }
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES", "SEE ALSO"] {
            #expect(page.contains(".Sh \(section)\n"), "man page lacks \(section)")
        }
        for code in [0, 1, 64, 65, 69, 70, 74, 75, 76, 77, 78] { #expect(page.contains(".It \(code)\n"), "EXIT STATUS lacks \(code)") }
        #expect(page.lowercased().contains("configuration error"))
        for variable in ["DOTS_SSO_CHANNEL", "DOTS_SSO_CACHE_DIR", "DOTS_SSO_CACERT", "NO_COLOR", "HTTPS_PROXY"] {
            #expect(page.contains(variable))
        }
        #expect(!page.contains("\n\n"), "an empty line is a groff warning")
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/mandoc") {
            let lint = try await ProcessRunner.run("/usr/bin/mandoc", ["-Tlint", "-W", "warning", path])
            #expect(lint.status == 0 && lint.stdout.isEmpty && lint.stderr.isEmpty, "\(lint.stdout)\(lint.stderr)")
        } else {
            print("NOTICE: mandoc is missing (Scripts/bootstrap --release installs it); mandoc -Tlint skipped")
        }
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/groff") {
            let groff = try await ProcessRunner.run("/usr/bin/groff", ["-mandoc", "-Tutf8", "-ww", "-z", path])
            #expect(groff.status == 0 && groff.stderr.isEmpty, "\(groff.stderr)")
        }
    }

    @Test("bash completion, called as bash calls it: subcommands, channel names and channel files after --channel, files by kind")
    func bashCompletion() async throws {
        let home = TemporaryDirectory("completion")
        try FileManager.default.createDirectory(atPath: home.path("config/dots-sso/channels"), withIntermediateDirectories: true)
        for name in ["acme", "globex"] {
            try "{}".write(toFile: home.path("config/dots-sso/channels/\(name).json"), atomically: true, encoding: .utf8)
        }
        try FileManager.default.createDirectory(atPath: home.path("work/partners"), withIntermediateDirectories: true)
        for file in ["work/partner.json", "work/partners/initech.json", "work/notes.txt", "work/guest.pkpass", "work/loader.json"] {
            try "{}".write(toFile: home.path(file), atomically: true, encoding: .utf8)
        }
        let script = """
            cd '\(home.path("work"))'
            source '\(TestPaths.repository.appendingPathComponent("completions/dots-sso.bash").path)'
            complete_line() {
                COMP_LINE="$1"; COMP_POINT=${#COMP_LINE}; read -ra COMP_WORDS <<< "$COMP_LINE"
                if [[ "$COMP_LINE" == *" " ]]; then COMP_WORDS+=(""); fi
                COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=()
                _dots-sso dots-sso "${COMP_WORDS[$COMP_CWORD]}" "${COMP_WORDS[$COMP_CWORD-1]}"
                echo "$1|$(printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ')"
            }
            complete_line 'dots-sso pk'
            complete_line 'dots-sso authorize --channel '
            complete_line 'dots-sso flags check --channel g'
            complete_line 'dots-sso profile --channel partners/'
            complete_line 'dots-sso pkpass inspect '
            complete_line 'dots-sso bodymovin validate lo'
            """
        let result = try await ProcessRunner.run(
            "/bin/bash", ["-c", script],
            environment: [
                "PATH": TestPaths.binary.deletingLastPathComponent().path + ":/usr/bin:/bin", "XDG_CONFIG_HOME": home.path("config"),
                "HOME": home.path("."),
            ])
        let lines = Dictionary(
            uniqueKeysWithValues: result.stdout.split(separator: "\n").compactMap { line -> (String, String)? in
                let parts = line.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
                return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
            })
        #expect(lines["dots-sso pk"] == "pkpass ", "\(result.stdout)\(result.stderr)")
        #expect(
            lines["dots-sso authorize --channel "] == "acme globex loader.json partner.json partners/ ", "\(result.stdout)\(result.stderr)")
        #expect(lines["dots-sso flags check --channel g"] == "globex ")
        #expect(lines["dots-sso profile --channel partners/"] == "partners/initech.json ")
        #expect(
            lines["dots-sso pkpass inspect "]?.contains("guest.pkpass") == true
                && lines["dots-sso pkpass inspect "]?.contains("notes.txt") == false,
            "\(result.stdout)")
        #expect(lines["dots-sso bodymovin validate lo"] == "loader.json ", "\(result.stdout)")
    }
}
