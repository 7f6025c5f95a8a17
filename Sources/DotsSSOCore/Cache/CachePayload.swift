import DotsSSOBasics

/// One domain's part of a cache entry (OAuth tokens, a Bridge session, the remembered profile id). Each domain
/// defines its own payload type; the cache stores it under `slot` without knowing what is inside.
package protocol CachePayload: Codable, Sendable, Equatable {
    /// The key the payload is stored under in the entry's `payloads` object.
    static var slot: String { get }
}
