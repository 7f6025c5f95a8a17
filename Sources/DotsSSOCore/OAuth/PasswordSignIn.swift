import DotsSSOBasics
import FoundationEssentials

/// A partner's *test member* and the file holding their password (`--grant password --username U --password-file F`).
/// The password is read from the file when used, never taken from argv, and never stored.
package struct PasswordCredentials: Sendable {
    package var username: String
    /// A file, or `-` for stdin.
    package var passwordFile: String

    package init(username: String, passwordFile: String) {
        self.username = username
        self.passwordFile = passwordFile
    }

    /// Said on every use: the grant exists here only for test members in CI.
    package static let warning =
        "\(CLIFlag.grant) password signs in a partner's test member with the resource-owner password grant; "
        + "RFC 9700 §2.4 forbids it for real members: never give it a real member's password"
}

/// `--grant password`: the resource-owner password grant (RFC 6749 §4.3) for a test member, validated and
/// cached like any other sign-in. A provider that does not allow it answers `unsupported_grant_type` or
/// `unauthorized_client`, which ends 78 with its words.
struct PasswordSignIn: Sendable {
    let client: SignInContext
    let endpoints: ProviderEndpoints
    let scopes: [String]
    let credentials: PasswordCredentials

    func run() async throws -> SignIn.Result {
        let response = try await Self.tokens(client, endpoints: endpoints, scopes: scopes, credentials: credentials)
        return try await client.signIn(endpoints: endpoints, scopes: scopes).store(response, nonce: nil, nonceRequired: false)
    }

    /// The token response for the test member, with the warning said first.
    static func tokens(_ client: SignInContext, endpoints: ProviderEndpoints, scopes: [String], credentials: PasswordCredentials)
        async throws -> TokenResponse
    {
        client.context.warn(PasswordCredentials.warning)
        let password = try SecretInput.password(from: credentials.passwordFile)
        if let warning = SecretInput.exposureWarning(credentials.passwordFile, what: "the test member's password") {
            client.context.warn(warning)
        }
        let tokenURL = try endpoints.require(\.token, "token", flag: "\(CLIFlag.tokenEndpoint)")
        return try await client.tokenClient(for: endpoints)
            .password(username: credentials.username, password: password, scopes: scopes, endpoint: tokenURL)
    }
}
