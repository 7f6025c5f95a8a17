import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials
import Hummingbird

/// The two other systems a partner backend talks to (seeds 002 and 003), played the way their providers behave:
///
/// - OpenWeb at `/openweb`: `POST /openweb/sso/v1/start-session` stands in for the SDK's `sso(.start)` and returns
///   a single-use `code_a` (5 minutes); `GET /openweb/sso/v1/register-user` takes `access_token`, `code_a`,
///   `primary_key`, `user_name` and answers `{"code_b": …}`, 403 for a wrong token, 400 for a used or unknown codeA.
/// - A Digits OAuth Echo provider at `/1.1/sdk/account.json`: verifies the OAuth 1.0 header (consumer key, the
///   member's token, HMAC-SHA1 signature, timestamp within 300 s, nonce never seen) and answers the account, or
///   401 `{"errors": [{"code": 32, …}]}` as Twitter did.
extension SandboxRoutes {
    func registerThirdParty(on router: Router<BasicRequestContext>) {
        router.post("/openweb/sso/v1/start-session") { request, _ in
            await log(request)
            let code = try await state.issueOpenWebCode(now: settings.now())
            return json(.ok, .object(["code_a": .string(code)]), extra: [.cacheControl: "no-store"])
        }
        router.get("/openweb/sso/v1/register-user") { request, _ in try await registerUser(request) }
        router.get(RouterPath(SandboxPartner.echoProviderPath)) { request, _ in await echoAccount(request) }
    }

    func registerUser(_ request: Request) async throws -> Response {
        await log(request)
        let fields = query(request)
        func refuse(_ status: HTTPResponse.Status, _ code: String, _ message: String) -> Response {
            json(status, .object(["error": .string(code), "message": .string(message)]), extra: [.cacheControl: "no-store"])
        }
        guard ConstantTime.equals(fields["access_token"] ?? "", settings.openWebAccessToken) else {
            return refuse(.forbidden, "invalid_access_token", "the access token is not this publisher's")
        }
        guard let primaryKey = fields["primary_key"], !primaryKey.isEmpty, let userName = fields["user_name"], !userName.isEmpty else {
            return refuse(.badRequest, "missing_fields", "primary_key and user_name are required")
        }
        guard await state.takeOpenWebCode(fields["code_a"] ?? "", now: settings.now()) else {
            return refuse(.badRequest, "invalid_code_a", "code_a is unknown, already used or expired; start a new SSO session")
        }
        let codeB = "codeB-" + (try SecureRandom.base64URLString(byteCount: 16))
        settings.log("OpenWeb registered \(userName) (primary key \(primaryKey))")
        return json(.ok, .object(["code_b": .string(codeB)]), extra: [.cacheControl: "no-store"])
    }

    func echoAccount(_ request: Request) async -> Response {
        await log(request)
        func refuse(_ code: Int, _ message: String) -> Response {
            json(
                .unauthorized, .object(["errors": .array([.object(["code": .number(Double(code)), "message": .string(message)])])]),
                extra: [.cacheControl: "no-store"])
        }
        guard let value = request.headers[.authorization], let header = try? OAuthEchoHeader.parse(value) else {
            return refuse(32, "Could not authenticate you.")
        }
        guard ConstantTime.equals(header.consumerKey, settings.echoConsumerKey), header["oauth_signature_method"] == "HMAC-SHA1",
            let member = settings.users.first(where: { ConstantTime.equals($0.echoToken, header.token) }),
            await !state.removedSubjects.contains(member.subject)
        else {
            return refuse(32, "Could not authenticate you.")
        }
        guard abs(settings.now().timeIntervalSince1970 - Double(header.timestamp)) <= 300 else {
            return refuse(135, "Timestamp out of bounds.")
        }
        let signedURL = URL(string: issuer + request.uri.description)!
        let base = OAuth1Signature.baseString(method: "GET", url: signedURL, oauth: header.parameters)
        let expected = OAuth1Signature.hmacSHA1(
            baseString: base, consumerSecret: settings.echoConsumerSecret, tokenSecret: member.echoTokenSecret)
        guard ConstantTime.equals(expected, header["oauth_signature"] ?? ""), await state.spendEchoNonce(header["oauth_nonce"] ?? "") else {
            return refuse(32, "Could not authenticate you.")
        }
        let account = EchoAccount(
            id: member.echoNumericID, idStr: member.echoID, phoneNumber: member.phoneNumber,
            accessToken: .init(token: member.echoToken, secret: member.echoTokenSecret))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return bytes(.ok, (try? encoder.encode(account)) ?? Data(), type: "application/json", extra: [.cacheControl: "no-store"])
    }
}

/// The Digits account answer (seed 003: "the userID, phone number, and OAuth tokens"): the numeric `id` exactly as
/// Twitter sent it (past 2^53, which is why `id_str` exists beside it), the phone number, and the session's tokens.
struct EchoAccount: Encodable {
    struct AccessToken: Encodable {
        var token: String
        var secret: String
    }
    var id: UInt64
    var idStr: String
    var phoneNumber: String
    var accessToken: AccessToken
    var verificationType = "sms"

    enum CodingKeys: String, CodingKey {
        case id, idStr = "id_str", phoneNumber = "phone_number", accessToken = "access_token", verificationType = "verification_type"
    }
}
