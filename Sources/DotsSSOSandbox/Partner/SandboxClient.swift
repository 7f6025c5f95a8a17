import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// A client registered with the sandbox provider: its id, its secret (nil for a public client, as The Dots app
/// is) and the redirect URIs it may use. Redirect URIs match exactly, except that a loopback one (an IP literal, or
/// `localhost`, which many clients send) matches on any port (RFC 8252 §7.3): a native app cannot know its port in
/// advance.
package struct SandboxClient: Sendable, Equatable {
    package var id: String
    package var secret: String?
    package var redirectURIs: [String]
    /// How its id_tokens are signed (`id_token_signed_response_alg`): RS256 unless registered otherwise.
    package var idTokenAlgorithm: JWSAlgorithm
    /// The public JWKS of a client that authenticates with `private_key_jwt` (RFC 7523 §2.2) instead of a secret.
    package var jwks: JSONValue?

    package init(
        id: String, secret: String? = nil, redirectURIs: [String] = SandboxClient.loopbackCallbacks, idTokenAlgorithm: JWSAlgorithm = .rs256
    ) {
        self.id = id
        self.secret = secret
        self.redirectURIs = redirectURIs
        self.idTokenAlgorithm = idTokenAlgorithm
    }

    /// The id of the confidential client `sandbox --client-jwk` registers, which authenticates with `private_key_jwt`.
    package static let keyedID = "dots-sandbox-keyed"

    /// A confidential client authenticating with `private_key_jwt` by the public key(s) in `jwk`: one JWK (as
    /// `dots-sso keys generate` prints it) or a JWKS. Refused unless at least one signing key in it can be used.
    package static func keyed(jwk: JSONValue) throws -> SandboxClient {
        let jwks: JSONValue = jwk.objectValue?["keys"] != nil ? jwk : .object(["keys": .array([jwk])])
        guard let keys = try? JWKSet(document: jwks), keys.keys.contains(where: { $0.refusal == nil }) else {
            throw SandboxError.invalidClientKey
        }
        var client = SandboxClient(id: keyedID)
        client.jwks = jwks
        return client
    }

    /// `keyed(jwk:)` from a file (`sandbox --client-jwk`): one JWK or a JWKS, at most 256 KiB of JSON.
    package static func keyed(file path: String) throws -> SandboxClient {
        guard case .contents(let data) = try InputFile.read(path, limit: 256 * 1024) else {
            throw InputError.malformed(source: InputFile.displayName(path), reason: "a JWK or JWKS file is under 256 KiB")
        }
        guard let document = try? JSONDecoder().decode(JSONValue.self, from: data) else {
            throw InputError.malformed(source: InputFile.displayName(path), reason: "it is not JSON")
        }
        return try keyed(jwk: document)
    }

    /// What `dots-sso authorize` listens on, registered without a port (and as `localhost`, which other clients send).
    package static let loopbackCallbacks = ["http://127.0.0.1/callback", "http://[::1]/callback", "http://localhost/callback"]

    /// The app's public client: the loopback callbacks, and the https address the app's web view lands on.
    package static let app = SandboxClient(
        id: "dots-sandbox-app", redirectURIs: loopbackCallbacks + ["https://app.thedots.example/sso/callback"])

    package func accepts(redirectURI: String) -> Bool {
        redirectURIs.contains { Self.matches(registered: $0, presented: redirectURI) }
    }

    static func matches(registered: String, presented: String) -> Bool {
        if registered == presented { return true }
        guard let expected = URLComponents(string: registered), let actual = URLComponents(string: presented),
            let host = expected.host?.lowercased(), ["127.0.0.1", "::1", "[::1]", "localhost"].contains(host)
        else { return false }
        // RFC 8252 §7.3: any port, registered with one or not; an empty path is "/" (RFC 3986 §6.2.3).
        func path(_ parts: URLComponents) -> String { parts.percentEncodedPath.isEmpty ? "/" : parts.percentEncodedPath }
        return actual.scheme == expected.scheme && actual.host?.lowercased() == host && path(actual) == path(expected)
            && actual.percentEncodedQuery == expected.percentEncodedQuery && actual.fragment == nil && actual.user == nil
    }
}
