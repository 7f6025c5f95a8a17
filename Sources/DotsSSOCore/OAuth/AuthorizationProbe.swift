import DotsSSOBasics
import FoundationEssentials

/// The authorization request a channel's app would make, sent the way `authorize` sends it, without anyone signing in:
/// a fresh request of the real one's shape (its own state and PKCE pair), pushed first where the provider offers
/// PAR (RFC 9126), then fetched as a browser would. The provider's answer says whether the client, redirect URI and
/// scopes are accepted; `check`'s authorization check reports it.
package struct AuthorizationProbe: Sendable {
    package let channel: Channel
    package let http: any HTTPClient
    /// The client's credentials, for a push (its secret or private_key_jwt key): made only when there is one to push.
    package let credentials: @Sendable (String) throws -> ClientCredentials

    package init(channel: Channel, http: any HTTPClient, credentials: @escaping @Sendable (String) throws -> ClientCredentials) {
        self.channel = channel
        self.http = http
        self.credentials = credentials
    }

    /// The findings and a short detail (the answer's HTTP status), given the provider's metadata when it was found.
    package func run(metadata: ProviderMetadata?) async -> (findings: [Finding], detail: String?) {
        guard let clientID = channel.clientId else {
            return (
                [
                    Finding(AuthorizationFindings.clientIDMissing, "no clientId: a well-formed authorization request cannot be made")
                ], nil
            )
        }
        var endpoint = channel.authorizationEndpoint
        var pushTo: String?
        var pushRequired = false
        var assertionAlgorithms: [String]?
        if let metadata {
            endpoint = endpoint ?? metadata.authorizationEndpoint
            pushTo = metadata.pushedAuthorizationEndpoint
            pushRequired = metadata.requiresPushedAuthorization
            assertionAlgorithms = metadata.assertionSigningAlgorithms
        }
        guard let endpoint else {
            return ([Finding(AuthorizationFindings.endpointMissing, "no authorization endpoint, configured or discovered")], nil)
        }
        let location = FindingLocation(file: URL(string: endpoint)?.redactedForDisplay ?? endpoint)
        do {
            let url = try URLPolicy.validate(endpoint)
            let redirectURI = channel.redirectUri ?? "http://127.0.0.1/callback"
            let scopes = channel.scopes ?? ["openid"]
            // A fresh request of the real one's shape (its own state and PKCE pair): the browser's address, or the pushed one.
            // With the channel's own parameters (prompt, resource…), as every sign-in sends them.
            let extra = (try? AuthorizationParameters(channel: channel.authParams, given: []))?.fields ?? []
            let probe = try AuthorizationRequest(endpoint: url, clientID: clientID, redirectURI: redirectURI, scopes: scopes, extra: extra)
            var address = probe.url
            // As authorize does: a provider that offers PAR gets the request pushed, and the push is where a refused
            // client, redirect URI or scope is said.
            if let pushTo {
                let credentials: ClientCredentials
                do {
                    credentials = try self.credentials(clientID)
                    credentials.assertion?.accept(assertionAlgorithms)
                } catch {
                    return (
                        [
                            Self.failure(
                                AuthorizationFindings.client, "the client's secret or key, needed to push the request, cannot be used",
                                error)
                        ], nil
                    )
                }
                do {
                    let requestURI = try await TokenEndpointClient(http: http, credentials: credentials).push(
                        probe.parameters, endpoint: try URLPolicy.validate(pushTo))
                    address = try PushedAuthorization.browserURL(endpoint: url, clientID: clientID, requestURI: requestURI)
                } catch let OAuthError.pushRefused(status, error, description) {
                    return (
                        [
                            Finding(
                                AuthorizationFindings.error, at: FindingLocation(file: URL(string: pushTo)?.redactedForDisplay ?? pushTo),
                                "the pushed authorization request endpoint refused the request (HTTP \(status)): \(error)\(description.map { " (\($0))" } ?? ""); "
                                    + AuthorizationPreflight.hint(
                                        error: error, description: description, redirectURI: redirectURI, clientID: clientID,
                                        scopes: scopes, supportedScopes: nil))
                        ],
                        "pushed, HTTP \(status)"
                    )
                } catch let error as OAuthError {
                    // A refused client assertion, or another refusal: a refusal is a refusal, said as authorize says it.
                    guard case .assertionRefused(_, let status, _, _, _, _) = error else { throw error }
                    return (
                        [
                            Finding(
                                AuthorizationFindings.error, at: FindingLocation(file: URL(string: pushTo)?.redactedForDisplay ?? pushTo),
                                error.message)
                        ],
                        "pushed, HTTP \(status)"
                    )
                } catch HTTPError.unexpectedStatus(let url, let status, let body) where (400...499).contains(status) {
                    return (
                        [
                            Finding(
                                AuthorizationFindings.error, at: FindingLocation(file: url),
                                "the pushed authorization request endpoint refused the request (HTTP \(status), \(body)); "
                                    + AuthorizationPreflight.hint(
                                        error: "invalid_request", description: nil, redirectURI: redirectURI, clientID: clientID,
                                        scopes: scopes, supportedScopes: nil))
                        ],
                        "pushed, HTTP \(status)"
                    )
                }
            } else if pushRequired {
                return (
                    [
                        Finding(
                            AuthorizationFindings.parEndpointMissing, at: location,
                            "the provider requires pushed authorization requests but names no pushed_authorization_request_endpoint, so no sign-in can start"
                        )
                    ], nil
                )
            }
            let response = try await http.send(AuthorizationPreflight.request(for: address))
            return (
                AuthorizationPreflight.findings(AuthorizationPreflight.classify(response), location: location),
                "HTTP \(response.status)"
            )
        } catch {
            return (
                [
                    Self.failure(
                        AuthorizationFindings.unreachable, "the authorization endpoint cannot be reached", error, at: location.file)
                ], nil
            )
        }
    }

    /// A finding for an error that stopped the probe, in the probe's words.
    static func failure(_ code: FindingCode, _ what: String, _ error: any Error, at location: String? = nil) -> Finding {
        let message = (error as? UserFacingError)?.message ?? "internal error: \(error)"
        return Finding(code, at: FindingLocation(file: location), "\(what): \(message)")
    }
}
