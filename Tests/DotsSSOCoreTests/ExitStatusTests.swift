import DotsSSOCore
import Foundation
import Testing
import TestSupport

@Suite("Exit codes")
struct ExitStatusTests {
    /// One instance of every case of every user-facing error, with the status DESIGN.md gives it.
    static let everyError: [(any UserFacingError, DotsSSOCore.ExitStatus)] = [
        (UsageError.invalid("x"), DotsSSOCore.ExitStatus.usage),
        (InputError.unreadable(path: "p", reason: "r"), DotsSSOCore.ExitStatus.usage),
        (InputError.malformed(source: "s", reason: "r"), DotsSSOCore.ExitStatus.malformedInput),
        (OutputError.cannotWrite(path: "p", what: "w", reason: "r"), DotsSSOCore.ExitStatus.cannotWrite),
        (ConfigError.unknownChannel(name: "a", searched: "b"), DotsSSOCore.ExitStatus.configuration),
        (ConfigError.unreadableChannel(path: "p", reason: "r"), DotsSSOCore.ExitStatus.configuration),
        (ConfigError.invalidChannelName("n"), DotsSSOCore.ExitStatus.usage),
        (ConfigError.insecureChannel(path: "p", mode: "0666"), DotsSSOCore.ExitStatus.configuration),
        (TokenCacheError.unusableEntry(path: "p", reason: "r"), DotsSSOCore.ExitStatus.configuration),
        (ConfigError.channelExists(path: "p"), DotsSSOCore.ExitStatus.configuration),
        (ConfigError.missingSetting(name: "n", flag: "f", key: "k"), DotsSSOCore.ExitStatus.configuration),
        (ConfigError.missingSecretEnvironment(variable: "V"), DotsSSOCore.ExitStatus.configuration),
        (ConfigError.unreadableSecretFile(path: "p", reason: "r"), DotsSSOCore.ExitStatus.configuration),
        (ConfigError.noMemberSource, DotsSSOCore.ExitStatus.configuration),
        (ConfigError.unsetSecretVariable(variable: "V", what: "w", fileFlag: "--w-file"), DotsSSOCore.ExitStatus.configuration),
        (OpenWebError.primaryKey(Finding(.error, "profile.id.email", "m")), DotsSSOCore.ExitStatus.checkFailed),
        (OpenWebError.rejected(url: "u", status: 400, words: nil), DotsSSOCore.ExitStatus.checkFailed),
        (OpenWebError.noCodeB(url: "u", found: "f"), DotsSSOCore.ExitStatus.protocolError),
        (EchoError.malformedHeader("r"), DotsSSOCore.ExitStatus.malformedInput),
        (EchoError.consumerKeyMismatch(found: "k"), DotsSSOCore.ExitStatus.checkFailed),
        (EchoError.providerRefused(url: "u", reason: "r"), DotsSSOCore.ExitStatus.checkFailed),
        (EchoError.notAuthorized(url: "u", status: 401, words: nil), DotsSSOCore.ExitStatus.notAuthorized),
        (EchoError.noIdentity(url: "u", found: "f"), DotsSSOCore.ExitStatus.protocolError),
        (ChannelsAPIError.invalid(url: "u", words: nil), DotsSSOCore.ExitStatus.malformedInput),
        (ChannelsAPIError.forbidden(url: "u", words: nil), DotsSSOCore.ExitStatus.notAuthorized),
        (ChannelsAPIError.notFound(words: nil), DotsSSOCore.ExitStatus.checkFailed),
        (TrustAnchorError(option: "--trust", path: "p", detail: "d"), DotsSSOCore.ExitStatus.usage),
        (ListenerError(port: 8443, detail: "Address already in use"), DotsSSOCore.ExitStatus.network),
        (HTTPError.invalidURL("u"), DotsSSOCore.ExitStatus.usage),
        (HTTPError.insecureURL(url: "http://x"), DotsSSOCore.ExitStatus.usage),
        (HTTPError.redirectRefused(from: "a", to: "b", reason: "r"), DotsSSOCore.ExitStatus.protocolError),
        (HTTPError.tooManyRedirects(url: "u", limit: 5), DotsSSOCore.ExitStatus.protocolError),
        (HTTPError.dns(host: "h", detail: "d"), DotsSSOCore.ExitStatus.network),
        (HTTPError.connect(host: "h", detail: "d"), DotsSSOCore.ExitStatus.network),
        (HTTPError.tls(host: "h", problem: .protocolVersion, detail: ""), DotsSSOCore.ExitStatus.network),
        (HTTPError.timeout(url: "u", seconds: 1), DotsSSOCore.ExitStatus.network),
        (HTTPError.unfinished(url: "u", seconds: 1, received: 6), DotsSSOCore.ExitStatus.network),
        (HTTPError.transport(url: "u", detail: "d"), DotsSSOCore.ExitStatus.network),
        (HTTPError.bodyTooLarge(url: "u", limit: 1), DotsSSOCore.ExitStatus.malformedInput),
        (HTTPError.malformedBody(url: "u", expected: "JSON", found: "HTML"), DotsSSOCore.ExitStatus.malformedInput),
        (HTTPError.unexpectedStatus(url: "u", status: 418, detail: ""), DotsSSOCore.ExitStatus.protocolError),
        (HTTPError.unauthorized(url: "u", status: 401, detail: ""), DotsSSOCore.ExitStatus.notAuthorized),
        (HTTPError.rateLimited(url: "u", retryAfter: "60"), DotsSSOCore.ExitStatus.temporary),
        (HTTPError.serverError(url: "u", status: 503), DotsSSOCore.ExitStatus.temporary),
        (HTTPError.serverError(url: "u", status: 500), DotsSSOCore.ExitStatus.protocolError),
        (PassesError.listShape(url: "u", found: "f"), DotsSSOCore.ExitStatus.protocolError),
        (PassesError.profileNotJSON(source: "s", reason: "r"), DotsSSOCore.ExitStatus.malformedInput),
        (PassesError.outputUnusable(path: "p", reason: "r"), DotsSSOCore.ExitStatus.cannotWrite),
        (TokenCacheError.insecureFile(path: "p", mode: "0644"), DotsSSOCore.ExitStatus.configuration),
        (TokenCacheError.insecureDirectory(path: "p", mode: "0777"), DotsSSOCore.ExitStatus.configuration),
        (TokenCacheError.foreignOwner(path: "p"), DotsSSOCore.ExitStatus.configuration),
        (TokenCacheError.unusableDirectory(path: "p", reason: "r"), DotsSSOCore.ExitStatus.configuration),
        (TokenCacheError.writeFailed(path: "p", reason: "r"), DotsSSOCore.ExitStatus.cannotWrite),
        (TokenCacheError.lockTimeout(path: "p", seconds: 1), DotsSSOCore.ExitStatus.temporary),
        (TokenCacheError.notSignedIn(channel: nil), DotsSSOCore.ExitStatus.notAuthorized),
        (TokenCacheError.signInAgain(channel: nil, reason: "r"), DotsSSOCore.ExitStatus.notAuthorized),
        (OAuthError.discoveryNotFound(issuer: "i", tried: []), DotsSSOCore.ExitStatus.protocolError),
        (OAuthError.discoveryNotAnObject(url: "u"), DotsSSOCore.ExitStatus.malformedInput),
        (OAuthError.malformedToken("d"), DotsSSOCore.ExitStatus.malformedInput),
        (OAuthError.invalidIDToken("d"), DotsSSOCore.ExitStatus.protocolError),
        (OAuthError.stateMismatch, DotsSSOCore.ExitStatus.notAuthorized),
        (OAuthError.issuerMismatch(expected: "a", received: "b"), DotsSSOCore.ExitStatus.notAuthorized),
        (OAuthError.authorizationDenied(error: "access_denied", description: nil), DotsSSOCore.ExitStatus.notAuthorized),
        (OAuthError.deniedWithoutIssuer(error: "access_denied", description: nil), DotsSSOCore.ExitStatus.notAuthorized),
        (OAuthError.revocationRefused(status: 401, error: "invalid_client", description: nil), DotsSSOCore.ExitStatus.configuration),
        (
            OAuthError.revocationRefused(status: 400, error: "unsupported_token_type", description: nil),
            DotsSSOCore.ExitStatus.protocolError
        ),
        (RevocationFailed(reason: "r", status: .network, revoked: []), DotsSSOCore.ExitStatus.network),
        (OAuthError.callbackWithoutCode("d"), DotsSSOCore.ExitStatus.protocolError),
        (OAuthError.callbackTimeout(seconds: 300, waitingFor: "w"), DotsSSOCore.ExitStatus.temporary),
        (
            OAuthError.authorizationRequestRefused(status: 400, error: "invalid_request", description: nil, hint: "h"),
            DotsSSOCore.ExitStatus.configuration
        ),
        (
            OAuthError.authorizationRequestRefused(status: 503, error: "temporarily_unavailable", description: nil, hint: "h"),
            DotsSSOCore.ExitStatus.temporary
        ),
        (OAuthError.tokenEndpoint(status: 400, error: "invalid_grant", description: nil), DotsSSOCore.ExitStatus.notAuthorized),
        (OAuthError.tokenEndpoint(status: 401, error: "invalid_client", description: nil), DotsSSOCore.ExitStatus.configuration),
        (OAuthError.tokenEndpoint(status: 503, error: "temporarily_unavailable", description: nil), DotsSSOCore.ExitStatus.temporary),
        (OAuthError.tokenEndpoint(status: 400, error: "unsupported_grant_type", description: nil), DotsSSOCore.ExitStatus.protocolError),
        (OAuthError.noPendingAuthorization, DotsSSOCore.ExitStatus.usage),
        (OAuthError.malformedJWK(keyID: "k1", detail: "d"), DotsSSOCore.ExitStatus.protocolError),
        (CryptoError.invalidBase64URL, DotsSSOCore.ExitStatus.malformedInput),
        (CryptoError.openSSL(operation: "o", detail: "d"), DotsSSOCore.ExitStatus.internalError),
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
