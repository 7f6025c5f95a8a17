import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

@Suite("Exit codes")
struct ExitStatusTests {
    /// One instance of every case of every user-facing error, with the status DESIGN.md gives it.
    static let everyError: [(any UserFacingError, DotsSSOBasics.ExitStatus)] = [
        (UsageError.invalid("x"), DotsSSOBasics.ExitStatus.usage),
        (InputError.unreadable(path: "p", reason: "r"), DotsSSOBasics.ExitStatus.usage),
        (InputError.malformed(source: "s", reason: "r"), DotsSSOBasics.ExitStatus.malformedInput),
        (OutputError.cannotWrite(path: "p", what: "w", reason: "r"), DotsSSOBasics.ExitStatus.cannotWrite),
        (ConfigError.unknownChannel(name: "a", searched: "b"), DotsSSOBasics.ExitStatus.configuration),
        (ConfigError.unreadableChannel(path: "p", reason: "r"), DotsSSOBasics.ExitStatus.configuration),
        (ConfigError.invalidChannelName("n"), DotsSSOBasics.ExitStatus.usage),
        (ConfigError.insecureChannel(path: "p", mode: "0666"), DotsSSOBasics.ExitStatus.configuration),
        (TokenCacheError.unusableEntry(path: "p", reason: "r"), DotsSSOBasics.ExitStatus.configuration),
        (ConfigError.channelExists(path: "p"), DotsSSOBasics.ExitStatus.configuration),
        (ConfigError.missingSetting(name: "n", flag: "f", key: "k"), DotsSSOBasics.ExitStatus.configuration),
        (ConfigError.missingSecretEnvironment(variable: "V"), DotsSSOBasics.ExitStatus.configuration),
        (ConfigError.unreadableSecretFile(path: "p", reason: "r"), DotsSSOBasics.ExitStatus.configuration),
        (ConfigError.noMemberSource, DotsSSOBasics.ExitStatus.configuration),
        (ConfigError.unsetSecretVariable(variable: "V", what: "w", fileFlag: "--w-file"), DotsSSOBasics.ExitStatus.configuration),
        (OpenWebError.primaryKey(Finding(.error, "profile.id.email", "m")), DotsSSOBasics.ExitStatus.checkFailed),
        (OpenWebError.rejected(url: "u", status: 400, words: nil), DotsSSOBasics.ExitStatus.checkFailed),
        (OpenWebError.noCodeB(url: "u", found: "f"), DotsSSOBasics.ExitStatus.protocolError),
        (EchoError.malformedHeader("r"), DotsSSOBasics.ExitStatus.malformedInput),
        (EchoError.consumerKeyMismatch(found: "k"), DotsSSOBasics.ExitStatus.checkFailed),
        (EchoError.providerRefused(url: "u", reason: "r"), DotsSSOBasics.ExitStatus.checkFailed),
        (EchoError.notAuthorized(url: "u", status: 401, words: nil), DotsSSOBasics.ExitStatus.notAuthorized),
        (EchoError.noIdentity(url: "u", found: "f"), DotsSSOBasics.ExitStatus.protocolError),
        (ChannelsAPIError.invalid(url: "u", words: nil), DotsSSOBasics.ExitStatus.malformedInput),
        (ChannelsAPIError.forbidden(url: "u", words: nil), DotsSSOBasics.ExitStatus.notAuthorized),
        (ChannelsAPIError.notFound(words: nil), DotsSSOBasics.ExitStatus.checkFailed),
        (TrustAnchorError(option: "--trust", path: "p", detail: "d"), DotsSSOBasics.ExitStatus.usage),
        (ListenerError(port: 8443, detail: "Address already in use"), DotsSSOBasics.ExitStatus.network),
        (HTTPError.invalidURL("u"), DotsSSOBasics.ExitStatus.usage),
        (HTTPError.insecureURL(url: "http://x"), DotsSSOBasics.ExitStatus.usage),
        (HTTPError.redirectRefused(from: "a", to: "b", reason: "r"), DotsSSOBasics.ExitStatus.protocolError),
        (HTTPError.tooManyRedirects(url: "u", limit: 5), DotsSSOBasics.ExitStatus.protocolError),
        (HTTPError.dns(host: "h", detail: "d"), DotsSSOBasics.ExitStatus.network),
        (HTTPError.connect(host: "h", detail: "d"), DotsSSOBasics.ExitStatus.network),
        (HTTPError.tls(host: "h", problem: .protocolVersion, detail: ""), DotsSSOBasics.ExitStatus.network),
        (HTTPError.timeout(url: "u", seconds: 1), DotsSSOBasics.ExitStatus.network),
        (HTTPError.unfinished(url: "u", seconds: 1, received: 6), DotsSSOBasics.ExitStatus.network),
        (HTTPError.transport(url: "u", detail: "d"), DotsSSOBasics.ExitStatus.network),
        (HTTPError.bodyTooLarge(url: "u", limit: 1), DotsSSOBasics.ExitStatus.malformedInput),
        (HTTPError.malformedBody(url: "u", expected: "JSON", found: "HTML"), DotsSSOBasics.ExitStatus.malformedInput),
        (HTTPError.unexpectedStatus(url: "u", status: 418, detail: ""), DotsSSOBasics.ExitStatus.protocolError),
        (HTTPError.unauthorized(url: "u", status: 401, detail: ""), DotsSSOBasics.ExitStatus.notAuthorized),
        (HTTPError.rateLimited(url: "u", retryAfter: "60"), DotsSSOBasics.ExitStatus.temporary),
        (HTTPError.serverError(url: "u", status: 503), DotsSSOBasics.ExitStatus.temporary),
        (HTTPError.serverError(url: "u", status: 500), DotsSSOBasics.ExitStatus.protocolError),
        (PassesError.listShape(url: "u", found: "f"), DotsSSOBasics.ExitStatus.protocolError),
        (PassesError.profileNotJSON(source: "s", reason: "r"), DotsSSOBasics.ExitStatus.malformedInput),
        (PassesError.outputUnusable(path: "p", reason: "r"), DotsSSOBasics.ExitStatus.cannotWrite),
        (TokenCacheError.insecureFile(path: "p", mode: "0644"), DotsSSOBasics.ExitStatus.configuration),
        (TokenCacheError.insecureDirectory(path: "p", mode: "0777"), DotsSSOBasics.ExitStatus.configuration),
        (TokenCacheError.foreignOwner(path: "p"), DotsSSOBasics.ExitStatus.configuration),
        (TokenCacheError.unusableDirectory(path: "p", reason: "r"), DotsSSOBasics.ExitStatus.configuration),
        (TokenCacheError.writeFailed(path: "p", reason: "r"), DotsSSOBasics.ExitStatus.cannotWrite),
        (TokenCacheError.lockTimeout(path: "p", seconds: 1), DotsSSOBasics.ExitStatus.temporary),
        (TokenCacheError.notSignedIn(channel: nil), DotsSSOBasics.ExitStatus.notAuthorized),
        (TokenCacheError.signInAgain(channel: nil, reason: "r"), DotsSSOBasics.ExitStatus.notAuthorized),
        (OAuthError.discoveryNotFound(issuer: "i", tried: []), DotsSSOBasics.ExitStatus.protocolError),
        (OAuthError.discoveryNotAnObject(url: "u"), DotsSSOBasics.ExitStatus.malformedInput),
        (OAuthError.malformedToken("d"), DotsSSOBasics.ExitStatus.malformedInput),
        (OAuthError.invalidIDToken("d"), DotsSSOBasics.ExitStatus.protocolError),
        (OAuthError.stateMismatch, DotsSSOBasics.ExitStatus.notAuthorized),
        (OAuthError.issuerMismatch(expected: "a", received: "b"), DotsSSOBasics.ExitStatus.notAuthorized),
        (OAuthError.authorizationDenied(error: "access_denied", description: nil), DotsSSOBasics.ExitStatus.notAuthorized),
        (OAuthError.deniedWithoutIssuer(error: "access_denied", description: nil), DotsSSOBasics.ExitStatus.notAuthorized),
        (OAuthError.revocationRefused(status: 401, error: "invalid_client", description: nil), DotsSSOBasics.ExitStatus.configuration),
        (
            OAuthError.revocationRefused(status: 400, error: "unsupported_token_type", description: nil),
            DotsSSOBasics.ExitStatus.protocolError
        ),
        (RevocationFailed(reason: "r", status: .network, revoked: []), DotsSSOBasics.ExitStatus.network),
        (OAuthError.callbackWithoutCode("d"), DotsSSOBasics.ExitStatus.protocolError),
        (OAuthError.callbackTimeout(seconds: 300, waitingFor: "w"), DotsSSOBasics.ExitStatus.temporary),
        (
            OAuthError.authorizationRequestRefused(status: 400, error: "invalid_request", description: nil, hint: "h"),
            DotsSSOBasics.ExitStatus.configuration
        ),
        (
            OAuthError.authorizationRequestRefused(status: 503, error: "temporarily_unavailable", description: nil, hint: "h"),
            DotsSSOBasics.ExitStatus.temporary
        ),
        (OAuthError.tokenEndpoint(status: 400, error: "invalid_grant", description: nil), DotsSSOBasics.ExitStatus.notAuthorized),
        (OAuthError.tokenEndpoint(status: 401, error: "invalid_client", description: nil), DotsSSOBasics.ExitStatus.configuration),
        (OAuthError.tokenEndpoint(status: 503, error: "temporarily_unavailable", description: nil), DotsSSOBasics.ExitStatus.temporary),
        (OAuthError.tokenEndpoint(status: 400, error: "unsupported_grant_type", description: nil), DotsSSOBasics.ExitStatus.protocolError),
        (OAuthError.noPendingAuthorization, DotsSSOBasics.ExitStatus.usage),
        (OAuthError.malformedJWK(keyID: "k1", detail: "d"), DotsSSOBasics.ExitStatus.protocolError),
        (CryptoError.invalidBase64URL, DotsSSOBasics.ExitStatus.malformedInput),
        (CryptoError.openSSL(operation: "o", detail: "d"), DotsSSOBasics.ExitStatus.internalError),
    ]

