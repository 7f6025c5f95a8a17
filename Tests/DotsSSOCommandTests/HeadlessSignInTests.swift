import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

@testable import DotsSSOCLI

/// Sign-in without a display, in-process: the device flow's polling timed on the context's clock (a wait moves it on
/// at once), the paste flow with a scripted person at the prompt, the refresh-token file and the password grant.
@Suite("Headless sign-in in-process")
struct HeadlessSignInTests {
    static let deviceEndpoint = FakeProvider.issuer + "/device_authorization"
    static let tokenEndpoint = FakeProvider.issuer + "/token"

    /// A provider offering the device grant; `answers` are the token endpoint's answers to the device polls, in
    /// order (an error code, or nil for tokens). Records the clock at each poll and every form sent.
    final class DeviceProvider: @unchecked Sendable {
        // @unchecked: guarded by `lock`.
        private let lock = NSLock()
        private var polls: [Date] = []
        private var forms: [[(String, String)]] = []

        init(
            _ t: TestContext, answers: [String?], interval: JSONValue? = .number(5), expiresIn: JSONValue = .number(600),
            metadata changes: [String: JSONValue?] = [:]
        ) {
            var metadata = changes
            metadata["device_authorization_endpoint"] = .string(HeadlessSignInTests.deviceEndpoint)
            _ = FakeProvider(on: t.http, metadata: metadata)
            var device: [String: JSONValue] = [
                "device_code": .string("dc-secret-123456"), "user_code": .string("WDJB-MJHT"),
                "verification_uri": .string("https://sso.fake.example/device"),
                "verification_uri_complete": .string("https://sso.fake.example/device?user_code=WDJB-MJHT"), "expires_in": expiresIn,
            ]
            device["interval"] = interval
            let body = (try? JSONEncoder().encode(JSONValue.object(device))) ?? Data()
            t.http.on(.post, HeadlessSignInTests.deviceEndpoint) { [self] request in
                lock.withLock { forms.append(FormEncoding.decode(String(decoding: request.body ?? Data(), as: UTF8.self))) }
                return (200, [(name: "Content-Type", value: "application/json")], body)
            }
            t.http.on(.post, HeadlessSignInTests.tokenEndpoint) { [self] request in
                let form = FormEncoding.decode(String(decoding: request.body ?? Data(), as: UTF8.self))
                let index: Int = lock.withLock {
                    polls.append(t.date)
                    forms.append(form)
                    return polls.count - 1
                }
                guard form.contains(where: { $0 == ("grant_type", TokenEndpointClient.deviceCodeGrant) }),
                    form.contains(where: { $0 == ("device_code", "dc-secret-123456") })
                else {
                    return (400, [], Data(#"{"error":"invalid_request"}"#.utf8))
                }
                if index < answers.count, let error = answers[index] {
                    return (400, [(name: "Content-Type", value: "application/json")], Data(#"{"error":"\#(error)"}"#.utf8))
                }
                let tokens = #"{"access_token":"device-at-1","refresh_token":"device-rt-1","token_type":"Bearer","expires_in":3600}"#
                return (200, [(name: "Content-Type", value: "application/json")], Data(tokens.utf8))
            }
        }

        /// Seconds between the start and each poll.
        func pollTimes(since start: Date) -> [Double] { lock.withLock { polls.map { $0.timeIntervalSince(start) } } }
        var sentForms: [[(String, String)]] { lock.withLock { forms } }
    }

    static let deviceFlags = FakeProvider.flags + ["--flow", "device"]

    @Test("device flow: the code and address shown, polls every interval, 5 s more after slow_down, tokens cached, device code never shown")
    func deviceApproved() async throws {
        let t = TestContext()
        let start = t.date
        let provider = DeviceProvider(t, answers: ["authorization_pending", "authorization_pending", "slow_down", "authorization_pending"])
        let result = await t.run(["authorize"] + Self.deviceFlags)
        #expect(result.status == 0, "\(result.stderr)")
        // RFC 8628 §3.5: 5 s apart, then every interval 5 s longer once slow_down was said.
        #expect(provider.pollTimes(since: start) == [5, 10, 15, 25, 35])
        #expect(result.stderr.contains("open https://sso.fake.example/device on any device and enter the code: WDJB-MJHT"))
        #expect(result.stderr.contains("https://sso.fake.example/device?user_code=WDJB-MJHT"))
        #expect(try t.cached()?.oauth.tokens?.accessToken == "device-at-1")
        #expect(!result.allOutput.contains("dc-secret-123456") && !result.allOutput.contains("device-at-1"))
        // PKCE where the provider lists S256: the challenge sent first matches the verifier of every poll.
        let forms = provider.sentForms
        let challenge = try #require(forms.first?.first { $0.0 == "code_challenge" }?.1)
        let verifier = try #require(forms.last?.first { $0.0 == "code_verifier" }?.1)
        #expect(try PKCE.challenge(for: verifier) == challenge)
        #expect(forms.first?.contains { $0 == ("code_challenge_method", "S256") } == true)
    }

    @Test("device flow: no PKCE when the provider does not list S256")
    func deviceWithoutPKCE() async throws {
        let t = TestContext()
        let provider = DeviceProvider(t, answers: [], metadata: ["code_challenge_methods_supported": nil])
        #expect(await t.run(["authorize"] + Self.deviceFlags).status == 0)
        #expect(!provider.sentForms.flatMap { $0 }.contains { $0.0.hasPrefix("code_") })
    }

    @Test("device flow: declined → 77, expired_token → 75, --timeout passing → 75 after a last poll at the deadline")
    func deviceEndings() async throws {
        let denied = TestContext()
        _ = DeviceProvider(denied, answers: ["authorization_pending", "access_denied"])
        let refused = await denied.run(["authorize"] + Self.deviceFlags)
        #expect(refused.status == 77 && refused.stderr.contains("the device sign-in was declined"), "\(refused.stderr)")
        #expect(try denied.cached()?.oauth.tokens == nil)

        let expired = TestContext()
        _ = DeviceProvider(expired, answers: ["authorization_pending", "expired_token"])
        let late = await expired.run(["authorize"] + Self.deviceFlags)
        #expect(late.status == 75 && late.stderr.contains("the device code expired"), "\(late.stderr)")

        let waiting = TestContext()
        let start = waiting.date
        let provider = DeviceProvider(waiting, answers: Array(repeating: "authorization_pending", count: 20))
        let timedOut = await waiting.run(["authorize"] + Self.deviceFlags + ["--timeout", "12"])
        #expect(
            timedOut.status == 75 && timedOut.stderr.contains("nobody approved the device sign-in within 12 s (code WDJB-MJHT"),
            "\(timedOut.stderr)")
        #expect(provider.pollTimes(since: start) == [5, 10, 12])

        // The device code's own lifetime ends the wait the same way, with its own words.
        let short = TestContext()
        _ = DeviceProvider(short, answers: Array(repeating: "authorization_pending", count: 20), expiresIn: .number(7))
        let gone = await short.run(["authorize"] + Self.deviceFlags)
        #expect(gone.status == 75 && gone.stderr.contains("expired after 7 s"), "\(gone.stderr)")
    }

    @Test("device flow: hostile numbers and missing fields in the device answer end 76 or are bounded, never a trap or a spin")
    func deviceHostileAnswer() async throws {
        for (interval, expected) in [(JSONValue.number(1e300), 60.0), (.number(-5), 5), (.string("abc"), 5), (.number(0.001), 1)] {
            let t = TestContext()
            let start = t.date
            let provider = DeviceProvider(t, answers: ["authorization_pending"], interval: interval)
            #expect(await t.run(["authorize"] + Self.deviceFlags).status == 0)
            #expect(provider.pollTimes(since: start).first == expected, "interval \(interval)")
        }
        let t = TestContext()
        _ = FakeProvider(on: t.http, metadata: ["device_authorization_endpoint": .string(Self.deviceEndpoint)])
        t.http.json(.post, Self.deviceEndpoint, .object(["device_code": .string("x"), "expires_in": .number(600)]))
        let result = await t.run(["authorize"] + Self.deviceFlags)
        #expect(result.status == 76 && result.stderr.contains("it lacks user_code, verification_uri"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test(
        "without --flow: no display + a device endpoint → device; no device endpoint → paste; a display → loopback; each said on the first line"
    )
    func flowChoice() async throws {
        let headless = "there is no display (DISPLAY and WAYLAND_DISPLAY are unset)"
        let device = TestContext(headless: headless)
        _ = DeviceProvider(device, answers: [])
        let first = await device.run(["authorize"] + FakeProvider.flags)
        #expect(first.status == 0)
        #expect(
            first.stderr.hasPrefix(
                "dots-sso: signing in with the device flow: \(headless), and the provider offers the device authorization grant"))

        let channel = TestContext(headless: headless)
        _ = DeviceProvider(channel, answers: [])
        try channel.writeChannel("acme", #"{"issuer": "\#(FakeProvider.issuer)", "clientId": "\#(FakeProvider.client)", "flow": "device"}"#)
        let chosen = await channel.run(["authorize", "--channel", "acme"])
        #expect(chosen.status == 0 && chosen.stderr.contains("device flow: the channel's flow setting"))

        // No device grant: the paste flow, with the real port in the ssh line; nobody pastes, so the wait ends 75.
        let paste = TestContext(headless: headless)
        _ = FakeProvider(on: paste.http)
        let pasted = await paste.run(["authorize"] + FakeProvider.flags + ["--timeout", "1"])
        #expect(
            pasted.stderr.hasPrefix(
                "dots-sso: signing in with the paste flow: \(headless), and the provider offers no device authorization grant"))
        let port = try #require(pasted.stderr.firstMatch(of: /ssh -L (\d+):127\.0\.0\.1:(\d+)/))
        #expect(port.1 == port.2)
        #expect(pasted.stderr.contains("starting with http://127.0.0.1:\(port.1)/callback (the page itself will not load)"))
        #expect(pasted.status == 75)
        #expect(paste.browser.opened.isEmpty)

        let desktop = TestContext()
        _ = DeviceProvider(desktop, answers: [])
        let local = await desktop.run(["authorize"] + FakeProvider.flags + ["--timeout", "1"])
        #expect(local.stderr.hasPrefix("dots-sso: signing in with the loopback flow: a browser can be opened here"))
        #expect(desktop.browser.opened.count == 1)
    }

    /// Plays a person at the paste prompt: each call returns the next of `lines`, with STATE replaced by the sign-in's
    /// state and PORT by the listener's port, read from what dots-sso printed.
    static func pasting(_ lines: [String]) -> @Sendable (String) -> String? {
        let next = Counter()
        return { stderr in
            let index = next.increment() - 1
            guard index < lines.count,
                let url = stderr.split(separator: "\n").first(where: { $0.hasPrefix(FakeProvider.issuer + "/authorize?") }),
                let query = URLComponents(string: String(url))?.queryItems,
                let state = query.first(where: { $0.name == "state" })?.value,
                let redirect = query.first(where: { $0.name == "redirect_uri" })?.value,
                let port = URL(string: redirect)?.port
            else { return nil }
            return lines[index].replacingOccurrences(of: "STATE", with: state).replacingOccurrences(of: "PORT", with: String(port))
        }
    }

    @Test("paste flow: another sign-in's address and a non-address are refused and the prompt stays; this sign-in's address completes it")
    func pasteWins() async throws {
        let t = TestContext(
            answer: Self.pasting([
                "http://127.0.0.1:PORT/callback?code=good-code&state=someone-elses",
                "not an address",
                "   ",
                "http://127.0.0.1:PORT/callback?code=good-code&state=STATE",
            ]))
        _ = FakeProvider(on: t.http)
        let result = await t.run(["authorize"] + FakeProvider.flags + ["--flow", "paste", "--timeout", "20"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("that address belongs to another sign-in"))
        #expect(result.stderr.contains("that is not an address"))
        #expect(try t.cached()?.oauth.tokens?.accessToken == "at-1")
        #expect(!result.allOutput.contains("good-code"))
    }

    @Test("paste flow: a pasted denial ends 77 with the provider's words, checked as the listener checks it")
    func pasteDenied() async throws {
        let t = TestContext(answer: Self.pasting(["http://127.0.0.1:PORT/callback?error=access_denied&state=STATE"]))
        _ = FakeProvider(on: t.http)
        let result = await t.run(["authorize"] + FakeProvider.flags + ["--flow", "paste", "--timeout", "20"])
        #expect(result.status == 77 && result.stderr.contains("access_denied"), "\(result.stderr)")
    }

    @Test("paste flow: the listener's redirect (an ssh -L forward) wins while nobody pastes")
    func listenerWins() async throws {
        let t = TestContext()
        _ = FakeProvider(on: t.http)
        let task = Task { await t.run(["authorize"] + FakeProvider.flags + ["--flow", "paste", "--timeout", "20"]) }
        var redirect: URL?
        for _ in 0..<200 where redirect == nil {
            try await Task.sleep(nanoseconds: 20_000_000)
            guard let line = t.stderr.text.split(separator: "\n").first(where: { $0.hasPrefix(FakeProvider.issuer + "/authorize?") }),
                let query = URLComponents(string: String(line))?.queryItems,
                let state = query.first(where: { $0.name == "state" })?.value,
                let uri = query.first(where: { $0.name == "redirect_uri" })?.value
            else { continue }
            redirect = URL(string: "\(uri)?code=good-code&state=\(state)")
        }
        let url = try #require(redirect)
        // The listener answers once the in-process run has used the code, and that run waits for a thread of the
        // suite's cooperative pool: a full parallel run held it past 10 s once (0.1 s alone).
        let page = try await CurlHTTPClient(options: HTTPClientOptions(timeout: 60)).send(HTTPRequest(.get, url))
        #expect(page.status == 200 && String(decoding: page.body, as: UTF8.self).contains("Signed in"))
        let result = await task.value
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try t.cached()?.oauth.tokens?.accessToken == "at-1")
    }

    @Test(
        "--access-token-env: the member's token from a variable (a Bearer prefix dropped, never printed); unset is said with the file flag; with a file, refused; check without it skips its live checks"
    )
    func accessTokenFromEnvironment() async throws {
        let t = TestContext(environment: ["CI_MEMBER_TOKEN": "Bearer at-0\n"])
        _ = FakeProvider(on: t.http)
        let result = await t.run(["profile"] + FakeProvider.flags + ["--access-token-env", "CI_MEMBER_TOKEN", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let userinfo = try #require(t.http.requests.first { $0.url.path == "/userinfo" })
        #expect(userinfo.headers.contains { $0.name == "Authorization" && $0.value == "Bearer at-0" })
        #expect(!result.allOutput.contains("at-0"), "the token is never printed")
        let unset = await t.run(["profile"] + FakeProvider.flags + ["--access-token-env", "NOT_SET_ANYWHERE"])
        #expect(unset.status == 78 && unset.stderr.contains("$NOT_SET_ANYWHERE, which is not set"), "\(unset.stderr)")
        #expect(unset.stderr.contains("--access-token-file"), "says the file flag: \(unset.stderr)")
        let both = await t.run(["profile"] + FakeProvider.flags + ["--access-token-env", "CI_MEMBER_TOKEN", "--access-token-file", "x"])
        #expect(both.status == 64 && both.stderr.contains("--access-token-env"), "\(both.stderr)")
        let withRefresh = await t.run(
            ["profile"] + FakeProvider.flags + ["--access-token-env", "CI_MEMBER_TOKEN", "--refresh-token-file", "x"])
        #expect(withRefresh.status == 64, "\(withRefresh.stderr)")
        try t.writeChannel("acme", #"{"name": "acme", "issuer": "https://sso.fake.example", "clientId": "dots-app"}"#)
        let check = await t.run(["check", "--channel", "acme", "--only", "profile", "--access-token-env", "NOT_SET_ANYWHERE"])
        #expect(
            check.status == 78 && check.allOutput.contains("NOT_SET_ANYWHERE"),
            "no member: the variable's status, not 1: \(check.allOutput)")
    }

    @Test(
        "refresh-token file: a rotated refresh token is written back (0600) before the access token is used; a spent one ends 77 with the sentence"
    )
    func refreshTokenFile() async throws {
        let t = TestContext()
        _ = FakeProvider(on: t.http)
        let file = t.home.path("ci-refresh-token")
        try Data("rt-from-ci-secret\n".utf8).write(to: URL(fileURLWithPath: file))
        chmod(file, 0o644)
        let result = await t.run(["profile"] + FakeProvider.flags + ["--refresh-token-file", file])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(t.http.options.count == 1, "the refresh and the profile share one client: one pool, one trace")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "rt-1\n")
        #expect(FileStatus(file)?.mode == 0o600)
        #expect(result.stderr.contains("can be read by other users"))
        #expect(!result.allOutput.contains("rt-from-ci-secret") && !result.allOutput.contains("rt-1"))
        let refresh = try #require(t.http.requests.first { $0.url.path == "/token" })
        let refreshForm = String(decoding: refresh.body ?? Data(), as: UTF8.self)
        #expect(refreshForm.contains("refresh_token=rt-from-ci-secret"))
        // Nothing went into the token cache: the file is the job's only state.
        #expect(try t.cached() == nil)

        t.http.on(.post, Self.tokenEndpoint) { _ in
            (400, [], Data(#"{"error":"invalid_grant","error_description":"refresh token reuse detected"}"#.utf8))
        }
        let spent = await t.run(["profile"] + FakeProvider.flags + ["--refresh-token-file", file])
        #expect(spent.status == 77, "\(spent.stderr)")
        #expect(spent.stderr.contains("the refresh token in \(file) no longer works (invalid_grant: refresh token reuse detected)"))
        #expect(spent.stderr.contains("--flow device --save-refresh-token \(file)"))
    }

    @Test("authorize --save-refresh-token writes the new refresh token 0600; token export --refresh-token prints it or writes --out")
    func saveAndExport() async throws {
        let t = TestContext()
        _ = DeviceProvider(t, answers: [])
        let file = t.home.path("saved-refresh-token")
        let signedIn = await t.run(["authorize"] + Self.deviceFlags + ["--save-refresh-token", file])
        #expect(signedIn.status == 0, "\(signedIn.stderr)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "device-rt-1\n")
        #expect(FileStatus(file)?.mode == 0o600)
        #expect(!signedIn.allOutput.contains("device-rt-1"))

        let printed = await t.run(["token", "export", "--refresh-token"] + FakeProvider.flags)
        #expect(printed.status == 0 && printed.stdout == "device-rt-1\n")
        let out = t.home.path("exported")
        let written = await t.run(["token", "export", "--refresh-token", "--output", out] + FakeProvider.flags)
        #expect(written.status == 0 && written.stdout.isEmpty)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "device-rt-1\n")
        #expect(await t.run(["token", "export"] + FakeProvider.flags).status == 64)
    }

    @Test(
        "--grant password: a warning every time, the password only in the request body; a provider that refuses the grant → 78 with its words"
    )
    func passwordGrant() async throws {
        let t = TestContext()
        _ = FakeProvider(on: t.http)
        let passwordFile = t.home.path("pw")
        try Data("correct horse battery\n".utf8).write(to: URL(fileURLWithPath: passwordFile))
        // FakeProvider answers unsupported_grant_type to anything but code and refresh.
        let refused = await t.run(
            ["authorize"] + FakeProvider.flags + ["--grant", "password", "--username", "tess", "--password-file", passwordFile])
        #expect(refused.status == 78, "\(refused.stderr)")
        #expect(refused.stderr.contains("does not allow this client the password grant (HTTP 400): unsupported_grant_type"))
        #expect(refused.stderr.contains("RFC 9700"))
        #expect(!refused.allOutput.contains("correct horse"))

        t.http.on(.post, Self.tokenEndpoint) { request in
            let form = FormEncoding.decode(String(decoding: request.body ?? Data(), as: UTF8.self))
            guard form.contains(where: { $0 == ("grant_type", "password") }), form.contains(where: { $0 == ("username", "tess") }),
                form.contains(where: { $0 == ("password", "correct horse battery") })
            else {
                return (400, [], Data(#"{"error":"invalid_grant"}"#.utf8))
            }
            return (
                200, [(name: "Content-Type", value: "application/json")],
                Data(#"{"access_token":"pw-at","refresh_token":"pw-rt","expires_in":60}"#.utf8)
            )
        }
        let accepted = await t.run(
            ["authorize"] + FakeProvider.flags + ["--grant", "password", "--username", "tess", "--password-file", passwordFile])
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(accepted.stderr.contains("warning: --grant password signs in a partner's test member"))
        #expect(try t.cached()?.oauth.tokens?.accessToken == "pw-at")
        let entry = try String(
            contentsOf: t.cacheDirectory.appendingPathComponent(
                try #require(
                    FileManager.default.contentsOfDirectory(atPath: t.cacheDirectory.path).first { $0.hasSuffix(".json") })),
            encoding: .utf8)
        #expect(!entry.contains("correct horse"))

        #expect(await t.run(["authorize"] + FakeProvider.flags + ["--grant", "password", "--username", "tess"]).status == 64)
        #expect(await t.run(["authorize"] + FakeProvider.flags + ["--grant", "password", "--password-file", passwordFile]).status == 64)
        #expect(await t.run(["profile"] + FakeProvider.flags + ["--refresh-token-file", "-"]).status == 64)
    }
}
