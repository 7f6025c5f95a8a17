import DotsSSOBasics
import FoundationEssentials

/// One cache file: the key it belongs to, the channel that made it, who signed in, and each domain's payload.
/// Never printed as a whole: payloads hold secrets, shown only when the user asks (`token print`).
package struct CacheEntry: Codable, Sendable, Equatable {
    /// Version 2 keeps each domain's data in its own payload; version 1 files (every field at the top) still read.
    package static let currentVersion = 2

    package var version: Int
    package var key: CacheKey
    package var channel: String?
    /// Who signed in (the id_token's `sub`, or the Bridge user id), for listings.
    package var subject: String?
    package var createdAt: Date
    package var updatedAt: Date
    /// Each domain's payload, by slot, as JSON. For an entry in the keyring, what the keyring holds; the file then
    /// holds none.
    var payloads: [String: JSONValue]
    /// Where the payloads are kept: the keyring, or (nil) this file.
    package var tokenStore: TokenStore?

    package init(key: CacheKey, channel: String? = nil, subject: String? = nil, now: Date) {
        version = Self.currentVersion
        self.key = key
        self.channel = channel
        self.subject = subject
        createdAt = now
        updatedAt = now
        payloads = [:]
    }

    /// The domain's payload, or nil when there is none or it cannot be read.
    package func payload<Payload: CachePayload>(_ type: Payload.Type = Payload.self) -> Payload? {
        guard let value = payloads[Payload.slot], let data = try? TokenCache.encoder.encode(value) else { return nil }
        return try? TokenCache.decoder.decode(Payload.self, from: data)
    }

    /// Stores (or with nil, removes) the domain's payload.
    package mutating func setPayload<Payload: CachePayload>(_ payload: Payload?) {
        guard let payload, let data = try? TokenCache.encoder.encode(payload),
            let value = try? TokenCache.decoder.decode(JSONValue.self, from: data)
        else {
            payloads[Payload.slot] = nil
            return
        }
        payloads[Payload.slot] = value
    }

    /// Whether the entry holds any payload at all.
    package var isEmpty: Bool { payloads.isEmpty }

    private enum CodingKeys: String, CodingKey {
        case version, key, channel, subject, createdAt, updatedAt, payloads, tokenStore
    }

    /// Version 1 fields and the payload slot each now belongs to.
    private static let legacySlots: [(slot: String, fields: [String])] = [
        ("oauth", ["tokens", "endpoints", "pending", "reauthenticationRequired"])
    ]

    package init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        key = try container.decode(CacheKey.self, forKey: .key)
        channel = try container.decodeIfPresent(String.self, forKey: .channel)
        subject = try container.decodeIfPresent(String.self, forKey: .subject)
        createdAt = try container.decode(Date.self, forKey: .createdAt)
        updatedAt = try container.decode(Date.self, forKey: .updatedAt)
        tokenStore = try container.decodeIfPresent(TokenStore.self, forKey: .tokenStore)
        switch version {
        case Self.currentVersion:
            payloads = try container.decodeIfPresent([String: JSONValue].self, forKey: .payloads) ?? [:]
        case 1:
            // Version 1 kept every domain's fields at the top level; move them into their payloads.
            let all = try JSONValue(from: decoder).objectValue ?? [:]
            payloads = [:]
            for (slot, fields) in Self.legacySlots {
                let present = all.filter { fields.contains($0.key) && $0.value != .null }
                if !present.isEmpty { payloads[slot] = .object(present) }
            }
            if let session = all["session"], session != .null { payloads["bridge"] = session }
            if let id = all["profileId"], id != .null { payloads["profile"] = .object(["id": id]) }
            version = Self.currentVersion
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .version, in: container,
                debugDescription: "written by an incompatible dots-sso (entry version \(version)); sign in again")
        }
    }

    package func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        try container.encode(key, forKey: .key)
        try container.encodeIfPresent(channel, forKey: .channel)
        try container.encodeIfPresent(subject, forKey: .subject)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
        try container.encode(payloads, forKey: .payloads)
        try container.encodeIfPresent(tokenStore, forKey: .tokenStore)
    }
}
