import DotsSSOBasics

/// The partner refused the member's token (HTTP 401) where nothing more can be done in this run: the refusal, and the
/// next step for where the token came from (a fresh token, a new sign-in, the CI secret). Not authorized (77).
package struct MemberTokenRefused: UserFacingError {
    package let underlying: HTTPError
    package let nextStep: String

    package var message: String { "\(underlying.message); \(nextStep)" }
    package var exitStatus: ExitStatus { underlying.exitStatus }
}
