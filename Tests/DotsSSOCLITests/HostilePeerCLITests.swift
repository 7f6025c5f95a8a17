import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

/// Issue 16 through the built binary: servers that misbehave on purpose, and inputs given the way shells give them.
@Suite("hostile peers and shell inputs", .serialized)
struct HostilePeerCLITests {
    let cli = DotsSSOCLI()

    @Test("under GitHub Actions a partner's feature named like a workflow command is printed as text, and ##[ is broken")
    func workflowCommands() async throws {
        let profile = cli.home.path("profile.json")
        try Data(###"{"id":"u-1","features":{"::error title=forged::pwned":true,"##[warning]also":true,"canAccessApp":true}}"###.utf8)
            .write(to: URL(fileURLWithPath: profile))
        for arguments in [["flags", "--profile-file", profile], ["profile", "--profile-file", profile]] {
            let result = try await cli.run(arguments, environment: ["GITHUB_ACTIONS": "true"])
            let lines = (result.stdout + result.stderr).split(separator: "\n").map(String.init)
            #expect(!(result.stdout + result.stderr).contains("##["), "\(arguments[0]): \(result.stdout)")
            var stopped: String?
            for line in lines {
                let trimmed = line.drop { $0 == " " }
                if let token = stopped {
                    if trimmed == "::\(token)::" { stopped = nil }
                } else if trimmed.hasPrefix("::stop-commands::") {
                    stopped = String(trimmed.dropFirst("::stop-commands::".count))
                } else {
                    #expect(!trimmed.hasPrefix("::error title=forged"), "\(arguments[0]): a forged annotation reached the runner: \(line)")
                }
            }
            let plain = try await cli.run(arguments)
            #expect(!plain.stdout.contains("::stop-commands::"), "outside GitHub Actions the text is left alone")
        }
    }

    @Test("discover -v: a response header with terminal control sequences is traced escaped, never raw")
    func escapedTrace() async throws {
        let (peer, port) = try await Peers.httpPeer(pki: nil)
        defer { peer.stop() }
        let result = try await cli.run(["discover", "-v", "--issuer", "http://127.0.0.1:\(port)/evil"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.allOutput.contains("\u{1B}"))
        #expect(!result.allOutput.contains("\u{7}"))
        #expect(result.stderr.contains(#"X-Evil: \u{1b}[2J\u{1b}]0;pwned\u{7}"#), "\(result.stderr)")
    }

    @Test("--access-token-file accepts a pipe such as <(…), with the same checks as a file")
    func tokenFromPipe() async throws {
        let (peer, port) = try await Peers.httpPeer(pki: nil, extra: ["--expect-token", "piped-token-123"])
        defer { peer.stop() }
        let fifo = cli.home.path("token.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = Thread { try? Data("piped-token-123\n".utf8).write(to: URL(fileURLWithPath: fifo)) }
        writer.start()
        let result = try await cli.run([
            "profile", "--profile-endpoint", "http://127.0.0.1:\(port)/profiles/good", "--access-token-file", fifo,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.allOutput.contains("piped-token-123"))
    }

    /// One misbehaving server, and what each command must answer: (status, words) for discover and applinks check,
    /// words of the failed pass's finding for passes fetch (which then ends with 1).
    struct Hostile: Sendable, CustomStringConvertible {
        var name: String
        var discover: (Int32, String)
        var pass: String
        var applinks: (Int32, String)
        var description: String { name }
    }

    static let hostile: [Hostile] = [
        Hostile(
            name: "hang", discover: (69, "did not answer within 3 s"), pass: "did not answer within 3 s",
            applinks: (69, "did not answer within 3 s")),
        Hostile(
            name: "drip", discover: (69, "answered but had sent only"), pass: "answered but had sent only",
            applinks: (69, "answered but had sent only")),
        Hostile(
            name: "huge", discover: (65, "larger than 8 MiB; abandoned"), pass: "larger than 16 MiB; abandoned",
            applinks: (1, "larger than 128 KB")),
        Hostile(
            name: "huge-length", discover: (65, "larger than 8 MiB; abandoned"), pass: "larger than 16 MiB; abandoned",
            applinks: (1, "larger than 128 KB")),
        Hostile(
            name: "gzip-bomb", discover: (65, "larger than 8 MiB; abandoned"), pass: "larger than 16 MiB; abandoned",
            applinks: (1, "larger than 128 KB")),
        Hostile(
            name: "cut", discover: (69, "transfer closed with 99000 bytes remaining"), pass: "transfer closed with 99000 bytes remaining",
            applinks: (69, "transfer closed with 99000 bytes remaining")),
        Hostile(
            name: "redirect-loop", discover: (76, "redirected more than 5 times"), pass: "redirected more than 5 times",
            applinks: (1, "answers HTTP 302")),
        Hostile(
            name: "bigheader", discover: (65, "a header line over 100 KiB"), pass: "a header line over 100 KiB",
            applinks: (65, "a header line over 100 KiB")),
        Hostile(
            name: "badutf8", discover: (65, "are not valid JSON"), pass: "this is not a .pkpass (zip) file: it is JSON",
            applinks: (1, "is not JSON")),
    ]

    @Test(
        "hostile servers: discover, a pass download and applinks check each end with the documented status, cut by --timeout, under 150 MB",
        .serialized, arguments: hostile)
    func hostileServers(_ server: Hostile) async throws {
        let (peer, port) = try await Peers.httpPeer(pki: nil, extra: ["--all", server.name])
        defer { peer.stop() }
        let base = "http://127.0.0.1:\(port)"
        let profile = cli.home.path("member-\(server.name).json")
        try #"{"id": "m-1", "passes": ["\#(base)/passes/member.pkpass"]}"#.write(toFile: profile, atomically: true, encoding: .utf8)
        let runs: [(command: [String], status: Int32, words: String, stream: KeyPath<ProcessResult, String>)] = [
            (["discover", "--issuer", base], server.discover.0, server.discover.1, \.stderr),
            (["passes", "fetch", "--profile-file", profile, "--output", cli.home.path("out-\(server.name)")], 1, server.pass, \.stdout),
            (["applinks", "check", base], server.applinks.0, server.applinks.1, server.applinks.0 == 1 ? \.stdout : \.stderr),
        ]
        for run in runs {
            let arguments = run.command + ["--timeout", "3"]
            let result: ProcessResult
            var peak: Double?
            if PeakMemory.available {
                (result, peak) = try await PeakMemory.run(TestPaths.binary.path, arguments, environment: cli.environment, timeout: 30)
            } else {
                print("NOTICE: /usr/bin/time (GNU time) is absent; the hostile-server table does not measure memory")
                result = try await cli.run(arguments, timeout: 30)
            }
            let name = "\(server.name): \(run.command[0])"
            #expect(result.status == run.status, "\(name): \(result.stdout.prefix(400)) \(result.stderr)")
            #expect(result[keyPath: run.stream].contains(run.words), "\(name): \(result.stdout.prefix(400)) \(result.stderr)")
            // Cut by --timeout 3, not by the peer (which never ends) nor the 30 s default: the margin is for a loaded
            // machine (two cores running the suite four wide), not for the command.
            #expect(result.duration < 3 + 6, "\(name) took \(result.duration) s")
            if run.status != 1 { #expect(result.stderr.split(separator: "\n").count == 1, "\(name): one line: \(result.stderr)") }
            if let peak { #expect(peak < 150, "\(name) peaked at \(Int(peak)) MiB") }
        }
    }

    @Test("a 1 MB response header is named as such (65), not 'Out of memory'")
    func hugeHeader() async throws {
        let (peer, port) = try await Peers.httpPeer(pki: nil)
        defer { peer.stop() }
        let result = try await cli.run(["discover", "--issuer", "http://127.0.0.1:\(port)/bigheader"])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("a header line over 100 KiB"), "\(result.stderr)")
        #expect(!result.stderr.lowercased().contains("out of memory"))
    }
}
