import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

@testable import DotsSSOCLI

/// `--color`, `--quiet` and the table as a terminal draws it: what a person sees, in-process.
@Suite("output choices")
struct OutputChoicesTests {
    /// Where a line's last column starts, in terminal columns (colour escapes take none, wide characters two).
    static func lastColumnStart(_ line: Substring, lastCell: String) -> Int {
        DisplayWidth.of(String(line.dropLast(lastCell.count)))
    }

    @Test("coloured, wide and emoji cells line up: the flag table pads by display width, not by String.count")
    func tableAlignment() async throws {
        let t = TestContext()
        try t.writeChannel("acme", #"{"flags":{"canAccessApp":"会員アプリ","beta":"🎟 events","gold":"plain purpose"}}"#)
        let profile = t.home.path("member.json")
        try Data(#"{"id":"u-1","features":{"canAccessApp":true,"beta":"yes","gold":false}}"#.utf8).write(to: URL(fileURLWithPath: profile))
        let shown = await t.run(["flags", "--channel", "acme", "--profile-file", profile, "--color", "always"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("\u{1B}[32mtrue"), "--color always colours even with NO_COLOR set and no terminal")
        let rows = shown.stdout.split(separator: "\n").filter { $0.hasSuffix("-") || $0.hasSuffix("GATES") }
        #expect(rows.count == 4, "\(shown.stdout)")
        let starts = Set(rows.map { Self.lastColumnStart($0, lastCell: $0.hasSuffix("GATES") ? "GATES" : "-") })
        #expect(starts.count == 1, "every GATES cell starts in the same column: \(starts)\n\(shown.stdout)")
    }

    @Test("display width: escapes take no columns, CJK and emoji two, combining marks none")
    func displayWidth() {
        #expect(DisplayWidth.of("\u{1B}[31mfalse\u{1B}[0m") == 5)
        #expect(DisplayWidth.of("会員") == 4)
        #expect(DisplayWidth.of("🎟️ x") == 4)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.pad("会", to: 4) == "会  ")
    }

    @Test("colour: NO_COLOR only when non-empty, FORCE_COLOR turns it on, --color never wins over both")
    func colourChoice() async throws {
        let profile = #"{"id":"u-1","features":{"canAccessApp":true}}"#
        for (environment, flag, coloured) in [
            (["NO_COLOR": ""], [String](), false),  // no terminal: auto stays plain
            (["NO_COLOR": "", "FORCE_COLOR": "1"], [], true),  // an empty NO_COLOR is ignored (no-color.org)
            (["NO_COLOR": "1", "FORCE_COLOR": "1"], [], false),  // a set NO_COLOR wins
            (["FORCE_COLOR": "0", "NO_COLOR": ""], [], false),
            (["FORCE_COLOR": "1", "NO_COLOR": ""], ["--color", "never"], false),
        ] {
            let t = TestContext(environment: environment)
            let file = t.home.path("member.json")
            try Data(profile.utf8).write(to: URL(fileURLWithPath: file))
            let shown = await t.run(["flags", "--profile-file", file] + flag)
            #expect(shown.stdout.contains("\u{1B}[") == coloured, "\(environment) \(flag): \(shown.stdout)")
        }
        let refused = await TestContext().run(["flags", "--profile-file", "x", "--color", "sometimes"])
        #expect(refused.status == 64)
    }

    @Test("--quiet: the result and warnings only, no hints; with --verbose it is a usage error")
    func quiet() async throws {
        let t = HandshakeCommandTests.echoContext()
        let header = HandshakeCommandTests.echoHeader(timestamp: t.date)
        let arguments = ["echo", "verify", "--provider", HandshakeCommandTests.provider, "--authorization", header, "--consumer-key", "ck"]
        let loud = await t.run(arguments)
        #expect(loud.status == 0 && loud.stderr.contains("never changes"))
        let quiet = await HandshakeCommandTests.echoContext().run(arguments + ["--quiet"])
        #expect(quiet.status == 0 && quiet.stdout.contains("9007199254740993"))
        #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
        let both = await t.run(arguments + ["-q", "-v"])
        #expect(both.status == 64 && both.stderr.contains("--quiet and --verbose"))
    }
}

/// Hints that work when followed: each repeats what the user typed and names real flags.
@Suite("hints that work")
struct WorkingHintsTests {
    @Test("not signed in: the hint repeats --channel as typed (a path stays a path), and following it is a real command")
    func notSignedInRepeatsTheChannel() async throws {
        let t = TestContext()
        let file = t.home.path("partner.json")
        try Data(
            #"{"name":"sandbox","issuer":"https://sso.fake.example","clientId":"app","profileEndpoint":"https://api.fake.example/me"}"#.utf8
        )
        .write(to: URL(fileURLWithPath: file))
        chmod(file, 0o600)
        let result = await t.run(["profile", "--channel", file])
        #expect(result.status == 77, "\(result.stderr)")
        #expect(result.stderr.contains("run `dots-sso authorize --channel \(file)` first"), "\(result.stderr)")
        let named = await t.run(["profile", "--channel", "sandbox"])
        #expect(named.status == 78, "no channel called sandbox is configured: the hint did not send the user there")
    }

    @Test("an unset secret variable names the flag that gives the file instead")
    func unsetSecretNamesTheFlag() async {
        let t = TestContext()
        let result = await t.run([
            "members", "log-out", "--sso-id", "x", "--base-url", "https://api.fake.example", "--channel-id", "acme",
            "--api-key-env", "NOT_SET_ANYWHERE",
        ])
        #expect(result.status == 78)
        #expect(result.stderr.contains("pass --api-key-file FILE"), "\(result.stderr)")
        #expect(!result.stderr.contains("--…-file"))
    }

    @Test("token print --session names every missing option at once; cache clear with nothing named asks for a channel")
    func missingAtOnce() async {
        let t = TestContext()
        let session = await t.run(["token", "print", "--session"])
        #expect(session.status == 64)
        #expect(
            session.stderr.contains("--email ADDRESS") && session.stderr.contains("--base-url URL")
                && session.stderr.contains("--study NAME"),
            "\(session.stderr)")
        let clear = await t.run(["cache", "clear"])
        #expect(clear.status == 78)
        #expect(clear.stderr.contains("pass --channel NAME|FILE") && clear.stderr.contains("--all"), "\(clear.stderr)")
    }

    @Test("authorize --help says --timeout is how long the sign-in may take (300), not only a request's limit")
    func timeoutHelp() async {
        let help = await TestContext().run(["authorize", "--help"])
        let words = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("how long the sign-in may take (default 300)"), "\(help.stdout)")
    }
}
