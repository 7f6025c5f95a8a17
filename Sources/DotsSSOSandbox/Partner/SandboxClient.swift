import DotsSSOCore
import Foundation

/// A client registered with the sandbox provider: its id, its secret (nil for a public client, as The Dots app
/// is) and the redirect URIs it may use. Redirect URIs match exactly, except that a loopback IP literal matches
/// on any port (RFC 8252 §7.3): a native app cannot know its port in advance.
public struct SandboxClient: Sendable, Equatable {
    public var id: String
    public var secret: String?
    public var redirectURIs: [String]
    /// How its id_tokens are signed (`id_token_signed_response_alg`): RS256 unless registered otherwise.
    public var idTokenAlgorithm: JWSAlgorithm

    public init(id: String, secret: String? = nil, redirectURIs: [String] = SandboxClient.loopbackCallbacks, idTokenAlgorithm: JWSAlgorithm = .rs256) {
        self.id = id
        self.secret = secret
        self.redirectURIs = redirectURIs
        self.idTokenAlgorithm = idTokenAlgorithm
    }

    /// What `dots-sso authorize` listens on, registered without a port.
    public static let loopbackCallbacks = ["http://127.0.0.1/callback", "http://[::1]/callback"]

    /// The app's public client: the loopback callbacks, and the https address the app's web view lands on.
    public static let app = SandboxClient(id: "dots-sandbox-app", redirectURIs: loopbackCallbacks + ["https://app.thedots.example/sso/callback"])

    public func accepts(redirectURI: String) -> Bool {
        redirectURIs.contains { Self.matches(registered: $0, presented: redirectURI) }
    }

    static func matches(registered: String, presented: String) -> Bool {
        if registered == presented { return true }
        guard let expected = URLComponents(string: registered), let actual = URLComponents(string: presented),
              let host = expected.host, ["127.0.0.1", "::1", "[::1]"].contains(host), expected.port == nil else { return false }
        return actual.scheme == expected.scheme && actual.host == expected.host && actual.percentEncodedPath == expected.percentEncodedPath
            && actual.percentEncodedQuery == expected.percentEncodedQuery && actual.fragment == nil && actual.user == nil
    }
}
