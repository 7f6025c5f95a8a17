import DotsSSOBasics

/// Why OAuth Echo credentials were not accepted.
package enum EchoError: UserFacingError, Equatable {
    /// The `X-Verify-Credentials-Authorization` value is not a valid OAuth 1.0 header (65); nothing was sent.
    case malformedHeader(String)
    /// The header was signed for another app (1); nothing was sent.
    case consumerKeyMismatch(found: String)
    /// The provider URL is not one we may call (1); nothing was sent.
    case providerRefused(url: String, reason: String)
    /// The provider did not accept the credentials (77).
    case notAuthorized(url: String, status: Int, words: String?)
    /// The provider answered 200 without an identity (76).
    case noIdentity(url: String, found: String)

    package var message: String {
        switch self {
        case .malformedHeader(let reason):
            "the \(CLIFlag.authorization) value is not an OAuth 1.0 header (RFC 5849 §3.5.1): \(reason); nothing was sent"
        case .consumerKeyMismatch(let found):
            "the header's oauth_consumer_key \"\(found)\" is not ours (\(CLIFlag.consumerKey)): it was signed for another app; nothing was sent"
        case let .providerRefused(url, reason):
            "refusing the provider URL \(url): \(reason); nothing was sent"
        case let .notAuthorized(url, status, words):
            "\(url) did not accept the credentials (HTTP \(status))\(words.map { ": \($0)" } ?? ""); the session may have expired: sign in again in the app"
        case let .noIdentity(url, found):
            "\(url) answered 200 without a user id: \(found)"
        }
    }

    package var exitStatus: ExitStatus {
        switch self {
        case .malformedHeader: .malformedInput
        case .consumerKeyMismatch, .providerRefused: .checkFailed
        case .notAuthorized: .notAuthorized
        case .noIdentity: .protocolError
        }
    }
}
