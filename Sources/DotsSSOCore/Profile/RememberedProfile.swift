/// The profile part of a cache entry: the member id seen the first time this sign-in's profile was fetched.
/// Ids are immutable (seed 000), so a later, different one is reported.
public struct RememberedProfile: CachePayload {
    public static let slot = "profile"

    public var id: String

    public init(id: String) { self.id = id }
}
