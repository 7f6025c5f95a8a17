import DotsSSOBasics
import DotsSSOCore
import Foundation
import Testing

@Suite("Discovery lint")
struct DiscoveryLintTests {
    func metadata(_ issuer: String = "https://sso.example", _ changes: [String: JSONValue?] = [:]) -> ProviderMetadata {
        var document: [String: JSONValue] = [
            "issuer": .string("https://sso.example"),
            "authorization_endpoint": .string("https://sso.example/authorize"),
            "token_endpoint": .string("https://sso.example/token"),
            "userinfo_endpoint": .string("https://sso.example/userinfo"),
            "revocation_endpoint": .string("https://sso.example/revoke"),
            "end_session_endpoint": .string("https://sso.example/logout"),
            "response_types_supported": .array([.string("code")]),
            "code_challenge_methods_supported": .array([.string("S256")]),
        ]
        for (key, value) in changes { document[key] = value }
        return ProviderMetadata(
            requestedIssuer: issuer, source: "\(issuer)/.well-known/openid-configuration", kind: "openid-configuration", document: document)
    }

    func codes(_ metadata: ProviderMetadata) -> [String] {
        DiscoveryLint.findings(for: metadata).map(\.code)
    }

    @Test("a complete provider has no findings")
    func clean() {
        #expect(codes(metadata()).isEmpty)
    }

    @Test(
        "a DPoP client: a provider that does not advertise DPoP is a warning, one whose algorithms dots-sso cannot sign an error; no client DPoP, no finding"
    )
    func dpop() {
        let silent = metadata()
        #expect(DiscoveryLint.findings(for: silent, dpop: true).map(\.code) == ["discover.dpop.unadvertised"])
        #expect(DiscoveryLint.findings(for: silent, dpop: false).isEmpty)
        let eddsa = metadata("https://sso.example", ["dpop_signing_alg_values_supported": .array([.string("EdDSA")])])
        let refused = DiscoveryLint.findings(for: eddsa, dpop: true)
        #expect(refused.map(\.code) == ["discover.dpop.algorithm-unsupported"] && refused.first?.severity == .error)
        let pss = metadata("https://sso.example", ["dpop_signing_alg_values_supported": .array([.string("PS256")])])
        #expect(DiscoveryLint.findings(for: pss, dpop: true).isEmpty)
    }

    @Test("issuer must match exactly, a trailing slash included")
    func issuer() {
        let findings = DiscoveryLint.findings(for: metadata("https://sso.example/"))
        #expect(findings.map(\.code) == ["discover.issuer.mismatch"])
        #expect(findings[0].message.contains("trailing slash"))
        #expect(codes(metadata("https://sso.example", ["issuer": nil])) == ["discover.issuer.missing"])
    }

    @Test("http endpoints off loopback are errors")
    func insecure() {
        let found = DiscoveryLint.findings(for: metadata("https://sso.example", ["token_endpoint": .string("http://sso.example/token")]))
        #expect(found.map(\.code) == ["discover.endpoint.insecure"])
        #expect(found[0].location.path == "$.token_endpoint")
    }

