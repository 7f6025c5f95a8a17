import Foundation

/// Identifies one cache entry: the authority that issued the tokens (issuer, else token endpoint),
/// the client, and the account (several people may sign in to one channel from one machine).
public struct CacheKey: Codable, Sendable, Hashable {
    public var authority: String
    public var clientId: String
    public var account: String

    public static let defaultAccount = "default"

    public init(authority: String, clientId: String, account: String = CacheKey.defaultAccount) {
        self.authority = authority
        self.clientId = clientId
        self.account = account
    }

    /// The key of a channel's sign-in: its issuer (else token endpoint), client id and the account.
    public init(channel: Channel, account: String = CacheKey.defaultAccount) throws {
        guard let authority = channel.issuer ?? channel.tokenEndpoint else {
            throw ConfigError.missingSetting(name: "issuer or token endpoint", flag: "--issuer or --token-endpoint", key: "issuer")
        }
        let clientID = try channel.require(\.clientId, "client id", flag: "--client-id", key: "clientId")
        self.init(authority: authority, clientId: clientID, account: account)
    }

    /// A file name that is stable for the key, readable (host first) and safe on any file system.
    public var fileStem: String {
        let host = URL(string: authority)?.host ?? "authority"
        let readable = String(host.lowercased().map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" }.prefix(48))
        let identity = "\(authority)\u{0}\(clientId)\u{0}\(account)"
        let digest = (try? DigestAlgorithm.sha256.hex(Data(identity.utf8))) ?? "0"
        return "\(readable)-\(digest.prefix(16))"
    }
}
