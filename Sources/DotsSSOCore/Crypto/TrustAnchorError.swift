import DotsSSOBasics

/// A CA file the user gave (`--cacert`, `DOTS_SSO_CACERT`, `--trust`) that cannot be used; the message names
/// the option it came from, so the fix is obvious whichever command was run.
package struct TrustAnchorError: UserFacingError, Equatable {
    package let option: String
    package let path: String
    package let detail: String

    package init(option: String, path: String, detail: String) {
        self.option = option
        self.path = path
        self.detail = detail
    }

    package var message: String { "cannot use \(option) \(path): \(detail)" }

    package var exitStatus: ExitStatus { .usage }
}
