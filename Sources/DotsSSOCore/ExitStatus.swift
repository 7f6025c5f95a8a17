/// The process exit codes of DESIGN.md, and the one place errors are mapped to them.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    case success = 0
    case checkFailed = 1
    case usage = 64
    case malformedInput = 65
    case network = 69
    case internalError = 70
    case temporary = 75
    case protocolError = 76
    case notAuthorized = 77
    case configuration = 78

    /// What the code means, for `--help`, the README and the man page.
    public var meaning: String {
        switch self {
        case .success: "success; every check passed"
        case .checkFailed: "a check failed: validation errors found, a flag is false or missing, access denied"
        case .usage: "usage error (bad flags or arguments)"
        case .malformedInput: "malformed input (a file or server response that cannot be parsed, or one too large)"
        case .network: "network unavailable: DNS, connect, TLS handshake/version refused, timeout"
        case .internalError: "internal error in dots-sso (please report it)"
        case .temporary: "temporary: rate limited or locked by another process; retry later"
        case .protocolError: "protocol error: the server answered outside the spec"
        case .notAuthorized: "not authorized: no cached token, invalid_grant, 401/403 after one refresh"
        case .configuration: "configuration error: unknown channel, missing endpoint or client id, unsafe cache"
        }
    }

    public init(for error: any Error) {
        switch error {
        case is UsageError:
            self = .usage
        case let error as InputError:
            switch error {
            case .unreadable: self = .usage
            case .malformed: self = .malformedInput
            }
        case is ConfigError:
            self = .configuration
        case is NotAvailableError:
            self = .checkFailed
        case let error as HTTPError:
            switch error {
            case .invalidURL, .insecureURL, .trustAnchors: self = .usage
            case .dns, .connect, .tls, .timeout, .transport, .serverError: self = .network
            case .bodyTooLarge, .malformedBody: self = .malformedInput
            case .redirectRefused, .tooManyRedirects, .unexpectedStatus: self = .protocolError
            case .unauthorized: self = .notAuthorized
            case .rateLimited: self = .temporary
            }
        case let error as PassesError:
            switch error {
            case .listShape: self = .protocolError
            case .profileNotJSON: self = .malformedInput
            case .outputUnusable: self = .usage
            }
        case let error as TokenCacheError:
            switch error {
            case .insecureFile, .insecureDirectory, .foreignOwner, .unusableDirectory, .writeFailed: self = .configuration
            case .lockTimeout: self = .temporary
            case .notSignedIn, .signInAgain: self = .notAuthorized
            }
        case let error as OAuthError:
            switch error {
            case .discoveryNotFound, .invalidIDToken, .callbackWithoutCode: self = .protocolError
            case .discoveryNotAnObject, .malformedToken: self = .malformedInput
            case .stateMismatch, .issuerMismatch, .authorizationDenied: self = .notAuthorized
            case .callbackTimeout, .listenerFailed: self = .network
            case .noPendingAuthorization: self = .usage
            case let .tokenEndpoint(status, code, _):
                switch code {
                case "invalid_grant", "access_denied": self = .notAuthorized
                case "invalid_client", "unauthorized_client": self = .configuration
                case "temporarily_unavailable", "slow_down": self = .temporary
                default: self = status == 401 || status == 403 ? .notAuthorized : .protocolError
                }
            }
        case let error as BridgeError:
            // A missing account is a failed check, a dead or used token is not authorized, an unknown study
            // or one with e-mail sign-in disabled (Bridge answers 404 for both) is configuration.
            switch error.status {
            case 404 where error.entityClass == "Account": self = .checkFailed
            case 404: self = .configuration
            case 401, 403, 410: self = .notAuthorized
            case 423: self = .checkFailed
            case 400, 422: self = .usage
            case 429: self = .temporary
            case 500...599: self = .network
            default: self = .protocolError
            }
        case let error as CryptoError:
            switch error {
            case .invalidBase64URL: self = .malformedInput
            case .openSSL: self = .internalError
            }
        default:
            self = .internalError
        }
    }
}
