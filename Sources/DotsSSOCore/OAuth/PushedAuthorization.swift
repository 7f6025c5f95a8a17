import DotsSSOBasics
import FoundationEssentials

/// Pushed authorization requests (RFC 9126): the client posts the request to the provider, authenticated, and the
/// browser carries only `client_id` and the `request_uri` it got back. Nothing of the request can be read or changed
/// in the browser's address, and a refused client, redirect URI or scope is said before any browser opens.
package enum PushedAuthorization {
    /// Where to push, or nil not to: `--par` (`true`) requires the provider's endpoint, `--no-par` (`false`) is refused
    /// when the provider requires pushing, and by default a request is pushed whenever the provider offers it.
    package static func endpoint(choice: Bool?, endpoints: ProviderEndpoints) throws -> URL? {
        switch choice {
        case false?:
            if endpoints.requiresPushedAuthorization { throw OAuthError.pushRequired }
            return nil
        case true?:
            guard let endpoint = endpoints.pushedAuthorization else {
                throw ConfigError.missingSetting(
                    name: "pushed authorization request endpoint (\(CLIFlag.par))",
                    flag: "\(CLIFlag.issuer), whose metadata names pushed_authorization_request_endpoint,",
                    key: "issuer")
            }
            return try URLPolicy.validate(endpoint)
        case nil:
            return try endpoints.pushedAuthorization.map(URLPolicy.validate)
        }
    }

    /// The address the browser opens for a pushed request (RFC 9126 §4): the authorization endpoint with `client_id`
    /// and `request_uri` only.
    package static func browserURL(endpoint: URL, clientID: String, requestURI: String) throws -> URL {
        guard var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false) else {
            throw HTTPError.invalidURL(endpoint.absoluteString)
        }
        let existing = components.percentEncodedQuery.map { $0 + "&" } ?? ""
        components.percentEncodedQuery =
            existing
            + FormEncoding.encode([("client_id", clientID), ("request_uri", requestURI)])
            .replacing("+", with: "%20")
        guard let url = components.url else { throw HTTPError.invalidURL(endpoint.absoluteString) }
        return url
    }
}
