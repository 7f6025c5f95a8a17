import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

@testable import DotsSSOCLI

/// `openweb register`, `echo verify` and `members log-out|remove` in-process, against scripted servers that
/// count every request: the local checks must stop a bad call before it is sent.
@Suite("Partner handshake commands in-process")
struct HandshakeCommandTests {
    static let openWeb = "https://openweb.fake.example/api"
    static let token = "ow-secret-token-4711"

    static func openWebContext(status: Int = 200, type: String = "application/json", body: String) -> TestContext {
        let t = TestContext(environment: ["OW_TOKEN": token])
        t.http.on(.get, openWeb + "/sso/v1/register-user") { _ in (status, [(name: "Content-Type", value: type)], Data(body.utf8)) }
        return t
    }

    static let register = [
        "openweb", "register", "--code-a", "codeA-1", "--primary-key", "3d6479fe", "--user-name", "jane",
        "--access-token-env", "OW_TOKEN", "--base-url", openWeb,
    ]

    @Test("openweb register prints codeB alone from JSON or plain text, and sends every field with the token")
    func openWebSuccess() async throws {
        let t = Self.openWebContext(body: #"{"code_b":"codeB-42"}"#)
        let result = await t.run(Self.register + ["--email", "jane@example.com", "--email-verified"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "codeB-42\n")
        let sent = try #require(t.http.requests.first)
        let query = FormEncoding.decode(sent.url.query ?? "")
        #expect(query.map(\.0) == ["access_token", "code_a", "primary_key", "user_name", "email", "email_verified"])
        #expect(query.first { $0.0 == "access_token" }?.1 == Self.token)
        #expect(!sent.followsRedirects)
        let text = Self.openWebContext(type: "text/plain", body: "codeB-plain\n")
        #expect(await text.run(Self.register).stdout == "codeB-plain\n")
        let json = await Self.openWebContext(body: #"{"code_b":"codeB-42"}"#).run(Self.register + ["--json"])
        #expect(json.stdout.contains(#""codeB" : "codeB-42""#))
    }

    @Test(
        "openweb register: a 200 that reads as an error is 76, a refused token 77 with the token scrubbed, a used codeA 1",
        arguments: [
            (200, "application/json", #"{"error":"invalid_code_a"}"#, 76, "without a codeB"),
            (200, "application/json", #"{"success":true}"#, 76, "without a code_b"),
            (200, "text/plain", "Invalid code", 76, "Invalid code"),
            (200, "text/html", "<html><body>Oops</body></html>", 76, "HTML"),
            (403, "application/json", #"{"message":"bad token ow-secret-token-4711"}"#, 77, "refused the credentials"),
            (400, "application/json", #"{"message":"code_a expired"}"#, 1, "code_a expired"),
            (503, "text/plain", "down", 75, "503"),
        ])
    func openWebFailures(status: Int, type: String, body: String, exit: Int32, expected: String) async {
        let t = Self.openWebContext(status: status, type: type, body: body)
        let result = await t.run(Self.register)
        #expect(result.status == exit, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(expected), "\(result.stderr)")
        #expect(!result.allOutput.contains(Self.token), "the access token leaked: \(result.allOutput)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        let json = await t.run(Self.register + ["--json"])
        #expect(json.status == exit)
        #expect(!json.allOutput.contains(Self.token), "the access token leaked with --json: \(json.allOutput)")
    }

    @Test("openweb register refuses an e-mail primary key, a missing token source and an unset variable before sending")
    func openWebLocalChecks() async throws {
        let t = Self.openWebContext(body: #"{"code_b":"x"}"#)
        var arguments = Self.register
        arguments[arguments.firstIndex(of: "3d6479fe")!] = "jane@localhost"
        let email = await t.run(arguments)
        #expect(email.status == 1)
        #expect(email.stderr.contains("profile.id.email"))
        let noToken = await t.run(Array(Self.register.prefix(7)) + ["--base-url", Self.openWeb])
        #expect(noToken.status == 64)
        let unset = await t.run(Self.register.map { $0 == "OW_TOKEN" ? "NOT_SET" : $0 })
        #expect(unset.status == 78)
        #expect(unset.stderr.contains("$NOT_SET"))
        let tokenFile = t.home.path("token.txt")
        try Data("ok\0X".utf8).write(to: URL(fileURLWithPath: tokenFile))
        let nul = await t.run(Self.register.map { $0 == "--access-token-env" ? "--access-token-file" : $0 == "OW_TOKEN" ? tokenFile : $0 })
        #expect(nul.status == 65)
        #expect(nul.stderr.contains("visible ASCII"))
        #expect(t.http.requests.isEmpty, "nothing may be sent when a local check fails")
    }

    // MARK: echo verify

    static let provider = "https://api.digits.com/1.1/sdk/account.json"

    static func echoHeader(consumerKey: String = "ck", timestamp: Date) -> String {
        OAuth1Signature.header(
            url: URL(string: provider)!, consumerKey: consumerKey, consumerSecret: "cs", token: "123-tok", tokenSecret: "ts",
            nonce: "nonce-1", timestamp: Int(timestamp.timeIntervalSince1970))
    }

    static func echoContext(
        status: Int = 200, body: String = #"{"id_str":"9007199254740993","id":9007199254740993,"phone_number":"+15555550100"}"#
    ) -> TestContext {
        let t = TestContext()
        t.http.on(.get, provider) { _ in (status, [(name: "Content-Type", value: "application/json")], Data(body.utf8)) }
        return t
    }

    @Test("echo verify calls the provider once with the header as Authorization and prints the id and phone")
    func echoSuccess() async throws {
        let t = Self.echoContext()
        let header = Self.echoHeader(timestamp: t.date)
        let result = await t.run(["echo", "verify", "--provider", Self.provider, "--authorization", header, "--consumer-key", "ck"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("9007199254740993"), "the string id wins over a rounded number")
        #expect(result.stdout.contains("+15555550100"))
        #expect(result.stderr.contains("only attribute that never changes"))
        #expect(t.http.requests.count == 1)
        #expect(t.http.requests.first?.header("Authorization") == header)
        #expect(t.http.requests.first?.followsRedirects == false)
        let json = await t.run(["echo", "verify", "--provider", Self.provider, "--authorization", header, "--consumer-key", "ck", "--json"])
        #expect(json.stdout.contains(#""verified" : true"#))
        #expect(!json.allOutput.contains("oauth_signature="), "the header never reaches the output")
    }

    static let echoRefusalCases: [(override: [String], exit: Int32)] = [
        (["--provider", "https://api.digits.com.attacker.example/1.1/sdk/account.json"], 1),
        (["--provider", "https://api.digits.com@evil.example/1.1/sdk/account.json"], 1),
        (["--provider", "https://evil.example/api.digits.com"], 1),
        (["--provider", "https://api.digits.com:8443/1.1/sdk/account.json"], 1),
        (["--provider", "https://API.digits.com/1.1/sdk/account.json"], 1),
        (["--provider", "https://аpi.digits.com/1.1/sdk/account.json"], 1),
        (["--provider", "http://api.digits.com/1.1/sdk/account.json"], 1),
        (["--consumer-key", "someone-else"], 1),
        (["--authorization", "OAuth oauth_consumer_key=ck"], 65),
    ]

    @Test("echo verify: a look-alike provider, a foreign consumer key or a malformed header sends nothing", arguments: echoRefusalCases)
    func echoRefusals(override: [String], exit: Int32) async {
        let t = Self.echoContext()
        var arguments = [
            "echo", "verify", "--provider", Self.provider, "--authorization", Self.echoHeader(timestamp: t.date), "--consumer-key", "ck",
        ]
        let index = arguments.firstIndex(of: override[0])!
        arguments[index + 1] = override[1]
        let result = await t.run(arguments)
        #expect(result.status == exit, "\(result.stderr)")
        #expect(result.stderr.contains("nothing was sent"))
        #expect(t.http.requests.isEmpty, "refused before any request")
    }

    @Test("echo verify: 401 is 77 with the provider's words, a stale timestamp warns, a 200 without an id is 76")
    func echoAnswers() async {
        let refused = Self.echoContext(status: 401, body: #"{"errors":[{"code":32,"message":"Could not authenticate you."}]}"#)
        let header = Self.echoHeader(timestamp: refused.date)
        let denied = await refused.run(["echo", "verify", "--provider", Self.provider, "--authorization", header, "--consumer-key", "ck"])
        #expect(denied.status == 77)
        #expect(denied.stderr.contains("Could not authenticate you."))
        let stale = Self.echoContext()
        let old = await stale.run([
            "echo", "verify", "--provider", Self.provider, "--authorization",
            Self.echoHeader(timestamp: stale.date.addingTimeInterval(-3600)), "--consumer-key", "ck", "--max-skew", "60",
        ])
        #expect(old.status == 0)
        #expect(old.stderr.contains("warning: oauth_timestamp is 3600 s old"))
        let anonymous = Self.echoContext(body: #"{"phone_number":"+1"}"#)
        let noID = await anonymous.run([
            "echo", "verify", "--provider", Self.provider, "--authorization", Self.echoHeader(timestamp: anonymous.date),
            "--consumer-key", "ck",
        ])
        #expect(noID.status == 76)
    }

    // MARK: members

    static let api = "https://api.thedots.fake.example"
    static let key = "channel-api-key-0042"

    static func membersContext(
        stdinIsTerminal: Bool = false, lines: [String] = [], answer: String? = nil,
        respond: @escaping @Sendable (String) -> (Int, String)
    ) -> TestContext {
        let queue = LineQueue(lines)
        let t = TestContext(stdinIsTerminal: stdinIsTerminal, environment: ["DOTS_KEY": key]) { _ in queue.next() ?? answer }
        for path in ["log-out-by-sso-id", "remove-by-sso-id"] {
            t.http.on(.post, "\(api)/channels/members.\(path)") { request in
                let body = try JSONSerialization.jsonObject(with: request.body ?? Data()) as? [String: String]
                let (status, answer) = respond(body?["ssoId"] ?? "")
                return (status, [(name: "Content-Type", value: "application/json")], Data(answer.utf8))
            }
        }
        return t
    }

    static let members = ["--base-url", api, "--channel-id", "acme", "--api-key-env", "DOTS_KEY"]

    @Test("members log-out posts the id with the Channel key and X-Channel, and shows the request id")
    func logOut() async throws {
        let t = Self.membersContext { _ in (200, #"{"requestId":"req-1","status":"logged-out"}"#) }
        let result = await t.run(["members", "log-out", "--sso-id", "3d6479fe"] + Self.members)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("logged-out\t3d6479fe\trequest req-1"))
        let sent = try #require(t.http.requests.first)
        #expect(sent.url.absoluteString == "\(Self.api)/channels/members.log-out-by-sso-id")
        #expect(sent.header("Authorization") == "Channel \(Self.key)")
        #expect(sent.header("X-Channel") == "acme")
        #expect(String(decoding: sent.body ?? Data(), as: UTF8.self) == #"{"ssoId":"3d6479fe"}"#)
        #expect(!result.allOutput.contains(Self.key))
    }

    @Test(
        "members: each refusal has its exit code and the API's words, never the key",
        arguments: [
            (400, #"{"errors":[{"field":"ssoId","message":"must be a UUID"}]}"#, Int32(65), "ssoId: must be a UUID"),
            (403, #"{"message":"admins cannot be removed"}"#, Int32(77), "admin"),
            (404, #"{"message":"not found"}"#, Int32(1), "no member of the channel has this SSO id"),
            (429, #"{}"#, Int32(75), "429"),
            (401, #"{"message":"bad key channel-api-key-0042"}"#, Int32(77), "[redacted]"),
        ])
    func logOutRefused(status: Int, body: String, exit: Int32, expected: String) async {
        let t = Self.membersContext { _ in (status, body) }
        let result = await t.run(["members", "log-out", "--sso-id", "x"] + Self.members)
        #expect(result.status == exit, "\(result.stderr)")
        #expect(result.stderr.contains(expected), "\(result.stderr)")
        #expect(!result.allOutput.contains(Self.key))
        let json = await t.run(["members", "log-out", "--sso-id", "x", "--json"] + Self.members)
        #expect(json.status == exit)
        #expect(json.stdout.contains(#""exitCode" : \#(exit)"#), "\(json.stdout)")
        #expect(!json.allOutput.contains(Self.key), "the key leaked into --json: \(json.stdout)")
    }

    @Test("members log-out --sso-id - reads one id per line, reports each and ends with a summary and the failures' code")
    func batch() async throws {
        let t = Self.membersContext(lines: ["a", "", "# comment", " b ", "gone", "c"]) { id in
            id == "gone" ? (404, #"{"message":"not found"}"#) : (200, #"{"requestId":"r-\#(id)","status":"logged-out"}"#)
        }
        let result = await t.run(["members", "log-out", "--sso-id", "-"] + Self.members)
        #expect(result.status == 1)
        #expect(
            result.stdout.split(separator: "\n").map { $0.split(separator: "\t").prefix(2).joined(separator: " ") }
                == ["logged-out a", "logged-out b", "failed gone", "logged-out c"])
        #expect(result.stderr.contains("3 of 4 logged out, 1 failed"))
        let json = await Self.membersContext(lines: ["a", "b"]) { _ in (200, #"{"requestId":"r","status":"logged-out"}"#) }
            .run(["members", "log-out", "--sso-id", "-", "--json"] + Self.members)
        #expect(json.status == 0)
        #expect(json.stdout.contains(#""succeeded" : 2"#))
    }

    @Test("members remove needs --yes without a terminal (64), asks at one, and a no sends nothing and exits 1 as apt and gh do")
    func removeConfirmation() async {
        let piped = Self.membersContext { _ in (200, #"{"requestId":"r","status":"removed"}"#) }
        let refused = await piped.run(["members", "remove", "--sso-id", "x"] + Self.members)
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("--yes"))
        #expect(piped.http.requests.isEmpty)
        let declined = Self.membersContext(stdinIsTerminal: true, answer: "no") { _ in (200, #"{"requestId":"r","status":"removed"}"#) }
        let no = await declined.run(["members", "remove", "--sso-id", "x"] + Self.members)
        #expect(no.status == 1)
        #expect(no.stderr.contains("not confirmed: nothing was removed"))
        #expect(no.stderr.contains("Remove the member with SSO id x from channel acme?"))
        #expect(declined.http.requests.isEmpty)
        let accepted = Self.membersContext(stdinIsTerminal: true, answer: "yes") { _ in (200, #"{"requestId":"r","status":"removed"}"#) }
        #expect(await accepted.run(["members", "remove", "--sso-id", "x"] + Self.members).status == 0)
        #expect(accepted.http.requests.count == 1)
        let forced = Self.membersContext { _ in (200, #"{"requestId":"r","status":"removed"}"#) }
        #expect(await forced.run(["members", "remove", "--sso-id", "x", "--yes"] + Self.members).stdout.contains("removed\tx"))
    }

    @Test("members takes its settings from the channel's channelsApi, and says which one is missing (78)")
    func channelSettings() async throws {
        let t = Self.membersContext { _ in (200, #"{"requestId":"r","status":"logged-out"}"#) }
        try t.writeChannel("acme", #"{"name":"acme","channelsApi":{"baseUrl":"\#(Self.api)","channelId":"acme","apiKeyEnv":"DOTS_KEY"}}"#)
        #expect(await t.run(["members", "log-out", "--sso-id", "x", "--channel", "acme"]).status == 0)
        let missing = await t.run(["members", "log-out", "--sso-id", "x", "--base-url", Self.api, "--api-key-env", "DOTS_KEY"])
        #expect(missing.status == 78)
        #expect(missing.stderr.contains("--channel-id"))
        let initialised = await t.run([
            "channel", "init", "other", "--channels-api-base-url", Self.api, "--channels-api-channel-id", "o",
            "--channels-api-key-env", "DOTS_KEY",
        ])
        #expect(initialised.status == 0, "\(initialised.stderr)")
        #expect(await t.run(["channel", "show", "other"]).stdout.contains("from $DOTS_KEY"))
    }
}

/// Lines a test types into stdin, one per read.
final class LineQueue: @unchecked Sendable {
    // @unchecked: `lines` is guarded by `lock`.
    private let lock = NSLock()
    private var lines: [String]

    init(_ lines: [String]) { self.lines = lines }

    func next() -> String? { lock.withLock { lines.isEmpty ? nil : lines.removeFirst() } }
}
