import DotsSSOBasics

/// Where a sign-in's tokens live (`--token-store`, the channel's `tokenStore`): in the cache file (0600, the
/// default), or in the OS keyring, the cache file then holding only what names the sign-in and when it changed.
package enum TokenStore: String, Codable, Sendable, CaseIterable {
    case file
    case keyring
}
