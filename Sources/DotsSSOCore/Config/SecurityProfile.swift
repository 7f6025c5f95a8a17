import FoundationEssentials

/// A security profile a channel holds its sign-ins to (channel `securityProfile`, `--security-profile`): every rule
/// the client can keep is checked before anything is sent, and what the provider answers is judged by it too.
package enum SecurityProfile: String, Codable, Sendable, CaseIterable {
    /// The FAPI 2.0 Security Profile (OpenID Foundation, final): pushed authorization requests, PKCE S256, the
    /// authorization response's `iss`, sender-constrained tokens (DPoP), private_key_jwt with the issuer as audience,
    /// and PS256, ES256 or EdDSA signatures only.
    case fapi2
}
