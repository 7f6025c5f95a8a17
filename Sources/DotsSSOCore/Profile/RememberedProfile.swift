import DotsSSOBasics

/// The profile part of a cache entry: the member id seen the first time this sign-in's profile was fetched.
/// Ids are immutable (seed 000), so a later, different one is reported.
package struct RememberedProfile: CachePayload {
    package static let slot = "profile"

    package var id: String

    package init(id: String) { self.id = id }
}
