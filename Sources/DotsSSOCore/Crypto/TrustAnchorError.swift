/// A CA file the user gave (`--cacert`, `DOTS_SSO_CACERT`, `--trust`) that cannot be used; the message names
/// the option it came from, so the fix is obvious whichever command was run.
public struct TrustAnchorError: UserFacingError, Equatable {
    public let option: String
    public let path: String
    public let detail: String

    public init(option: String, path: String, detail: String) {
        self.option = option
        self.path = path
        self.detail = detail
    }

    public var message: String { "cannot use \(option) \(path): \(detail)" }

    public var exitStatus: ExitStatus { .usage }
}
