import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

@testable import DotsSSOCLI

/// Which client `check` judges the provider for: the channel's, with what the flags add.
@Suite("check: the client the flags describe")
struct CheckClientTests {
    @Test("a key or a secret given only as a flag makes the client confidential for the discovery lint; --client-auth none makes it public")
    func flagsDecideTheClient() async throws {
        let t = TestContext()
        let metadata =
            #"{"issuer": "https://sso.fake.example", "authorization_endpoint": "https://sso.fake.example/a", "token_endpoint": "https://sso.fake.example/t", "response_types_supported": ["code"], "code_challenge_methods_supported": ["S256"], "token_endpoint_auth_methods_supported": ["private_key_jwt", "client_secret_basic"]}"#
        t.http.json(
            .get, "https://sso.fake.example/.well-known/openid-configuration",
            try JSONDecoder().decode(JSONValue.self, from: Data(metadata.utf8)))
        try t.writeChannel("acme", #"{"name": "acme", "issuer": "https://sso.fake.example", "clientId": "dots"}"#)
        func codes(_ extra: [String]) async throws -> [String] {
            let result = await t.run(["check", "--channel", "acme", "--only", "discovery", "--json"] + extra)
            let report = try #require(
                try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.allOutput)")
            let checks = try #require(report["checks"] as? [[String: Any]])
            return checks.flatMap { ($0["findings"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String } }
        }
        // No secret, no key: a public client whose provider does not list "none" is warned.
        #expect(try await codes([]).contains("discover.client-auth.none-missing"))
        // The same client with its key on the command line is confidential: only the general note remains.
        let keyed = try await codes(["--client-key-file", t.home.path("client.pem")])
        #expect(!keyed.contains("discover.client-auth.none-missing") && keyed.contains("discover.client-auth.none-unlisted"), "\(keyed)")
        let secret = try await codes(["--client-secret-file", t.home.path("secret")])
        #expect(!secret.contains("discover.client-auth.none-missing"), "\(secret)")
        let publicByChoice = try await codes(["--client-key-file", t.home.path("client.pem"), "--client-auth", "none"])
        #expect(publicByChoice.contains("discover.client-auth.none-missing"), "\(publicByChoice)")
    }

    @Test("check names an undocumented flag in its own words, the flag's name taken from the profile, not from a rewritten sentence")
    func undocumentedFlags() async throws {
        let t = TestContext()
        let provider = FakeProvider(on: t.http)
        provider.profile = .object([
            "id": .string("u-1"), "email": .string("jane@fake.example"), "firstName": .string("Jane"), "lastName": .string("Doe"),
            "features": .object(["canAccessApp": .bool(true), "zeta": .bool(false), "beta": .bool(true)]),
        ])
        try t.writeChannel(
            "acme",
            #"{"name": "acme", "issuer": "https://sso.fake.example", "clientId": "dots-app", "flags": {"canAccessApp": "the app opens"}}"#)
        let token = t.home.path("token")
        try Data("at-0".utf8).write(to: URL(fileURLWithPath: token))
        let result = await t.run(["check", "--channel", "acme", "--only", "flags", "--access-token-file", token, "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.allOutput)")
        let findings = (report["checks"] as? [[String: Any]] ?? []).flatMap { $0["findings"] as? [[String: Any]] ?? [] }
        let said = findings.filter { $0["code"] as? String == "flags.undocumented" }.compactMap { $0["message"] as? String }
        #expect(
            said
                == ["beta", "zeta"].map {
                    "flag \($0) is not documented in the channel; add its purpose under \"flags\" so the app team knows what it controls"
                }, "\(findings)")
        #expect(result.status == 1)
    }
}
