import DotsSSOBasics
import DotsSSOCore
import Foundation
import Testing

/// id_token validation with tokens signed here by an ES256 key, changing one claim at a time.
@Suite("id_token validation")
struct IDTokenTests {
    let key: SigningKey
    let keys: JWKSet
    let now = Date()

    init() throws {
        key = try SigningKey()
        keys = try JWKSet(
            document: .object([
                "keys": .array([
                    .object([
                        "kty": .string("EC"), "crv": .string("P-256"), "kid": .string("k1"), "use": .string("sig"),
                        "x": .string(Base64URL.encode(key.x)), "y": .string(Base64URL.encode(key.y)),
                    ])
                ])
            ]))
    }

    func token(
        _ changes: [String: JSONValue?] = [:], header: [String: JSONValue] = ["alg": .string("ES256"), "kid": .string("k1")],
        signer: SigningKey? = nil
    ) throws -> String {
        var claims: [String: JSONValue] = [
            "iss": .string("https://idp.example"), "sub": .string("u1"), "aud": .string("dots"),
            "exp": .number(now.timeIntervalSince1970 + 300), "iat": .number(now.timeIntervalSince1970), "nonce": .string("n1"),
        ]
        for (name, value) in changes { claims[name] = value }
        let encoder = JSONEncoder()
        let head = Base64URL.encode(try encoder.encode(JSONValue.object(header)))
        let body = Base64URL.encode(try encoder.encode(JSONValue.object(claims)))
        let signature = try (signer ?? key).sign(Data("\(head).\(body)".utf8))
        return "\(head).\(body).\(Base64URL.encode(signature))"
    }

    var validator: IDTokenValidator { IDTokenValidator(issuer: "https://idp.example", clientID: "dots", keys: keys) }

    @Test("a correct token validates")
    func valid() throws {
        let jwt = try validator.validate(try token(), nonce: "n1", now: now)
        #expect(jwt.claims["sub"] == .string("u1"))
    }

    @Test(
        "each broken claim is refused with a message naming it",
        arguments: [
            ("iss", JSONValue.string("https://evil.example"), "iss"),
            ("aud", JSONValue.string("someone-else"), "aud"),
            ("exp", JSONValue.number(1_000), "expired"),
            ("nonce", JSONValue.string("replayed"), "nonce"),
            ("iat", JSONValue.number(4_000_000_000), "future"),
        ])
    func brokenClaims(claim: String, value: JSONValue, expected: String) throws {
        do {
            try validator.validate(try token([claim: value]), nonce: "n1", now: now)
            Issue.record("accepted a token with a bad \(claim)")
        } catch let error as OAuthError {
            #expect(error.message.contains(expected), "\(error.message)")
        }
    }

    @Test("a signature by another key, alg none, or an unknown kid is refused")
    func signatures() throws {
        #expect(throws: OAuthError.self) { try validator.validate(try token(signer: try SigningKey()), nonce: "n1", now: now) }
        #expect(throws: OAuthError.self) { try validator.validate(try token(header: ["alg": .string("none")]), nonce: "n1", now: now) }
        #expect(throws: OAuthError.self) {
            try validator.validate(try token(header: ["alg": .string("ES256"), "kid": .string("other")]), nonce: "n1", now: now)
        }
        #expect(throws: OAuthError.self) { try validator.validate("not.a.jwt.at-all", nonce: nil, now: now) }
        #expect(throws: OAuthError.self) { try validator.validate(try token(["exp": nil]), nonce: "n1", now: now) }
    }
}
