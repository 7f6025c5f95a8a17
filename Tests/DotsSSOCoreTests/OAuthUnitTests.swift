import DotsSSOBasics
import DotsSSOCore
import Foundation
import Testing

@Suite("OAuth building blocks")
struct OAuthUnitTests {
    func query(_ url: URL) -> [String: String] {
        Dictionary(
            FormEncoding.decode(URLComponents(url: url, resolvingAgainstBaseURL: false)!.percentEncodedQuery!),
            uniquingKeysWith: { a, _ in a })
    }

    @Test("the authorization request carries PKCE S256, a 256-bit state and a nonce for openid")
    func authorizationRequest() throws {
        let request = try AuthorizationRequest(
            endpoint: URL(string: "https://idp.example/authorize?tenant=a")!, clientID: "dots app",
            redirectURI: "http://127.0.0.1:5000/callback", scopes: ["openid", "profile"])
        let fields = query(request.url)
        #expect(fields["tenant"] == "a")
        #expect(fields["response_type"] == "code")
        #expect(fields["client_id"] == "dots app")
        #expect(fields["redirect_uri"] == "http://127.0.0.1:5000/callback")
        #expect(fields["code_challenge_method"] == "S256")
        #expect(fields["code_challenge"] == (try PKCE.challenge(for: request.pkce.verifier)))
        #expect(fields["code_challenge"]?.count == 43)
        #expect((43...128).contains(request.pkce.verifier.count))
        #expect(fields["state"] == request.state)
        #expect((try Base64URL.decode(request.state)).count == 32)
        #expect(fields["nonce"] == request.nonce)
        #expect(fields["scope"] == "openid profile")
        #expect(!request.url.absoluteString.contains(request.pkce.verifier))
        let plain = try AuthorizationRequest(
            endpoint: URL(string: "https://idp.example/authorize")!, clientID: "c", redirectURI: "x:/cb", scopes: ["read"])
        #expect(plain.nonce == nil)
        #expect(query(plain.url)["nonce"] == nil)
    }

    @Test("two requests never share a verifier, state or nonce")
    func uniqueness() throws {
        let a = try AuthorizationRequest(
            endpoint: URL(string: "https://i/a")!, clientID: "c", redirectURI: "http://127.0.0.1/cb", scopes: ["openid"])
        let b = try AuthorizationRequest(
            endpoint: URL(string: "https://i/a")!, clientID: "c", redirectURI: "http://127.0.0.1/cb", scopes: ["openid"])
        #expect(a.pkce.verifier != b.pkce.verifier)
        #expect(a.state != b.state)
        #expect(a.nonce != b.nonce)
    }

