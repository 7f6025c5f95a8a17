/// Failures of the OAuth/OIDC conversation with a provider.
public enum OAuthError: UserFacingError, Equatable {
    case discoveryNotFound(issuer: String, tried: [String])
    case discoveryNotAnObject(url: String)
    case malformedToken(String)
    case invalidIDToken(String)
    case stateMismatch
    case issuerMismatch(expected: String, received: String)
    case authorizationDenied(error: String, description: String?)
    case callbackWithoutCode(String)
    case callbackTimeout(seconds: Double)
    case tokenEndpoint(status: Int, error: String, description: String?)
    case noPendingAuthorization
    case listenerFailed(String)

    public var message: String {
        switch self {
        case let .discoveryNotFound(issuer, tried):
            "no OAuth/OIDC metadata for \(issuer): tried \(tried.joined(separator: " and ")); check --issuer"
        case .discoveryNotAnObject(let url):
            "the metadata at \(url) is JSON but not an object"
        case .malformedToken(let detail):
            "malformed token: \(detail)"
        case .invalidIDToken(let detail):
            "the id_token was rejected: \(detail)"
        case .stateMismatch:
            "refusing the callback: its state does not match the one this sign-in sent (a forged or stale redirect); start again with `dots-sso authorize`"
        case let .issuerMismatch(expected, received):
            "refusing the callback: its iss \"\(received)\" is not the provider's issuer \"\(expected)\" (RFC 9207 mix-up protection)"
        case let .authorizationDenied(error, description):
            "the provider refused the sign-in: \(error)\(description.map { " (\($0))" } ?? "")"
        case .callbackWithoutCode(let detail):
            "the callback carried no authorization code: \(detail)"
        case .callbackTimeout(let seconds):
            "no sign-in completed within \(Int(seconds)) s; run `dots-sso authorize` again (raise the wait with --timeout)"
        case let .tokenEndpoint(status, error, description):
            "the token endpoint refused the request (HTTP \(status)): \(error)\(description.map { " (\($0))" } ?? "")"
                + (error == "invalid_grant" ? "; sign in again with `dots-sso authorize`" : "")
                + (error == "invalid_client" || error == "unauthorized_client" ? "; check --client-id and the client secret" : "")
        case .noPendingAuthorization:
            "no pending authorization to complete: pass --code-verifier, or start with `dots-sso authorize --no-exchange`"
        case .listenerFailed(let detail):
            "cannot listen for the redirect on loopback: \(detail)"
        }
    }
}
