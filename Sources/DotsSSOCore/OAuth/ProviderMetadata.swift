import Foundation

/// What a provider publishes about itself (OIDC Discovery 1.0 / RFC 8414), as received plus the fields we use.
public struct ProviderMetadata: Codable, Sendable, Equatable {
    /// The issuer the metadata was requested for.
    public var requestedIssuer: String
    /// The URL the document actually came from.
    public var source: String
    /// `openid-configuration` or `oauth-authorization-server`.
    public var kind: String
    public var document: [String: JSONValue]

    public init(requestedIssuer: String, source: String, kind: String, document: [String: JSONValue]) {
        self.requestedIssuer = requestedIssuer
        self.source = source
        self.kind = kind
        self.document = document
    }

    public var issuer: String? { document["issuer"]?.stringValue }
    public var authorizationEndpoint: String? { document["authorization_endpoint"]?.stringValue }
    public var tokenEndpoint: String? { document["token_endpoint"]?.stringValue }
    public var userinfoEndpoint: String? { document["userinfo_endpoint"]?.stringValue }
    public var jwksURI: String? { document["jwks_uri"]?.stringValue }
    public var revocationEndpoint: String? { document["revocation_endpoint"]?.stringValue }
    public var endSessionEndpoint: String? { document["end_session_endpoint"]?.stringValue }

    /// The endpoint fields, in the order a person reads them.
    public static let endpointKeys = [
        "authorization_endpoint", "token_endpoint", "userinfo_endpoint", "jwks_uri",
        "revocation_endpoint", "end_session_endpoint", "introspection_endpoint", "registration_endpoint",
    ]

    public var endpoints: [(key: String, url: String)] {
        Self.endpointKeys.compactMap { key in document[key]?.stringValue.map { (key: key, url: $0) } }
    }
}
