import DotsSSOBasics
import FoundationEssentials

/// What a provider publishes about itself (OIDC Discovery 1.0 / RFC 8414), as received plus the fields we use.
///
/// When the OpenID configuration lacks an endpoint the command needs (revocation, end-session), the provider's RFC
/// 8414 document is read too and its fields fill the gaps; the OpenID configuration wins where both speak.
package struct ProviderMetadata: Sendable, Equatable {
    /// The issuer the metadata was requested for.
    package var requestedIssuer: String
    /// The URL the document actually came from.
    package var source: String
    /// `openid-configuration` or `oauth-authorization-server`.
    package var kind: String
    /// The document, with any fields the RFC 8414 document supplied merged in.
    package var document: [String: JSONValue]
    /// The fields taken from the RFC 8414 document, each with the URL it came from.
    package var supplied: [String: String] = [:]
    /// The RFC 8414 document consulted for missing endpoints, when one was (whether or not it answered).
    package var consulted: String?
    /// Why the RFC 8414 document was not used although it answered (another issuer).
    package var supplementIgnored: String?

    package init(requestedIssuer: String, source: String, kind: String, document: [String: JSONValue]) {
        self.requestedIssuer = requestedIssuer
        self.source = source
        self.kind = kind
        self.document = document
    }

    package var issuer: String? { document["issuer"]?.stringValue }
    package var authorizationEndpoint: String? { document["authorization_endpoint"]?.stringValue }
    package var tokenEndpoint: String? { document["token_endpoint"]?.stringValue }
    package var userinfoEndpoint: String? { document["userinfo_endpoint"]?.stringValue }
    package var jwksURI: String? { document["jwks_uri"]?.stringValue }
    package var revocationEndpoint: String? { document["revocation_endpoint"]?.stringValue }
    package var endSessionEndpoint: String? { document["end_session_endpoint"]?.stringValue }
    /// RFC 9126: where authorization requests are pushed, and whether the provider refuses those that were not.
    package var pushedAuthorizationEndpoint: String? { document["pushed_authorization_request_endpoint"]?.stringValue }
    package var requiresPushedAuthorization: Bool {
        if case .bool(true)? = document["require_pushed_authorization_requests"] { return true }
        return false
    }
    /// RFC 8705 §5: the endpoints a client presenting a certificate uses instead (`token_endpoint`, …).
    package var mtlsAliases: [String: String] {
        (document["mtls_endpoint_aliases"]?.objectValue ?? [:]).compactMapValues(\.stringValue)
    }
    /// RFC 8414 §2: what a `private_key_jwt` client assertion may be signed with.
    package var assertionSigningAlgorithms: [String]? { document["token_endpoint_auth_signing_alg_values_supported"]?.stringArray }
    /// RFC 9449 §5.1: the algorithms the provider accepts DPoP proofs signed with; its presence says it does DPoP.
    package var dpopSigningAlgorithms: [String]? { document["dpop_signing_alg_values_supported"]?.stringArray }

    /// The endpoint fields, in the order a person reads them.
    package static let endpointKeys = [
        "authorization_endpoint", "pushed_authorization_request_endpoint", "token_endpoint", "userinfo_endpoint", "jwks_uri",
        "revocation_endpoint", "end_session_endpoint", "device_authorization_endpoint", "introspection_endpoint", "registration_endpoint",
    ]

    /// The endpoints that, when the OpenID configuration lacks them, may send a command to the RFC 8414 document.
    package static let supplementedEndpointKeys = ["revocation_endpoint", "end_session_endpoint"]

    /// What a sign-in may use beyond the endpoints, as `discover` shows it: (label, metadata field), in reading order.
    package static let capabilityKeys = [
        ("requires PAR", "require_pushed_authorization_requests"), ("pkce methods", "code_challenge_methods_supported"),
        ("grant types", "grant_types_supported"), ("client auth", "token_endpoint_auth_methods_supported"),
        ("assertion algs", "token_endpoint_auth_signing_alg_values_supported"), ("dpop algs", "dpop_signing_alg_values_supported"),
        ("id_token algs", "id_token_signing_alg_values_supported"), ("iss in response", "authorization_response_iss_parameter_supported"),
        ("scopes", "scopes_supported"),
    ]

    /// The capabilities the provider states, as text (`true`/`false`, or the list's values), for `discover`.
    package var capabilities: [(label: String, key: String, value: String)] {
        Self.capabilityKeys.compactMap { label, key in
            switch document[key] {
            case .bool(let flag)?: (label, key, flag ? "yes" : "no")
            case .array?: document[key]?.stringArray.map { (label, key, $0.joined(separator: " ")) }
            default: nil
            }
        }
    }

    package var endpoints: [(key: String, url: String)] {
        Self.endpointKeys.compactMap { key in document[key]?.stringValue.map { (key: key, url: $0) } }
    }

    /// The document a field came from.
    package func source(of key: String) -> String { supplied[key] ?? source }

    /// Whether the OpenID configuration lacks one of `keys`, which the RFC 8414 document might have.
    func needsSupplement(for keys: [String]) -> Bool {
        kind == "openid-configuration" && keys.contains { document[$0]?.stringValue == nil }
    }

    /// Merges `other` (the RFC 8414 document at `url`) where this document is silent, when both name the same issuer.
    /// Whether `other` named the same issuer and was used.
    @discardableResult
    mutating func merge(_ other: [String: JSONValue], from url: String) -> Bool {
        guard other["issuer"]?.stringValue == requestedIssuer else {
            let named = other["issuer"]?.stringValue.map { "\"\(ServerWords.line($0))\"" } ?? "no issuer"
            supplementIgnored = "\(url) names \(named), not \(requestedIssuer)"
            return false
        }
        supplementIgnored = nil
        for (key, value) in other where document[key] == nil && key != "issuer" {
            document[key] = value
            supplied[key] = url
        }
        return true
    }
}
