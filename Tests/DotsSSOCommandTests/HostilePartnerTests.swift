import DotsSSOBasics
import DotsSSOCore
import DotsSSOLoopback
import Foundation
import TestSupport
import Testing

@testable import DotsSSOCLI

/// Issue 16, in-process: what a hostile partner's server or file can no longer do to the user's terminal and secrets.
@Suite("hostile partner: secrets in errors, escaped text, reports that tell the truth")
struct HostilePartnerTests {
    /// A token endpoint that echoes the whole request, credentials included, in its error description.
    static func echoingTokenEndpoint(_ t: TestContext) {
        t.http.on(.post, FakeProvider.issuer + "/token") { request in
            let body = String(decoding: request.body ?? Data(), as: UTF8.self)
            let auth = request.header("Authorization") ?? ""
            let description = "echo: \(body) auth=\(auth)"
            let json = try JSONSerialization.data(withJSONObject: ["error": "invalid_grant", "error_description": description])
            return (400, [(name: "Content-Type", value: "application/json")], json)
        }
    }

    @Test(
        "exchange: a token endpoint echoing the code, verifier and client secret prints none of them",
        arguments: ["client_secret_post", "client_secret_basic"])
    func exchangeEcho(method: String) async throws {
        let t = TestContext(environment: ["ACME_SECRET": "client-secret-value-42"])
        _ = FakeProvider(on: t.http)
        Self.echoingTokenEndpoint(t)
        let secretFile = t.home.path("secret")
        try Data("client-secret-value-42".utf8).write(to: URL(fileURLWithPath: secretFile))
        let result = await t.run(
            [
                "exchange", "--code=the-code-123456", "--code-verifier", String(repeating: "v", count: 50),
                "--redirect-uri", "http://127.0.0.1:9/callback", "--client-secret-file", secretFile, "--client-auth", method,
            ] + FakeProvider.flags)
        #expect(result.status == 77)
        #expect(result.stderr.contains("invalid_grant (echo: grant_type=authorization_code"), "\(result.stderr)")
        for secret in ["the-code-123456", String(repeating: "v", count: 50), "client-secret-value-42", "Y2xpZW50"] {
            #expect(!result.allOutput.contains(secret), "\(secret) leaked: \(result.stderr)")
        }
    }

    @Test("refresh --force: an echoed refresh token is neither printed nor stored in the entry, nor repeated by later commands")
    func refreshEcho() async throws {
        let (t, _) = try await OAuthCommandTests.signedIn()
        Self.echoingTokenEndpoint(t)
        let refused = await t.run(["refresh", "--force"] + FakeProvider.flags)
        #expect(refused.status == 77)
        let stored = try #require(try t.cached()?.oauth.reauthenticationRequired)
        #expect(!stored.contains("rt-1"), "\(stored)")
        #expect(stored.contains("refresh_token=[redacted]"))
        for command in [["token", "print"], ["token", "show"], ["refresh"]] {
            let later = await t.run(command + FakeProvider.flags)
            #expect(later.allOutput.contains("sign in again"), "\(command): \(later.allOutput)")
            #expect(!later.allOutput.contains("rt-1"), "\(command): \(later.allOutput)")
        }
    }

    @Test("profile: a 401 whose WWW-Authenticate echoes the bearer token does not print it")
    func challengeEcho() async throws {
        let t = TestContext()
        let token = t.home.path("token")
        try Data("partner-token-abcdef\n".utf8).write(to: URL(fileURLWithPath: token))
        t.http.on(.get, "https://api.partner.example/me") { request in
            (
                401,
                [
                    (
                        name: "WWW-Authenticate",
                        value: #"Bearer error="invalid_token", error_description="\#(request.header("Authorization") ?? "")""#
                    )
                ], Data()
            )
        }
        let result = await t.run(["profile", "--profile-endpoint", "https://api.partner.example/me", "--access-token-file", token])
        #expect(result.status == 77)
        #expect(result.stderr.contains(#"Bearer error="invalid_token", error_description="Bearer [redacted]""#), "\(result.stderr)")
        #expect(!result.allOutput.contains("partner-token-abcdef"))
    }