    @Test("every error case states the DESIGN.md status, and foreign errors are internal (70)")
    func mapping() {
        for (error, expected) in Self.everyError {
            #expect(ExitStatus(for: error) == expected, "\(error)")
        }
        struct Foreign: Error {}
        #expect(ExitStatus(for: Foreign()) == .internalError)
        #expect(ExitStatus.allCases.map(\.rawValue) == [0, 1, 64, 65, 69, 70, 74, 75, 76, 77, 78])
    }

    @Test("the README's exit-code table is the one --help and the man page show, and lists exactly the codes dots-sso uses")
    func readmeTable() throws {
        let readme = try String(contentsOf: TestPaths.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let section = readme.components(separatedBy: "## Exit codes").dropFirst().first ?? ""
        let rows = section.split(separator: "\n").filter { $0.hasPrefix("| ") && $0.dropFirst(2).first?.isNumber == true }
        let expected = ExitStatus.allCases.map { "| \($0.rawValue) | \($0.meaning) |" }
        #expect(rows.map(String.init) == expected, "README's table should read:\n\(expected.joined(separator: "\n"))")
        let documented = Set(rows.compactMap { Int32($0.dropFirst(2).prefix { $0.isNumber }) })
        #expect(documented == Set(ExitStatus.allCases.map(\.rawValue)))
        for (error, _) in Self.everyError {
            #expect(documented.contains(error.exitStatus.rawValue), "\(error) ends with a code the README does not document")
        }
    }

    @Test("the rate-limit message shows Retry-After; a port in use and a bad JWKS key say what to do")
    func messages() {
        #expect(HTTPError.rateLimited(url: "https://x", retryAfter: "60").message.contains("retry after 60"))
        #expect(ListenerError(port: 8443, detail: "Address already in use").message.contains("--port"))
        #expect(OAuthError.malformedJWK(keyID: "k1", detail: "d").message.contains("\"k1\""))
    }
}
