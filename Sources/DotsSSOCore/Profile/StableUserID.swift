import DotsSSOBasics

/// The seed's rule for the id a partner gives each user (The Dots profile id, OpenWeb's `primary_key`): unique,
/// immutable, and never an e-mail address, which changes and identifies a person outside the partner's system.
package enum StableUserID {
    /// The error finding for an empty id or one that is an e-mail address, else nil. `name` says which id it is.
    package static func problem(_ id: String, name: String = "the user id", at location: FindingLocation = .init()) -> Finding? {
        if id.trimmingWhitespace().isEmpty {
            return Finding(ProfileFindings.idEmpty, at: location, "\(name) is empty")
        }
        if EmailAddress.looksLikeEmail(id) {
            return Finding(
                ProfileFindings.idEmail, at: location,
                "\(name) \"\(id)\" is an e-mail address; ids must not be e-mail addresses (they change, and they identify a person outside the partner's system)"
            )
        }
        return nil
    }
}
