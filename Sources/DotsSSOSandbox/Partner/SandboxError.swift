import DotsSSOBasics
import DotsSSOCore

/// What stops the sandbox partner from starting.
package enum SandboxError: UserFacingError, Equatable {
    case unreadableUsers(path: String, reason: String)
    case unknownUser(String, known: [String])
    case unwritableOutbox(path: String, reason: String)
    case invalidClientKey

    package var message: String {
        switch self {
        case let .unreadableUsers(path, reason): "cannot use the users file \(path): \(reason) (see dots-sso sandbox --help for its shape)"
        case let .unknownUser(name, known): "--auto-approve \(name): no such user (the users are \(known.joined(separator: ", ")))"
        case let .unwritableOutbox(path, reason): "cannot write e-mails to \(path): \(reason)"
        case .invalidClientKey:
            "--client-jwk holds no public signing key the sandbox can verify (RSA of 2048 bits or more, EC P-256/384/521 or Ed25519; "
                + "`dots-sso keys generate` prints one)"
        }
    }

    package var exitStatus: ExitStatus {
        switch self {
        case .unreadableUsers: .malformedInput
        case .unknownUser: .usage
        case .unwritableOutbox: .cannotWrite
        case .invalidClientKey: .malformedInput
        }
    }
}
