import DotsSSOBasics

/// How The Dots Channels API refused a member call.
package enum ChannelsAPIError: UserFacingError, Equatable {
    /// 400: the request did not validate (65).
    case invalid(url: String, words: String?)
    /// 403: admins cannot be logged out or removed this way (77).
    case forbidden(url: String, words: String?)
    /// 404: no member of the channel has that SSO id (1).
    case notFound(words: String?)

    package var message: String {
        switch self {
        case let .invalid(url, words):
            "\(url) refused the request as invalid (HTTP 400)\(words.map { ": \($0)" } ?? "")"
        case let .forbidden(url, words):
            "\(url) refused (HTTP 403)\(words.map { ": \($0)" } ?? ""); an admin cannot be logged out or removed through the Channels API"
        case .notFound(let words):
            "no member of the channel has this SSO id (HTTP 404)\(words.map { ": \($0)" } ?? "")"
        }
    }

    package var exitStatus: ExitStatus {
        switch self {
        case .invalid: .malformedInput
        case .forbidden: .notAuthorized
        case .notFound: .checkFailed
        }
    }
}
