/// The process exit codes of DESIGN.md, and the one place errors are mapped to them.
package enum ExitStatus: Int32, Sendable, CaseIterable {
    case success = 0
    case checkFailed = 1
    case usage = 64
    case malformedInput = 65
    case network = 69
    case internalError = 70
    case cannotWrite = 74
    case temporary = 75
    case protocolError = 76
    case notAuthorized = 77
    case configuration = 78

    /// What the code means: the one table `--help`, the man page and the README show (a test keeps the README equal).
    package var meaning: String {
        switch self {
        case .success: "success; every check passed"
        case .checkFailed:
            "a check failed: validation errors found, a flag is false or missing (the app would refuse the member), "
                + "a refused Echo provider or consumer key, a member the Channels API does not know, a question answered no"
        case .usage:
            "usage error (bad flags or arguments, a non-https URL to a non-loopback host, an unreadable `--cacert` or `--trust`, "
                + "an input file that does not exist)"
        case .malformedInput:
            "malformed input (a file or server response that cannot be parsed, a response larger than the cap, a number that is no time or lifetime, or a picture whose drawing was stopped at the memory, CPU or time limit)"
        case .network:
            "network unavailable: DNS, connect, TLS handshake/version refused, certificate not trusted, timeout, "
                + "a loopback port already in use, a provider that cannot be reached to revoke, a library loaded on first use that is "
                + "not installed (libcurl; rlottie, cairo, pango or zint for pictures)"
        case .internalError: "internal error in dots-sso (please report it)"
        case .cannotWrite:
            "cannot write the output or a report (closed stdout, full disk, an unwritable `--junit`, `--output` or cache path, "
                + "a rotated refresh token that could not be written back to `--refresh-token-file`)"
        case .temporary:
            "temporary: rate limited (429, with Retry-After shown), 502/503/504, a sign-in nobody completed within `--timeout` "
                + "(or a device code that expired first), or the cache entry is locked by another process"
        case .protocolError:
            "protocol error: the server answered outside the spec (unexpected status, another 5xx, refused redirect, "
                + "a passes list that is not a flat array of URLs, a malformed key in the provider's JWKS)"
        case .notAuthorized:
            "not authorized: no cached token, `invalid_grant` (a `--refresh-token-file` that no longer works too), "
                + "401/403 after one refresh, a sign-in the member declined (`access_denied`, in the browser or on the device page) or a callback "
                + "refused (state, RFC 9207 `iss`); `check`'s live checks skipped because no member could be signed in (unless skipped on purpose)"
        case .configuration:
            "configuration error: unknown channel, missing endpoint or client id, unsafe cache file or directory, "
                + "a client id, redirect URI or scope the provider refused before sign-in (`authorize`), a grant the provider does not allow "
                + "this client (`--grant password`, the device flow), a secret variable that is not set, "
                + "no revocation endpoint for `revoke` (for `logout` only when there is no end-session endpoint either; `--local-only` skips revoking)"
        }
    }

    /// The status as a stable word for JSON (`flags check`'s `problem.kind`).
    package var kind: String {
        switch self {
        case .success: "success"
        case .checkFailed: "check-failed"
        case .usage: "usage"
        case .malformedInput: "malformed"
        case .network: "network"
        case .internalError: "internal"
        case .cannotWrite: "cannot-write"
        case .temporary: "temporary"
        case .protocolError: "protocol"
        case .notAuthorized: "not-authorized"
        case .configuration: "configuration"
        }
    }

    /// The status of any error: a `UserFacingError` states its own; anything else is a bug in dots-sso (70).
    package init(for error: any Error) {
        self = (error as? UserFacingError)?.exitStatus ?? .internalError
    }
}