    @Test("callbacks: state first, then iss, then error, then code")
    func callback() throws {
        let ok = [("code", "abc"), ("state", "s1")]
        #expect(try AuthorizationCallback.code(from: ok, expectedState: "s1", issuer: "https://i", issuerParameterRequired: false) == "abc")
        #expect(throws: OAuthError.stateMismatch) {
            try AuthorizationCallback.code(
                from: [("code", "abc"), ("state", "forged")], expectedState: "s1", issuer: nil, issuerParameterRequired: false)
        }
        #expect(throws: OAuthError.stateMismatch) {
            try AuthorizationCallback.code(
                from: [("error", "access_denied")], expectedState: "s1", issuer: nil, issuerParameterRequired: false)
        }
        #expect(throws: OAuthError.issuerMismatch(expected: "https://i", received: "https://evil")) {
            try AuthorizationCallback.code(
                from: ok + [("iss", "https://evil")], expectedState: "s1", issuer: "https://i", issuerParameterRequired: false)
        }
        #expect(throws: OAuthError.issuerMismatch(expected: "https://i", received: "(missing)")) {
            try AuthorizationCallback.code(from: ok, expectedState: "s1", issuer: "https://i", issuerParameterRequired: true)
        }
        #expect(throws: OAuthError.authorizationDenied(error: "access_denied", description: "User said no")) {
            try AuthorizationCallback.code(
                from: [("state", "s1"), ("error", "access_denied"), ("error_description", "User said no")],
                expectedState: "s1", issuer: nil, issuerParameterRequired: false)
        }
        #expect(ExitStatus(for: OAuthError.stateMismatch) == .notAuthorized)
        #expect(ExitStatus(for: OAuthError.authorizationDenied(error: "access_denied", description: nil)) == .notAuthorized)
        #expect(OAuthError.stateMismatch.message.contains("state"))
    }

    @Test("a pasted landing URL yields its query (or fragment) parameters")
    func pastedURL() throws {
        let fields = try AuthorizationCallback.parameters(fromURL: " https://app.thedots.example/sso/callback?code=a%2Bb&state=x+y \n")
        #expect(fields.first { $0.0 == "code" }?.1 == "a+b")
        #expect(fields.first { $0.0 == "state" }?.1 == "x y")
        let deepLink = try AuthorizationCallback.parameters(fromURL: "thedots://sso#code=c&state=s")
        #expect(deepLink.map(\.0) == ["code", "state"])
        #expect(throws: UsageError.self) { try AuthorizationCallback.parameters(fromURL: "not a url") }
    }

    @Test("token responses: expires_in as number or string, rotation keeps the old refresh token when none is sent")
    func tokenResponse() throws {
        let now = Date(timeIntervalSince1970: 1_000)
        let first = try TokenResponse(json: [
            "access_token": .string("a1"), "expires_in": .string("60"), "refresh_token": .string("r1"), "scope": .string("openid"),
        ])
        let set = first.tokenSet(now: now)
        #expect(set.expiresAt == Date(timeIntervalSince1970: 1_060))
        #expect(set.refreshToken == "r1")
        let second = try TokenResponse(json: ["access_token": .string("a2"), "expires_in": .number(30)])
        let renewed = second.tokenSet(previous: set, now: now)
        #expect(renewed.refreshToken == "r1")
        #expect(renewed.scope == "openid")
        #expect(throws: OAuthError.self) { try TokenResponse(json: ["token_type": .string("Bearer")]) }
        #expect(set.expires(within: 61, now: now))
        #expect(!set.expires(within: 59, now: now))
    }

    @Test("token endpoint errors map to the exit codes a user can act on")
    func tokenErrors() {
        #expect(ExitStatus(for: OAuthError.tokenEndpoint(status: 400, error: "invalid_grant", description: nil)) == .notAuthorized)
        #expect(ExitStatus(for: OAuthError.tokenEndpoint(status: 401, error: "invalid_client", description: nil)) == .configuration)
        #expect(ExitStatus(for: OAuthError.tokenEndpoint(status: 400, error: "invalid_request", description: nil)) == .protocolError)
        #expect(OAuthError.tokenEndpoint(status: 400, error: "invalid_grant", description: nil).message.contains("dots-sso authorize"))
    }

    @Test("client_secret_basic form-encodes both parts before base64 (RFC 6749 §2.3.1)")
    func basicAuth() async throws {
        final class Recorder: HTTPClient, @unchecked Sendable {
            var requests: [HTTPRequest] = []
            func send(_ request: HTTPRequest) async throws -> HTTPResponse {
                requests.append(request)
                return HTTPResponse(
                    status: 200, headers: [(name: "Content-Type", value: "application/json")],
                    body: Data(#"{"access_token":"t","token_type":"Bearer"}"#.utf8), url: request.url, duration: 0)
            }
        }
        let recorder = Recorder()
        let client = TokenEndpointClient(http: recorder, credentials: ClientCredentials(clientID: "a:b", secret: "p w&"))
        _ = try await client.refresh(refreshToken: "r", endpoint: URL(string: "https://idp.example/token")!)
        let header = try #require(recorder.requests.first?.header("Authorization"))
        #expect(header == "Basic " + Data("a%3Ab:p+w%26".utf8).base64EncodedString())
        #expect(recorder.requests.first?.followsRedirects == false)
        let post = TokenEndpointClient(
            http: recorder, credentials: ClientCredentials(clientID: "c", secret: "s", method: .clientSecretPost))
        _ = try await post.refresh(refreshToken: "r", endpoint: URL(string: "https://idp.example/token")!)
        let body = String(decoding: recorder.requests[1].body ?? Data(), as: UTF8.self)
        #expect(body.contains("client_id=c") && body.contains("client_secret=s"))
        #expect(recorder.requests[1].header("Authorization") == nil)
    }

    @Test(
        "an authorization answer's page is read the way a person reads it: a refusal of the client id or the redirect URI in words (200 included) is a refusal; a login form goes on; anything else is quoted",
        arguments: [
            (200, "text/html", "<h3>Client ID Error</h3><p>The client identifier (client_id) is missing or invalid.</p>", "client"),
            (200, "text/html", "<title>Oops</title><p>redirect_uri not registered for client_id dots-app</p>", "redirect"),
            (400, "text/html", "Something went wrong: Unknown client_id", "client"),
            (400, "text/plain", "The reply URL specified in the request does not match the reply URLs configured", "redirect"),
            (200, "text/html", "<form method=post><p>Unknown client? Contact us</p><input type=password></form>", "proceed"),
            (200, "text/html", "<script>draw()</script><div id=app></div>", "proceed"),
            (200, "text/html", "<p>Please wait while we set things up</p>", "quoted"),
            (500, "text/html", "<h1>We are sorry</h1><script>var client_id='x'; // invalid</script>", "quoted"),
        ])
    func preflightPages(status: Int, type: String, body: String, expected: String) {
        let response = HTTPResponse(
            status: status, headers: [(name: "Content-Type", value: type)], body: Data(body.utf8),
            url: URL(string: "https://idp.example/authorize")!, duration: 0)
        switch AuthorizationPreflight.classify(response) {
        case let .refusedPage(_, subject, words):
            #expect(expected == (subject == .clientID ? "client" : "redirect"), "\(words)")
            #expect(words.count <= ServerWords.limit + 1 && !words.contains("<"))
        case .proceed: #expect(expected == "proceed")
        case let .notLoginPage(_, words), let .unreadable(_, _, words?):
            #expect(expected == "quoted", "\(words)")
            #expect(!words.contains("<") && !words.contains("client_id"), "script text is not quoted: \(words)")
        default: Issue.record("unexpected verdict for \(body)")
        }
    }
}
