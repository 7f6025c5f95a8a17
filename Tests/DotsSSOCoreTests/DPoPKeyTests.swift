import DotsSSOBasics
import DotsSSOCore
import Foundation
import Testing

/// The client half of RFC 9449 without a network: what a proof holds, which key a provider's list makes, and when a
/// server is asking for its nonce.
@Suite("DPoP proofs")
struct DPoPKeyTests {
    @Test("RFC 7638 §3.1's example key has the thumbprint the RFC gives; a JWK missing a member has none")
    func thumbprint() {
        let n =
            "0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw"
        let jwk: [String: JSONValue] = ["kty": .string("RSA"), "n": .string(n), "e": .string("AQAB"), "alg": .string("RS256")]
        #expect(JWKThumbprint.of(jwk) == "NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs")
        #expect(JWKThumbprint.of(["kty": .string("RSA"), "n": .string(n)]) == nil)
        #expect(JWKThumbprint.of(["kty": .string("oct"), "k": .string("c2VjcmV0")]) == nil)
    }

    @Test(
        "a proof: typ dpop+jwt, the public JWK only, htu without query or fragment, ath the token's SHA-256, a fresh jti; it verifies with its own JWK"
    )
    func proofShape() throws {
        let key = try DPoPKey.generate(accepting: nil, clock: .system)
        let url = try #require(URL(string: "https://api.fake.example/me?member=1#frag"))
        let first = try JWT(try key.proof(method: "GET", url: url, accessToken: "abc"))
        let second = try JWT(try key.proof(method: "GET", url: url, accessToken: "abc"))
        #expect(first.header["typ"] == .string("dpop+jwt") && first.algorithm == "ES256")
        let jwk = try #require(first.header["jwk"]?.objectValue)
        #expect(jwk["d"] == nil && jwk["kty"] == .string("EC"))
        #expect(JWKThumbprint.of(jwk) == (try key.thumbprint()))
        #expect(first.claims["htu"] == .string("https://api.fake.example/me") && first.claims["htm"] == .string("GET"))
        // RFC 9449 §4.2: ath is base64url(SHA-256(token)), not hex.
        #expect(first.claims["ath"] == .string(Base64URL.encode(try DigestAlgorithm.sha256.digest(Data("abc".utf8)))))
        #expect(first.claims["jti"] != second.claims["jti"] && first.claims["nonce"] == nil)
        let keys = try JWKSet(document: .object(["keys": .array([.object(jwk)])]))
        #expect(keys.verifies(first, algorithm: .es256))
        // The key survives the cache entry.
        let restored = try #require(DPoPKey.restore(try key.stored(), clock: .system))
        #expect(try restored.thumbprint() == key.thumbprint())
    }

    @Test("htu never carries user:password@ (the proof goes to the server); the port and path stay (RFC 9449 §4.2)")
    func proofWithoutCredentials() throws {
        let key = try DPoPKey.generate(accepting: nil, clock: .system)
        let url = try #require(URL(string: "https://member:hunter2@api.fake.example:8443/v1/me?x=1"))
        let proof = try JWT(try key.proof(method: "GET", url: url, accessToken: nil))
        #expect(proof.claims["htu"] == .string("https://api.fake.example:8443/v1/me"))
    }

    @Test("the provider's list picks the key: ES256 by default, RSA signing PS256 for a PS256-only provider; EdDSA only is refused (78)")
    func providerAlgorithms() throws {
        #expect(try DPoPKey.generate(accepting: ["ES256", "RS256"], clock: .system).algorithm == .es256)
        let pss = try DPoPKey.generate(accepting: ["PS256"], clock: .system)
        #expect(pss.algorithm == .ps256)
        let proof = try JWT(try pss.proof(method: "POST", url: URL(string: "https://idp.fake.example/token")!))
        let keys = try JWKSet(document: .object(["keys": .array([proof.header["jwk"]!])]))
        #expect(proof.algorithm == "PS256" && keys.verifies(proof, algorithm: .ps256))
        // A cache entry whose algorithm does not fit its key (hand-edited, or from a newer dots-sso) gives no key.
        var mismatched = try pss.stored()
        mismatched.algorithm = "ES256"
        #expect(DPoPKey.restore(mismatched, clock: .system) == nil)
        mismatched.algorithm = "PS512"
        #expect(DPoPKey.restore(mismatched, clock: .system) == nil)
        do {
            _ = try DPoPKey.generate(accepting: ["EdDSA"], clock: .system)
            Issue.record("an EdDSA-only provider must be refused")
        } catch let error as OAuthError {
            #expect(error.exitStatus == .configuration && error.message.contains("--no-dpop"))
        }
    }

    @Test(
        "a server's nonce goes into the next proof to that server only; use_dpop_nonce is recognised at a token endpoint (400) and a resource (401), and only with a DPoP-Nonce header"
    )
    func nonces() throws {
        let key = try DPoPKey.generate(accepting: nil, clock: .system)
        let token = try #require(URL(string: "https://idp.fake.example/token"))
        func response(_ status: Int, _ headers: [(name: String, value: String)], _ body: String = "") -> HTTPResponse {
            HTTPResponse(status: status, headers: headers, body: Data(body.utf8), url: token, duration: 0)
        }
        let asked = response(400, [(name: "DPoP-Nonce", value: "n-1")], #"{"error":"use_dpop_nonce"}"#)
        #expect(DPoPKey.asksForNonce(asked))
        #expect(!DPoPKey.asksForNonce(response(400, [], #"{"error":"use_dpop_nonce"}"#)))
        #expect(!DPoPKey.asksForNonce(response(400, [(name: "DPoP-Nonce", value: "n")], #"{"error":"invalid_grant"}"#)))
        #expect(
            DPoPKey.asksForNonce(
                response(401, [(name: "WWW-Authenticate", value: #"DPoP error="use_dpop_nonce""#), (name: "DPoP-Nonce", value: "n")])))
        key.remember(asked)
        key.remember(response(200, [(name: "DPoP-Nonce", value: "bad nonce\u{7}")]))
        #expect(try JWT(try key.proof(method: "POST", url: token)).claims["nonce"] == .string("n-1"))
        let other = try #require(URL(string: "https://api.fake.example/me"))
        #expect(try JWT(try key.proof(method: "GET", url: other)).claims["nonce"] == nil)
    }
}