    @Test("PKCE S256 and the code flow are required")
    func pkceAndCode() {
        #expect(
            codes(metadata("https://sso.example", ["code_challenge_methods_supported": .array([.string("plain")])])) == [
                "discover.pkce.s256-missing"
            ])
        #expect(codes(metadata("https://sso.example", ["code_challenge_methods_supported": nil])) == ["discover.pkce.not-advertised"])
        #expect(
            codes(metadata("https://sso.example", ["response_types_supported": .array([.string("token")])])) == [
                "discover.response-type.code-missing"
            ])
    }

    @Test("missing revocation and end-session endpoints are info")
    func optional() {
        let findings = DiscoveryLint.findings(
            for: metadata("https://sso.example", ["revocation_endpoint": nil, "end_session_endpoint": nil]))
        #expect(findings.map(\.code) == ["discover.revocation.missing", "discover.end-session.missing"])
        #expect(findings.allSatisfy { $0.severity == .info })
    }

    @Test(
        "HS256 id_tokens are a warning (a public client has no secret to verify them); no `none` is info unless the client is known public")
    func publicClientConcerns() {
        let hs = DiscoveryLint.findings(
            for: metadata("https://sso.example", ["id_token_signing_alg_values_supported": .array([.string("RS256"), .string("HS256")])]))
        #expect(hs.map(\.code) == ["discover.id-token.symmetric-alg"])
        #expect(hs.first?.severity == .warning)
        #expect(hs.first?.message.contains("registered for RS256") == true)
        let methods: [String: JSONValue?] = ["token_endpoint_auth_methods_supported": .array([.string("client_secret_basic")])]
        let unknown = DiscoveryLint.findings(for: metadata("https://sso.example", methods))
        #expect(unknown.map(\.code) == ["discover.client-auth.none-unlisted"])
        #expect(unknown.first?.severity == .info)
        #expect(
            DiscoveryLint.findings(for: metadata("https://sso.example", methods), publicClient: true).map(\.code) == [
                "discover.client-auth.none-missing"
            ])
    }

    @Test("RFC 8414 well-known URL puts the segment before the issuer path")
    func wellKnown() throws {
        let urls = try DiscoveryClient.candidateURLs(for: "https://sso.example/tenant/a")
        #expect(
            urls.map(\.url.absoluteString) == [
                "https://sso.example/tenant/a/.well-known/openid-configuration",
                "https://sso.example/.well-known/oauth-authorization-server/tenant/a",
                "https://sso.example/tenant/a/.well-known/oauth-authorization-server",
            ])
        #expect(try DiscoveryClient.candidateURLs(for: "https://sso.example/").count == 2, "no path: the two forms are one")
    }

    /// An RSA JWK with a modulus of `bits` bits (random, top bit set: only its length and the exponent are judged).
    static func rsaKey(_ kid: String, bits: Int, exponent: [UInt8]) -> JSONValue {
        var modulus = (0..<(bits / 8)).map { _ in UInt8.random(in: 0...255) }
        modulus[0] |= 0x80
        modulus[modulus.count - 1] |= 1
        return .object([
            "kty": .string("RSA"), "kid": .string(kid), "use": .string("sig"),
            "n": .string(Base64URL.encode(Data(modulus))), "e": .string(Base64URL.encode(Data(exponent))),
        ])
    }

    @Test("the JWKS is judged as a sign-in judges it: short or e ≤ 3 / even RSA keys are errors naming the kid, e < 65537 a warning")
    func weakKeys() {
        let document: JSONValue = .object([
            "keys": .array([
                Self.rsaKey("good", bits: 2048, exponent: [1, 0, 1]), Self.rsaKey("short", bits: 1024, exponent: [1, 0, 1]),
                Self.rsaKey("e1", bits: 2048, exponent: [1]), Self.rsaKey("even", bits: 2048, exponent: [1, 0, 0]),
                Self.rsaKey("e17", bits: 2048, exponent: [17]),
            ])
        ])
        let findings = DiscoveryLint.keyFindings(document, at: FindingLocation(file: "https://sso.example/jwks"))
        #expect(
            findings.map(\.code) == [
                "discover.jwks.key-refused", "discover.jwks.key-refused", "discover.jwks.key-refused", "discover.jwks.key-weak",
            ])
        #expect(findings[0].message.contains("key \"short\": a 1024-bit RSA key is too short"))
        #expect(findings[1].message.contains("key \"e1\": an RSA key with the public exponent 1 proves nothing"))
        #expect(findings[2].message.contains("key \"even\""))
        #expect(findings[3].message.contains("key \"e17\": an RSA key with the small public exponent 17"))
        #expect(
            DiscoveryLint.keyFindings(.object(["keys": .array([])]), at: FindingLocation(file: "x")).map(\.code) == ["discover.jwks.empty"])
    }
}