    @Test(
        "an access token file that is not one line of visible ASCII, or is huge, is refused (65) before anything is sent",
        arguments: [
            (Data("ok\0X".utf8), "one line of visible ASCII"), (Data("one\ntwo".utf8), "one line of visible ASCII"),
            (Data(repeating: UInt8(ascii: "a"), count: 10_000_000), "longer than 16384 bytes"),
        ])
    func tokenFile(contents: Data, expected: String) async throws {
        let t = TestContext()
        let token = t.home.path("token")
        try contents.write(to: URL(fileURLWithPath: token))
        let result = await t.run(["profile", "--profile-endpoint", "https://api.partner.example/me", "--access-token-file", token])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains(expected), "\(result.stderr)")
        #expect(t.http.requests.isEmpty)
    }

    @Test("a profile name with a newline, ESC or a right-to-left override is shown escaped, never raw")
    func profileNames() async throws {
        let t = TestContext()
        let file = t.home.path("profile.json")
        let profile =
            #"{"id":"u-1","email":"ann@example.com","firstName":"Ann\nfirst name  Eve","lastName":"Lee\u001b[2J\u202e","features":{"canAccessApp":true}}"#
        try Data(profile.utf8).write(to: URL(fileURLWithPath: file))
        let result = await t.run(["profile", "--profile-file", file])
        #expect(!result.allOutput.contains("\u{1B}[2J"))
        #expect(!result.allOutput.contains("\u{202E}"))
        #expect(!result.stdout.contains("Ann\nfirst name"))
        #expect(result.stdout.contains("Ann\\nfirst name  Eve"), "\(result.stdout)")
    }

    @Test("a profile that repeats a key gets a warning at its path; the check still reads it")
    func profileDuplicateKey() async throws {
        let t = TestContext()
        let file = t.home.path("profile.json")
        try Data(#"{"id":"u-1","email":"ann@example.com","features":{"canAccessApp":true,"canAccessApp":false}}"#.utf8).write(
            to: URL(fileURLWithPath: file))
        let result = await t.run(["profile", "--profile-file", file, "--json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = (json["findings"] as? [[String: Any]]) ?? []
        let duplicate = try #require(findings.first { $0["code"] as? String == "profile.json.duplicate-key" })
        #expect(duplicate["severity"] as? String == "warning")
        #expect((duplicate["location"] as? [String: Any])?["path"] as? String == "$.features.canAccessApp")
    }

    @Test("cache list shows a cached client id holding ESC and a newline escaped, on its own row")
    func cacheListEscapes() async throws {
        let t = TestContext()
        let key = CacheKey(authority: "https://sso.fake.example", clientId: "evil\u{1B}]0;pwned\u{7}\nfake row")
        try await TokenCache(directory: t.cacheDirectory).update(key) {
            $0 = CacheEntry(key: key, tokens: TokenSet(accessToken: "a"), now: Date())
        }
        let result = await t.run(["cache", "list"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.allOutput.contains("\u{1B}") && !result.allOutput.contains("\u{7}"))
        #expect(result.stdout.contains(#"evil\u{1b}]0;pwned\u{7}\nfake row"#), "\(result.stdout)")
        #expect(!result.stdout.contains("\nfake row"))
    }

    @Test("--junit: an unreadable input is an erroring test case, never 'all checks passed'")
    func junitUnreadable() async throws {
        let t = TestContext()
        let empty = t.home.path("empty.json")
        try Data().write(to: URL(fileURLWithPath: empty))
        let report = t.home.path("report.xml")
        let bodymovin = await t.run(["bodymovin", "validate", empty, "--junit", report])
        #expect(bodymovin.status == 65)
        var xml = try String(contentsOfFile: report, encoding: .utf8)
        #expect(xml.contains(#"errors="1""#))
        #expect(xml.contains(#"<error type="unreadable""#))
        #expect(!xml.contains("all checks passed"))

        let missing = await t.run(["pkpass", "inspect", t.home.path("missing.pkpass"), "--junit", report])
        #expect(missing.status == 64)
        xml = try String(contentsOfFile: report, encoding: .utf8)
        #expect(xml.contains("missing.pkpass") && xml.contains("<error"))
        #expect(!xml.contains("all checks passed"))
    }

    @Test("--junit: a network failure before any finding still writes the report, naming the failure")
    func junitNetworkFailure() async throws {
        let t = TestContext()
        t.http.on(.get, FakeProvider.issuer + "/.well-known/openid-configuration") { _ in
            throw HTTPError.connect(host: "sso.fake.example", detail: "refused")
        }
        let report = t.home.path("report.xml")
        let result = await t.run(["discover", "--issuer", FakeProvider.issuer, "--junit", report])
        #expect(result.status == 69)
        let xml = try String(contentsOfFile: report, encoding: .utf8)
        #expect(xml.contains(#"name="provider metadata">"#) && xml.contains(#"<error type="error""#), "\(xml)")
        #expect(xml.contains("cannot connect to sso.fake.example"))
    }
}

/// Issue 16, in-process: the cache and channel files every command trusts.
@Suite("hostile partner: cache directories, channel files and locks")
struct CacheAndChannelHardeningTests {
    @Test(
        "a cache directory others can write to is refused by every command that reads it, not only by those that write",
        arguments: [
            ["token", "print"], ["token", "show"], ["cache", "list"], ["cache", "clear", "--all"], ["refresh"], ["revoke", "--local-only"],
        ])
    func worldWritableCache(command: [String]) async throws {
        let (t, _) = try await OAuthCommandTests.signedIn()
        chmod(t.cacheDirectory.path, 0o777)
        defer { chmod(t.cacheDirectory.path, 0o700) }
        let flags = command.first == "cache" ? [] : FakeProvider.flags
        let result = await t.run(command + flags)
        #expect(result.status == 78, "\(command): \(result.stderr)")
        #expect(result.stderr.contains("other users can write to it (mode 0777)"), "\(result.stderr)")
        #expect(result.stderr.contains("chmod 700"))
        let entry = TokenCache(directory: t.cacheDirectory).url(
            for: CacheKey(authority: FakeProvider.issuer, clientId: FakeProvider.client))
        #expect(FileManager.default.fileExists(atPath: entry.path), "nothing was removed")
    }

    @Test(
        "--cache-dir naming a regular file is 78 'not a directory', for listing and clearing alike",
        arguments: [
            ["cache", "list"], ["cache", "clear", "--all"], ["token", "print", "--issuer", "https://sso.fake.example", "--client-id", "a"],
        ])
    func cacheDirIsAFile(command: [String]) async throws {
        let t = TestContext()
        let file = t.home.path("not-a-dir")
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        let result = await t.run(command + ["--cache-dir", file])
        #expect(result.status == 78, "\(result.stderr)")
        #expect(result.stderr.contains("cannot use the cache directory \(file): it is not a directory"), "\(result.stderr)")
    }

    @Test("cache clear --all --channel acme removes every account of acme and nothing of other channels")
    func clearAllOfOneChannel() async throws {
        let t = TestContext()
        let cache = TokenCache(directory: t.cacheDirectory)
        let keys = [
            CacheKey(authority: "https://sso.acme.example", clientId: "dots"),
            CacheKey(authority: "https://sso.acme.example", clientId: "dots", account: "support"),
            CacheKey(authority: "https://sso.other.example", clientId: "dots"),
        ]
        for key in keys {
            try await cache.update(key) { $0 = CacheEntry(key: key, tokens: TokenSet(accessToken: "a"), now: Date()) }
        }
        try t.writeChannel("acme", #"{"issuer":"https://sso.acme.example","clientId":"dots"}"#)
        let result = await t.run(["cache", "clear", "--all", "--channel", "acme"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("removed 2 cached sign-ins"))
        #expect(try cache.read(keys[2]).entry != nil, "the other channel's sign-in stays")
        #expect(try cache.read(keys[0]).entry == nil && cache.read(keys[1]).entry == nil)
    }

    @Test("a lock held by another process is waited for only as long as --timeout")
    func lockHonoursTimeout() async throws {
        let (t, _) = try await OAuthCommandTests.signedIn()
        let cache = TokenCache(directory: t.cacheDirectory)
        let lock = try await FileLock(
            path: cache.lockPath(for: CacheKey(authority: FakeProvider.issuer, clientId: FakeProvider.client)), timeout: 1)
        defer { lock.release() }
        let started = Date()
        let result = await t.run(["refresh", "--force", "--timeout", "1"] + FakeProvider.flags)
        #expect(result.status == 75, "\(result.stderr)")
        // The lock is held until the test ends, so a run that waited for it would never end: ending at all, with the
        // 1 s in its message, is the timeout. The bound only catches a retry loop that gives up far too late; it is
        // wide because an in-process run waits for a thread of the suite's cooperative pool, which other tests' long
        // synchronous work can hold for many seconds in a full parallel run (12.9 s once, against 10 s).
        #expect(Date().timeIntervalSince(started) < 60)
        #expect(result.stderr.contains("for more than 1 s"))
    }

    @Test(
        "channel init: a name with a path separator or a path without .json is refused (64) and nothing is written",
        arguments: [
            "../../evil", "sub/acme", "./acme", "acme\u{1B}[31m", "",
        ])
    func channelNames(name: String) async throws {
        let t = TestContext()
        let before = Set((try? FileManager.default.subpathsOfDirectory(atPath: t.home.url.path)) ?? [])
        let result = await t.run(["channel", "init", name, "--issuer", "https://sso.acme.example", "--client-id", "dots"])
        #expect(result.status == 64, "\(name): \(result.stderr)")
        #expect(!result.stderr.contains("\u{1B}"))
        #expect(Set((try? FileManager.default.subpathsOfDirectory(atPath: t.home.url.path)) ?? []) == before)
    }

    @Test("a channel file every user can write is refused (78) with the chmod that fixes it")
    func worldWritableChannel() async throws {
        let t = TestContext()
        try t.writeChannel("acme", #"{"issuer":"https://sso.acme.example","clientId":"dots"}"#)
        let path = t.home.path("config/dots-sso/channels/acme.json")
        chmod(path, 0o666)
        let result = await t.run(["channel", "show", "acme"])
        #expect(result.status == 78)
        #expect(
            result.stderr.contains("other users can change it (mode 0666)") && result.stderr.contains("chmod 600 \(path)"),
            "\(result.stderr)")
    }

    @Test("a key given twice in a channel file is an error (78) naming it")
    func duplicateChannelKey() async throws {
        let t = TestContext()
        try t.writeChannel("acme", #"{"issuer":"https://sso.acme.example","clientId":"dots","issuer":"https://evil.example"}"#)
        let result = await t.run(["discover", "--channel", "acme"])
        #expect(result.status == 78)
        #expect(result.stderr.contains(#"the key "issuer" appears more than once"#), "\(result.stderr)")
        #expect(t.http.requests.isEmpty)
    }

    @Test("an unknown key in a channel file is named with the key it most likely meant")
    func unknownChannelKey() async throws {
        let t = TestContext()
        try t.writeChannel("acme", #"{"issuer":"https://sso.acme.example","clientID":"dots"}"#)
        let result = await t.run(["discover", "--channel", "acme"])
        #expect(result.status == 78)
        #expect(result.stderr.contains(#"unknown key "clientID"; did you mean "clientId"?"#), "\(result.stderr)")
        #expect(t.http.requests.isEmpty)
    }
}

/// Issue 16, in-process: inputs given as pipes, and messages that say what actually happened.
@Suite("hostile partner: pipes, typos and honest messages")
struct InputsAndMessagesTests {
    @Test(
        "a typo'd subcommand gets the nearest one; a far-off word gets none",
        arguments: [
            (["pkpas"], "Did you mean 'dots-sso pkpass'?"), (["flags", "chek"], "Did you mean 'dots-sso flags check'?"),
            (["pkpass", "inspekt", "x.pkpass"], "Did you mean 'dots-sso pkpass inspect'?"), (["zzzzzz"], nil),
        ])
    func subcommandTypo(arguments: [String], expected: String?) async {
        let t = TestContext()
        let result = await t.run(arguments)
        #expect(result.status == 64)
        if let expected {
            #expect(result.stderr.contains(expected), "\(result.stderr)")
        } else {
            #expect(!result.stderr.contains("Did you mean"))
        }
    }

    @Test("authorize --port N on a port in use says so in words, without library internals (69)")
    func portInUse() async throws {
        let occupier = try await LoopbackReceiver.start(listening: HummingbirdLoopback(), port: 0, arrival: { _ in .notARedirect })
        defer { occupier.stop() }
        let t = TestContext()
        _ = FakeProvider(on: t.http)
        let result = await t.run(["authorize", "--port", String(occupier.port), "--no-browser", "--timeout", "2"] + FakeProvider.flags)
        #expect(result.status == 69)
        #expect(
            result.stderr == "dots-sso: port \(occupier.port) is in use; choose another with --port, or leave --port out for a free one\n",
            "\(result.stderr)")
    }

    @Test("--timeout -1 says a negative number is not a value, not only that one is missing")
    func negativeTimeout() async {
        let result = await TestContext().run(["discover", "--issuer", "https://sso.fake.example", "--timeout", "-1"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--timeout -1: a negative number is not a valid value"), "\(result.stderr)")
    }

    @Test(
        "a value that starts with a dash (a base64url token) is read as a flag: the error says to write --token=VALUE, without repeating the token"
    )
    func dashValue() async {
        let result = await TestContext().run([
            "magic-link", "redeem", "--token", "-secretToken123", "--email", "a@b.example", "--base-url", "https://b.example", "--study",
            "s",
        ])
        #expect(result.status == 64)
        #expect(
            result.stderr.contains("--token: the value after it starts with '-', so it reads as a flag; write it as --token=VALUE"),
            "\(result.stderr)")
        #expect(!result.stderr.contains("secretToken123"))
    }

    @Test("--profile-file from a pipe is read like a file; a directory is named as one")
    func profileFromPipe() async throws {
        let t = TestContext()
        let fifo = t.home.path("profile.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = FIFOWriter(Data(#"{"id":"u-1","email":"ann@example.com","features":{"canAccessApp":true}}"#.utf8), to: fifo)
        let result = await t.run(["profile", "--profile-file", fifo, "--json"])
        await writer.wait()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("ann@example.com"))

        let directory = await t.run(["bodymovin", "validate", t.home.url.path])
        #expect(directory.status == 64)
        #expect(directory.stderr.contains("it is a directory, not a file"), "\(directory.stderr)")
    }

    @Test("--cacert from a pipe is read like a file")
    func cacertFromPipe() async throws {
        let t = TestContext()
        _ = FakeProvider(on: t.http)
        let pki = try TestPKI()
        let pem = try Data(contentsOf: URL(fileURLWithPath: pki.caCertificate))
        let fifo = t.home.path("ca.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = FIFOWriter(pem, to: fifo)
        let result = await t.run(["discover", "--issuer", FakeProvider.issuer, "--cacert", fifo])
        await writer.wait()
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test("a file name with ESC and a newline in an error message is shown escaped")
    func fileNameInError() async throws {
        let t = TestContext()
        let name = t.home.path("evil\u{1B}[31m\nfake.pkpass")
        let result = await t.run(["pkpass", "inspect", name])
        #expect(result.status == 64)
        #expect(!result.stderr.contains("\u{1B}"))
        #expect(result.stderr.contains(#"evil\u{1b}[31m\nfake.pkpass"#), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "one line")
    }

    @Test(
        "flags check --json: an unreachable profile endpoint ends with its own status and says why in problem.kind",
        arguments: [
            (HTTPError.connect(host: "api.partner.example", detail: "refused") as any Error & Sendable, "network", Int32(69)),
            (
                HTTPError.unauthorized(url: "https://api.partner.example/me", status: 401, detail: "") as any Error & Sendable,
                "not-authorized", Int32(77)
            ),
        ])
    func flagsProblemKind(failure: any Error & Sendable, kind: String, exitCode: Int32) async throws {
        let t = TestContext()
        let token = t.home.path("token")
        try Data("partner-token-abcdef".utf8).write(to: URL(fileURLWithPath: token))
        t.http.on(.get, "https://api.partner.example/me") { _ in throw failure }
        let result = await t.run([
            "flags", "check", "--profile-endpoint", "https://api.partner.example/me", "--access-token-file", token, "--json",
        ])
        #expect(result.status == exitCode)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let problem = try #require(json["problem"] as? [String: Any])
        #expect(problem["kind"] as? String == kind)
        #expect((problem["exitCode"] as? NSNumber)?.int32Value == exitCode)
        #expect((problem["message"] as? String)?.contains("could not check the app-launch rule") == true)
    }

    @Test("magic-link request answered 200 instead of 202 works, with a warning naming the seed's status")
    func requestAnswered200() async throws {
        let t = TestContext()
        t.http.on(.post, "https://bridge.example/v3/auth/email") { _ in
            (200, [(name: "Content-Type", value: "application/json")], Data("{}".utf8))
        }
        let result = await t.run([
            "magic-link", "request", "--email", "jane@example.com", "--base-url", "https://bridge.example", "--study", "demo",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("answered HTTP 200 rather than 202 Accepted (seed 001)"), "\(result.stderr)")
    }
}
