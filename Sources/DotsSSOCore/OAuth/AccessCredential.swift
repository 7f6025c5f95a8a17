import DotsSSOBasics
import FoundationEssentials

/// An access token as a resource request carries it: a bearer token, or one bound to the sign-in's DPoP key (RFC
/// 9449 §7), which then goes as `Authorization: DPoP` with a proof of the key made for each request.
package struct AccessCredential: Sendable {
    package let token: String
    /// The key the token is bound to; nil for a bearer token.
    package let dpop: DPoPKey?
    /// When it expires and what it was granted, where the token response said (`token print --json`).
    package var expiresAt: Date?
    package var scope: String?
    /// The client certificate resource requests present (RFC 8705 §3: a token bound to it is refused without it).
    package var certificate: ClientCertificate?

    package init(token: String, dpop: DPoPKey? = nil) {
        self.token = token
        self.dpop = dpop
    }

    /// A token as the provider issued it: bound to `key` when its `token_type` says DPoP (RFC 9449 §5), else a bearer
    /// token even when the sign-in made a key (a provider that ignored the proof).
    package init(token: String, tokenType: String?, key: DPoPKey?) {
        self.init(token: token, dpop: DPoPKey.binds(tokenType: tokenType) ? key : nil)
    }

    /// The same credential with what its token response said about it.
    package func issued(expiresAt: Date?, scope: String?) -> AccessCredential {
        var credential = self
        credential.expiresAt = expiresAt
        credential.scope = scope
        return credential
    }

    /// The same credential presenting the client's certificate with every resource request.
    package func presenting(_ certificate: ClientCertificate?) -> AccessCredential {
        var credential = self
        credential.certificate = certificate
        return credential
    }

    /// The `Authorization` scheme: `Bearer`, or `DPoP` for a bound token.
    package var scheme: String { dpop == nil ? "Bearer" : DPoPKey.tokenType }

    /// The `Authorization` header's value: `Bearer TOKEN`, or `DPoP TOKEN` for a bound token.
    package var authorization: String { "\(scheme) \(token)" }

    /// Sends the request `make` builds, with a proof (its `ath` this token's hash) when the token is bound, and once
    /// more with the server's nonce when it asks for one (RFC 9449 §9). The answer carries the sent request's secrets,
    /// so messages about it never show the token.
    package func send(with http: any HTTPClient, _ make: () throws -> HTTPRequest) async throws -> HTTPResponse {
        var (response, sent): (HTTPResponse, HTTPRequest)
        let certificate = self.certificate
        func build() throws -> HTTPRequest {
            var request = try make()
            request.clientCertificate = certificate
            return request
        }
        if let dpop {
            (response, sent) = try await dpop.send(accessToken: token, with: http, build)
        } else {
            sent = try build()
            response = try await http.send(sent)
        }
        response.secrets = sent.secrets
        return response
    }
}
