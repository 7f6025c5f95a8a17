import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

/// `magic-link` and `applinks` against a Bridge-style server with both throttling modes and broken app-link files.
@Suite("magic links and app links", .serialized)
struct MagicLinkCLITests {
    final class Bridge: @unchecked Sendable {
        let peer: BackgroundProcess
        let port: Int
        let cli = DotsSSOCLI()

        init(throttle: Bool) async throws { (peer, port) = try await Peers.bridgePeer(throttle: throttle) }
        deinit { peer.stop() }

        var base: String { "http://127.0.0.1:\(port)" }
        var server: [String] { ["--base-url", base, "--study", "demo"] }

        /// The link the server "e-mailed" last to `email`.
        func lastLink(_ email: String) async throws -> String {
            let body = try await Browser.get("\(base)/_test/outbox?email=\(email)").body
            return (try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: String])?["link"] ?? ""
        }
    }

    @Test("request: 202 without claiming the account exists; an invalid address is refused before any request")
    func request() async throws {
        let bridge = try await Bridge(throttle: false)
        for email in ["jane@example.com", "nobody@example.com"] {
            let result = try await bridge.cli.run(["magic-link", "request", "--email", email] + bridge.server)
            #expect(result.status == 0)
            #expect(result.stdout.contains("If the address belongs to an account"))
        }
        // The silent mode throttles without telling: a second request is another 202.
        #expect(try await bridge.cli.run(["magic-link", "request", "--email", "jane@example.com"] + bridge.server).status == 0)
        let invalid = try await bridge.cli.run(["magic-link", "request", "--email", "jane@", "-v"] + bridge.server)
        #expect(invalid.status == 64)
        #expect(!invalid.stderr.contains("> POST"))
    }

    @Test("request while a link is pending: 429 exits 75 and shows Retry-After")
    func throttled() async throws {
        let bridge = try await Bridge(throttle: true)
        #expect(try await bridge.cli.run(["magic-link", "request", "--email", "jane@example.com"] + bridge.server).status == 0)
        let again = try await bridge.cli.run(["magic-link", "request", "--email", "jane@example.com"] + bridge.server)
        #expect(again.status == 75)
        #expect(again.stderr.contains("60"))
    }

    @Test("server errors in Bridge's shape are one line with the right exit: disabled and unknown studies")
    func studies() async throws {
        let bridge = try await Bridge(throttle: false)
        let closed = try await bridge.cli.run([
            "magic-link", "request", "--email", "jane@example.com", "--base-url", bridge.base, "--study", "closed",
        ])
        #expect(closed.status == 78)
        #expect(
            closed.stderr
                == "dots-sso: \(bridge.base)/v3/auth/email answered HTTP 404: Email sign-in is not enabled for this study. (EndpointNotFoundException)\n"
        )
        let unknown = try await bridge.cli.run([
            "magic-link", "request", "--email", "jane@example.com", "--base-url", bridge.base, "--study", "nope",
        ])
        #expect(unknown.status == 78)
        #expect(unknown.stderr.contains("Study not found."))
    }

    @Test("redeem --password-file (stdin too) sets the password exactly as its line reads, spaces kept; --password is gone")
    func chosenPassword() async throws {
        let bridge = try await Bridge(throttle: false)
        let removed = try await bridge.cli.run([
            "magic-link", "redeem", "--base-url", bridge.base, "--token", "t", "--email", "jane@example.com", "--password", "hunter2",
        ])
        #expect(removed.status == 64, "a password never travels as a flag value")
        #expect(try await bridge.cli.run(["magic-link", "request", "--email", "jane@example.com"] + bridge.server).status == 0)
        let link = try await bridge.lastLink("jane@example.com")
        let result = try await bridge.cli.run(
            ["magic-link", "redeem", "--base-url", bridge.base, "--link", link, "--password-file", "-"],
            stdin: Data(" correct horse battery staple \r\n".utf8))
        #expect(result.status == 0, "\(result.stderr)")
        let sent = try await Browser.get("\(bridge.base)/_test/password?email=jane@example.com").body
        #expect(
            (try JSONSerialization.jsonObject(with: Data(sent.utf8)) as? [String: String])?["password"] == " correct horse battery staple ")
        #expect(!result.allOutput.contains("correct horse"))
    }

    @Test("redeem a link with a new password: session cached 0600 and never shown; token print --session shows it")
    func redeem() async throws {
        let bridge = try await Bridge(throttle: false)
        #expect(try await bridge.cli.run(["magic-link", "request", "--email", "jane@example.com"] + bridge.server).status == 0)
        let link = try await bridge.lastLink("jane@example.com")
        #expect(link.contains("token="))
        let result = try await bridge.cli.run([
            "magic-link", "redeem", "--base-url", bridge.base, "--link", link, "--new-password", "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let sent = try await Browser.get("\(bridge.base)/_test/password?email=jane@example.com").body
        let password = try #require((try JSONSerialization.jsonObject(with: Data(sent.utf8)) as? [String: String])?["password"])
        #expect(password.count >= 20)
        #expect(result.stderr.contains(password), "the new password is shown once on stderr")
        #expect(!result.stdout.contains(password))
        #expect(result.stdout.contains("\"consentRequired\" : false"))
        let session = try await bridge.cli.run(["token", "print", "--session", "--email", "jane@example.com"] + bridge.server)
        #expect(session.status == 0)
        #expect(session.stdout.hasPrefix("session-"))
        #expect(!result.allOutput.contains(session.stdout.trimmingCharacters(in: .newlines)))
        let cacheFile = try #require(
            (try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])?["cacheFile"] as? String)
        #expect((try FileManager.default.attributesOfItem(atPath: cacheFile)[.posixPermissions] as? Int) == 0o600)

        let reused = try await bridge.cli.run(["magic-link", "redeem", "--base-url", bridge.base, "--link", link])
        #expect(reused.status == 1)
        #expect(reused.stderr.contains("Account not found."))
    }

    @Test("consent pending (412): the session is stored and the output says consent is required")
    func consentPending() async throws {
        let bridge = try await Bridge(throttle: false)
        #expect(try await bridge.cli.run(["magic-link", "request", "--email", "pending@example.com"] + bridge.server).status == 0)
        let link = try await bridge.lastLink("pending@example.com")
        let result = try await bridge.cli.run(["magic-link", "redeem", "--base-url", bridge.base, "--link", link, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"consentRequired\" : true"))
        let human = try await bridge.cli.run(["token", "print", "--session", "--email", "pending@example.com"] + bridge.server)
        #expect(human.status == 0)
    }

    @Test("a wrong token or an unknown account is 'Account not found.' (1)")
    func wrongToken() async throws {
        let bridge = try await Bridge(throttle: false)
        #expect(try await bridge.cli.run(["magic-link", "request", "--email", "jane@example.com"] + bridge.server).status == 0)
        let wrong = try await bridge.cli.run(
            ["magic-link", "redeem", "--token", "not-the-token", "--email", "jane@example.com"] + bridge.server)
        #expect(wrong.status == 1)
        #expect(wrong.stderr.contains("Account not found."))
        let unknown = try await bridge.cli.run(["magic-link", "redeem", "--token", "x", "--email", "ghost@example.com"] + bridge.server)
        #expect(unknown.status == 1)
        let both = try await bridge.cli.run(["magic-link", "redeem", "--token", "x", "--link", "https://a/b?token=y"] + bridge.server)
        #expect(both.status == 64)
    }

    @Test(
        "applinks on good and broken files",
        arguments: [
            ("good", 0, nil as String?),
            ("bad-appid", 1, "applinks.aasa.app-id-invalid"),
            ("bad-fingerprint", 1, "applinks.assetlinks.fingerprint-invalid"),
            ("no-grant", 1, "applinks.assetlinks.no-handle-all-urls"),
            ("redirect", 1, "applinks.file.redirect"),
            ("oversize", 1, "applinks.file.too-large"),
            ("html", 1, "applinks.file.not-json"),
            ("plain-type", 0, "applinks.file.content-type"),
            ("missing", 1, "applinks.file.status"),
        ])
    func applinks(path: String, status: Int32, code: String?) async throws {
        let bridge = try await Bridge(throttle: false)
        let result = try await bridge.cli.run(["applinks", "check", "\(bridge.base)/\(path)", "--json"])
        #expect(result.status == status, "\(path): \(result.stdout)")
        if let code { #expect(result.stdout.contains("\"\(code)\""), "\(path)") }
    }

    @Test("--paths says which rule decides each magic link, in order")
    func paths() async throws {
        let bridge = try await Bridge(throttle: false)
        let opens = "\(bridge.base)/mobile/verify.html?token=abc"
        let excluded = "\(bridge.base)/mobile/private/x"
        let legacy = "\(bridge.base)/old/blocked/y"
        let result = try await bridge.cli.run(["applinks", "check", "\(bridge.base)/good", "--json", "--paths", opens, excluded, legacy])
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let verdicts = try #require(object["paths"] as? [[String: Any]])
        #expect(verdicts.map { $0["opensApp"] as? Bool } == [true, false, false])
        #expect(verdicts.map { $0["rule"] as? String } == ["details[0].components[1]", "details[0].components[0]", "details[1].paths[0]"])
        let good = try await bridge.cli.run(["applinks", "check", "\(bridge.base)/good", "--paths", opens])
        #expect(good.status == 0)
    }

    @Test(
        "a link on another host is judged by that host's own file; a custom scheme is not an app link; a token in the fragment is a warning"
    )
    func otherHostsAndSchemes() async throws {
        let bridge = try await Bridge(throttle: false)
        let other = try await Bridge(throttle: false)
        let onOther = "\(other.base)/mobile/verify.html?token=abc"
        let onNowhere = "http://127.0.0.1:1/mobile/verify.html?token=abc"
        let custom = "dots://verify?token=abc"
        let fragment = "\(bridge.base)/m/verify#token=abc"
        let result = try await bridge.cli.run([
            "applinks", "check", "\(bridge.base)/good", "--json", "--paths", onOther, onNowhere, custom, fragment,
        ])
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let verdicts = try #require(object["paths"] as? [[String: Any]])
        #expect(verdicts.map { $0["opensApp"] as? Bool } == [true, false, false, true])
        let explanations = verdicts.compactMap { $0["explanation"] as? String }
        #expect(explanations[0].contains("own apple-app-site-association"), "\(explanations[0])")
        #expect(explanations[1].contains("does not cover") && explanations[1].contains("opens the browser"), "\(explanations[1])")
        #expect(explanations[2].contains("need https"), "\(explanations[2])")
        let codes = (object["findings"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        #expect(codes.contains("applinks.path.custom-scheme"))
        #expect(codes.contains("applinks.path.token-in-fragment"))
        #expect(codes.filter { $0 == "applinks.path.not-matched" }.count == 1)
    }

    @Test("a used or expired link says it may have expired or been used, not only that the account is missing")
    func expiredLinkWording() async throws {
        let bridge = try await Bridge(throttle: false)
        let wrong = try await bridge.cli.run(
            ["magic-link", "redeem", "--token", "not-a-live-token", "--email", "jane@example.com"] + bridge.server)
        #expect(wrong.status == 1)
        #expect(
            wrong.stderr.contains("Account not found.")
                && wrong.stderr.contains("may have expired (magic links live 60 s) or been used already"), "\(wrong.stderr)")
    }

    @Test(
        "signup then signin as the app's lifecycle does: generated password remembered (0600) or shown once; sessions cached, never printed"
    )
    func signUpAndSignIn() async throws {
        let bridge = try await Bridge(throttle: false)
        let remembered = try await bridge.cli.run(
            ["magic-link", "signup", "--email", "new@example.com", "--remember-password", "--json"] + bridge.server)
        #expect(remembered.status == 0, "\(remembered.stderr)")
        #expect(remembered.stdout.contains("\"consentRequired\" : true"), "a new account has not consented yet")
        let sent = try await Browser.get("\(bridge.base)/_test/password?email=new@example.com").body
        let password = try #require((try JSONSerialization.jsonObject(with: Data(sent.utf8)) as? [String: String])?["password"])
        #expect(password.count >= 20)
        #expect(!remembered.allOutput.contains(password), "a remembered password is not shown")
        let cacheFile = try #require(
            (try JSONSerialization.jsonObject(with: Data(remembered.stdout.utf8)) as? [String: Any])?["cacheFile"] as? String)
        #expect((try String(contentsOfFile: cacheFile, encoding: .utf8)).contains(password))
        #expect((try FileManager.default.attributesOfItem(atPath: cacheFile)[.posixPermissions] as? Int) == 0o600)
        let first = try await bridge.cli.run(["token", "print", "--session", "--email", "new@example.com"] + bridge.server).stdout

        let again = try await bridge.cli.run(["magic-link", "signin", "--email", "new@example.com"] + bridge.server)
        #expect(again.status == 0, "\(again.stderr)")
        let second = try await bridge.cli.run(["token", "print", "--session", "--email", "new@example.com"] + bridge.server).stdout
        #expect(second.hasPrefix("session-") && second != first, "the new session replaced the cached one")
        #expect(!again.allOutput.contains(password))

        let shown = try await bridge.cli.run(["magic-link", "signup", "--email", "other@example.com"] + bridge.server)
        #expect(shown.status == 0, "\(shown.stderr)")
        let otherSent = try await Browser.get("\(bridge.base)/_test/password?email=other@example.com").body
        let otherPassword = try #require((try JSONSerialization.jsonObject(with: Data(otherSent.utf8)) as? [String: String])?["password"])
        #expect(shown.stderr.contains(otherPassword), "shown once on stderr when not remembered")
        #expect(!shown.stdout.contains(otherPassword))
        let typed = try await bridge.cli.run(
            ["magic-link", "signin", "--email", "other@example.com", "--password-file", "-"] + bridge.server,
            stdin: Data((otherPassword + "\n").utf8))
        #expect(typed.status == 0, "\(typed.stderr)")
        let wrong = try await bridge.cli.run(
            ["magic-link", "signin", "--email", "other@example.com", "--password-file", "-"] + bridge.server,
            stdin: Data("not the password\n".utf8))
        #expect(wrong.status == 1)
        #expect(wrong.stderr.contains("the password is not its current one"), "\(wrong.stderr)")
        let nothing = try await bridge.cli.run(["magic-link", "signin", "--email", "jane@example.com"] + bridge.server)
        #expect(nothing.status == 64)
        #expect(nothing.stderr.contains("--remember-password"))
        let taken = try await bridge.cli.run(["magic-link", "signup", "--email", "jane@example.com"] + bridge.server)
        #expect(taken.status == 64)
        #expect(taken.stderr.contains("already been used"))
    }
}
