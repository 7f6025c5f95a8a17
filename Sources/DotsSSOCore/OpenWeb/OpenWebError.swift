import DotsSSOBasics

/// Why an OpenWeb `register-user` handshake did not produce a codeB.
package enum OpenWebError: UserFacingError, Equatable {
    /// The primary key breaks the stable-id rule; nothing was sent.
    case primaryKey(Finding)
    /// OpenWeb refused the handshake (an expired codeA, an invalid field): its status and words.
    case rejected(url: String, status: Int, words: String?)
    /// A success status whose body is an error, or carries no codeB.
    case noCodeB(url: String, found: String)

    package var message: String {
        switch self {
        case .primaryKey(let finding):
            "\(finding.code): \(finding.message); nothing was sent"
        case let .rejected(url, status, words):
            "\(url) refused the handshake (HTTP \(status))\(words.map { ": \($0)" } ?? "")"
                + (words?.lowercased().contains("session") == true
                    ? "" : "; a codeA is single-use and short-lived: start a new SSO session in the SDK")
        case let .noCodeB(url, found):
            "\(url) answered 200 without a codeB: \(found)"
        }
    }

    package var exitStatus: ExitStatus {
        switch self {
        case .primaryKey, .rejected: .checkFailed
        case .noCodeB: .protocolError
        }
    }
}
