import DotsSSOBasics
import FoundationEssentials

/// The provider's logout URL (OpenID Connect RP-Initiated Logout 1.0 §2): `client_id`, the `post_logout_redirect_uri`
/// the person is sent back to, a fresh `state`, and `id_token_hint` when an id_token is cached.
///
/// The hint is a token, so it goes only to the browser (`--open`); the printed URL leaves it out and relies on
/// `client_id`, which the specification accepts in its place (a provider may then ask the person to confirm).
package struct LogoutRequest: Sendable {
    /// What stdout and `--json` show: no token in it.
    package let printable: String
    /// What the browser opens: the printable URL plus `id_token_hint`.
    package let forBrowser: URL
    /// The state sent with a post-logout redirect, which the provider must send back.
    package let state: String?

    package init(endSession: String, clientID: String, postLogoutRedirectURI: String?, idToken: String?) throws {
        let base = try URLPolicy.validate(endSession)
        var items = [URLQueryItem(name: "client_id", value: clientID)]
        var state: String?
        if let redirect = postLogoutRedirectURI {
            guard let parsed = URLComponents(string: redirect), parsed.scheme != nil, parsed.fragment == nil else {
                throw UsageError.invalid(
                    "\(CLIFlag.postLogoutRedirectUri) \(Redactor.redactURL(redirect)) is not an absolute URL without a fragment")
            }
            // The state ties the provider's redirect back to this logout (§2: RECOMMENDED with a redirect URI).
            state = try SecureRandom.base64URLString(byteCount: 16)
            items += [URLQueryItem(name: "post_logout_redirect_uri", value: redirect), URLQueryItem(name: "state", value: state)]
        }
        guard let printable = base.appendingQueryItems(items) else { throw HTTPError.invalidURL(Redactor.redactURL(endSession)) }
        self.printable = printable.absoluteString
        self.state = state
        forBrowser = idToken.flatMap { printable.appendingQueryItems([URLQueryItem(name: "id_token_hint", value: $0)]) } ?? printable
    }
}
