import DotsSSOBasics
import FoundationEssentials

/// Identifies one cache entry: what kind of sign-in it is, who issued it (OAuth issuer or token endpoint, or the
/// Bridge server), the client (OAuth client id, or the Bridge study) and the account (several people may sign
/// in to one channel from one machine; a Bridge session belongs to an e-mail address).
package struct CacheKey: Codable, Sendable, Hashable {
    package enum Kind: String, Codable, Sendable {
        case oauth
        case bridge
    }

    package var kind: Kind
    package var authority: String
    /// The OAuth client id, or the Bridge study.
    package var client: String
    package var account: String

    package static let defaultAccount = "default"

    /// An OAuth sign-in's key.
    package init(authority: String, clientId: String, account: String = CacheKey.defaultAccount) {
        kind = .oauth
        self.authority = authority
        client = clientId
        self.account = account
    }

    /// A Bridge (magic-link) session's key: the server, the study and the participant's address.
    package static func bridge(server: String, study: String, email: String) -> CacheKey {
        var key = CacheKey(authority: server, clientId: study, account: email.lowercased())
        key.kind = .bridge
        return key
    }

    /// The key of a channel's OAuth sign-in: its issuer (else token endpoint), client id and the account.
    package init(channel: Channel, account: String = CacheKey.defaultAccount) throws {
        guard let authority = channel.issuer ?? channel.tokenEndpoint else {
            throw ConfigError.missingSetting(
                name: "issuer or token endpoint", flag: "\(CLIFlag.issuer) or \(CLIFlag.tokenEndpoint)", key: "issuer")
        }
        let clientID = try channel.require(\.clientId, "client id", flag: "\(CLIFlag.clientId)", key: "clientId")
        self.init(authority: authority, clientId: clientID, account: account)
    }

    /// The OAuth client id (nil for a Bridge session).
    package var clientId: String? { kind == .oauth ? client : nil }

    /// A file name that is stable for the key, readable (host first) and safe on any file system. A Bridge key
    /// hashes as version 1 wrote it (`study:` before the study), so files written then are still found.
    package var fileStem: String {
        let host = URL(string: authority)?.host ?? "authority"
        let readable = String(host.lowercased().map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" }.prefix(48))
        let clientPart = kind == .bridge ? "study:\(client)" : client
        let identity = "\(authority)\u{0}\(clientPart)\u{0}\(account)"
        let digest = (try? DigestAlgorithm.sha256.hex(Data(identity.utf8))) ?? "0"
        return "\(readable)-\(digest.prefix(16))"
    }

    private enum CodingKeys: String, CodingKey {
        case kind, authority, client, account
        case legacyClientId = "clientId"
    }

    package init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        authority = try container.decode(String.self, forKey: .authority)
        account = try container.decode(String.self, forKey: .account)
        if let kind = try container.decodeIfPresent(Kind.self, forKey: .kind) {
            self.kind = kind
            client = try container.decode(String.self, forKey: .client)
            return
        }
        // Version 1 had no kind: a Bridge session pretended to be a client named "study:<id>".
        let legacy = try container.decode(String.self, forKey: .legacyClientId)
        if legacy.hasPrefix("study:") {
            kind = .bridge
            client = String(legacy.dropFirst(6))
        } else {
            kind = .oauth
            client = legacy
        }
    }

    package func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(authority, forKey: .authority)
        try container.encode(client, forKey: .client)
        try container.encode(account, forKey: .account)
    }
}
