import Foundation

/// The provider endpoints remembered with a sign-in.
public struct StoredEndpoints: Codable, Sendable, Equatable {
    public var issuer: String?
    public var token: String?
    public var revocation: String?
    public var endSession: String?
    public var userinfo: String?
    /// The provider's JWKS, so an id_token a refresh returns is validated as the sign-in's was.
    public var jwks: String?

    public init(
        issuer: String? = nil, token: String? = nil, revocation: String? = nil, endSession: String? = nil, userinfo: String? = nil,
        jwks: String? = nil
    ) {
        self.issuer = issuer
        self.token = token
        self.revocation = revocation
        self.endSession = endSession
        self.userinfo = userinfo
        self.jwks = jwks
    }
}
