import DotsSSOBasics
import Foundation

/// An access token as a resource request carries it: a bearer token, or one bound to the sign-in's DPoP key (RFC
/// 9449 §7), which then goes as `Authorization: DPoP` with a proof of the key made for each request.
package struct AccessCredential: Sendable {
    package let token: String
    /// The key the token is bound to; nil for a bearer token.
    package let dpop: DPoPKey?

    package init(token: String, dpop: DPoPKey? = nil) {
        self.token = token
        self.dpop = dpop
    }

    /// The `Authorization` header's value: `Bearer TOKEN`, or `DPoP TOKEN` for a bound token.
    package var authorization: String { "\(dpop == nil ? "Bearer" : DPoPKey.tokenType) \(token)" }

    /// Sends the request `make` builds, with a proof (its `ath` this token's hash) when the token is bound, and once
    /// more with the server's nonce when it asks for one (RFC 9449 §9).
    package func send(with http: any HTTPClient, _ make: () throws -> HTTPRequest) async throws -> HTTPResponse {
        guard let dpop else { return try await http.send(try make()) }
        return try await dpop.send(accessToken: token, with: http, make).response
    }
}
