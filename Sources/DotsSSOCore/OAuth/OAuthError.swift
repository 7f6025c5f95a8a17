/// Failures of the OAuth/OIDC conversation with a provider.
public enum OAuthError: UserFacingError, Equatable {
    case discoveryNotFound(issuer: String, tried: [String])
    case discoveryNotAnObject(url: String)

    public var message: String {
        switch self {
        case let .discoveryNotFound(issuer, tried):
            "no OAuth/OIDC metadata for \(issuer): tried \(tried.joined(separator: " and ")); check --issuer"
        case .discoveryNotAnObject(let url):
            "the metadata at \(url) is JSON but not an object"
        }
    }
}
