import DotsSSOBasics
import FoundationEssentials

/// The provider endpoints remembered with a sign-in.
package struct StoredEndpoints: Codable, Sendable, Equatable {
    package var issuer: String?
    package var token: String?
    package var revocation: String?
    package var endSession: String?
    package var userinfo: String?
    /// The provider's JWKS, so an id_token a refresh returns is validated as the sign-in's was.
    package var jwks: String?
    /// What the provider accepts for client assertions, so a refresh signs its assertion as the sign-in did.
    package var assertionAlgorithms: [String]?
    /// The provider's RFC 8414 document was read (or found missing) for the endpoints above, so the next `revoke`
    /// or `logout` does not ask for it again.
    package var readOAuthMetadata: Bool?
    /// The security profile the sign-in was held to (FAPI 2.0): its refreshes are held to it too.
    package var securityProfile: SecurityProfile?

    package init(
        issuer: String? = nil, token: String? = nil, revocation: String? = nil, endSession: String? = nil, userinfo: String? = nil,
        jwks: String? = nil, assertionAlgorithms: [String]? = nil, readOAuthMetadata: Bool? = nil,
        securityProfile: SecurityProfile? = nil
    ) {
        self.issuer = issuer
        self.token = token
        self.revocation = revocation
        self.endSession = endSession
        self.userinfo = userinfo
        self.jwks = jwks
        self.assertionAlgorithms = assertionAlgorithms
        self.readOAuthMetadata = readOAuthMetadata
        self.securityProfile = securityProfile
    }
}
