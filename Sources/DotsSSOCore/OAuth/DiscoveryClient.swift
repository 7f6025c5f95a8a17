import DotsSSOBasics
import FoundationEssentials

/// Fetches provider metadata: `/.well-known/openid-configuration` first, then RFC 8414's
/// `/.well-known/oauth-authorization-server` when the provider has no OIDC document. For an issuer with a path the
/// RFC 8414 document is sought where §3.1 puts it, then appended to the issuer as many providers deploy it (the form
/// §5 notes); either must name the same issuer.
///
/// The RFC 8414 document also fills gaps in an OIDC document, but only for the endpoints the caller names: a
/// sign-in asks for none (a strict provider, such as the OpenID conformance suite's, fails a client that requests
/// a path it does not serve), `revoke` for the revocation endpoint, `discover` for every one it reports.
package struct DiscoveryClient: Sendable {
    package let http: any HTTPClient

    package init(http: any HTTPClient) { self.http = http }

    /// The well-known locations for an issuer, in the order they are tried: the OpenID configuration, the RFC 8414
    /// document at its §3.1 location, and (for an issuer with a path) the RFC 8414 document appended to the issuer.
    package static func candidateURLs(for issuer: String) throws -> [(kind: String, url: URL)] {
        let base = try URLPolicy.validate(issuer)
        let trimmed = base.absoluteString.hasSuffix("/") ? String(base.absoluteString.dropLast()) : base.absoluteString
        guard let oidc = URL(string: trimmed + "/.well-known/openid-configuration"),
            var components = URLComponents(url: base, resolvingAgainstBaseURL: false)
        else {
            throw HTTPError.invalidURL(issuer)
        }
        // RFC 8414 §3.1: the well-known segment goes between the host and the issuer's path.
        let path = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        components.path = "/.well-known/oauth-authorization-server" + path
        components.query = nil
        components.fragment = nil
        guard let oauth = components.url else { throw HTTPError.invalidURL(issuer) }
        var candidates = [(kind: "openid-configuration", url: oidc), (kind: "oauth-authorization-server", url: oauth)]
        if !path.isEmpty, let appended = URL(string: trimmed + "/.well-known/oauth-authorization-server") {
            candidates.append((kind: "oauth-authorization-server", url: appended))
        }
        return candidates
    }

    /// The metadata for `issuer`; `supplementing` names the endpoint fields worth a second document when the OIDC
    /// document lacks them (`ProviderMetadata.supplementedEndpointKeys`).
    package func fetch(issuer: String, supplementing: [String] = []) async throws -> ProviderMetadata {
        var tried: [String] = []
        let candidates = try Self.candidateURLs(for: issuer)
        for (index, candidate) in candidates.enumerated() {
            let response = try await http.send(Self.request(candidate.url))
            if response.status == 429 {
                throw HTTPError.rateLimited(url: candidate.url.redactedForDisplay, retryAfter: response.header("Retry-After"))
            }
            // A provider that is down is down for both documents: temporary (75), not "no metadata".
            if [502, 503, 504].contains(response.status) {
                throw HTTPError.serverError(url: candidate.url.redactedForDisplay, status: response.status)
            }
            guard response.isSuccess else {
                tried.append("\(candidate.url.redactedForDisplay) (HTTP \(response.status))")
                continue
            }
            guard case .object(let document) = try response.decodeJSON(JSONValue.self) else {
                throw OAuthError.discoveryNotAnObject(url: candidate.url.redactedForDisplay)
            }
            var metadata = ProviderMetadata(
                requestedIssuer: issuer, source: candidate.url.absoluteString, kind: candidate.kind, document: document)
            let supplements = candidates[(index + 1)...].filter { $0.kind == "oauth-authorization-server" }.map(\.url)
            // A document naming another issuer is refused whatever a second one says: no request for it.
            if metadata.issuer == issuer, metadata.needsSupplement(for: supplementing), !supplements.isEmpty {
                metadata.consulted = supplements.map(\.absoluteString).joined(separator: " or ")
                for url in supplements {
                    guard let supplement = await optionalDocument(at: url) else { continue }
                    metadata.consulted = url.absoluteString
                    if metadata.merge(supplement, from: url.absoluteString) { break }
                }
            }
            return metadata
        }
        throw OAuthError.discoveryNotFound(issuer: issuer, tried: tried)
    }

    static func request(_ url: URL) -> HTTPRequest {
        HTTPRequest(.get, url, headers: [(name: "Accept", value: "application/json")])
    }

    /// A second document that only fills gaps: any failure to get it leaves the first one as it is.
    private func optionalDocument(at url: URL) async -> [String: JSONValue]? {
        guard let response = try? await http.send(Self.request(url)),
            response.isSuccess, case .object(let document)? = try? response.decodeJSON(JSONValue.self)
        else { return nil }
        return document
    }
}
