import DotsSSOBasics
import FoundationEssentials

/// `echo verify`: what a backend must do with the two headers a Digits/Twitter app sends (seed 003). Every local
/// check comes first — the header parses, its consumer key is ours, the provider URL is https on an allowed host —
/// and only then is the provider called with the user's `Authorization`, once, without following redirects.
package struct EchoVerifyUseCase: Sendable {
    package var provider: String
    package var authorization: String
    package var consumerKey: String
    package var allowedHosts: [String]
    package var maxSkew: TimeInterval
    package var http: HTTPSettings

    package init(
        provider: String, authorization: String, consumerKey: String, allowedHosts: [String] = EchoProviderPolicy.defaultAllowedHosts,
        maxSkew: TimeInterval = 300, http: HTTPSettings = HTTPSettings()
    ) {
        self.provider = provider
        self.authorization = authorization
        self.consumerKey = consumerKey
        self.allowedHosts = allowedHosts
        self.maxSkew = maxSkew
        self.http = http
    }

    package struct Result: Encodable, Sendable, Equatable {
        package var verified: Bool
        /// The provider's user id: the only attribute that never changes.
        package var id: String
        package var phoneNumber: String?
        package var provider: String
        /// What the local checks noticed (a stale timestamp), as every command reports it.
        package var findings: [Finding]
    }

    package func run(_ ctx: CommandContext) async throws -> Result {
        let (url, header, warnings) = try vet(now: ctx.clock.now())
        warnings.map(\.message).forEach(ctx.warn)
        let request = HTTPRequest(
            .get, url, headers: [(name: "Authorization", value: authorization), (name: "Accept", value: "application/json")],
            followsRedirects: false, maxBodyBytes: 1024 * 1024)
        var response = try await http.client(in: ctx).send(request)
        // A provider that echoes what it was sent must not get the user's credentials onto the screen.
        response.secrets = [authorization, header.token, header["oauth_signature"] ?? ""].flatMap(Redactor.forms(of:))
        return try read(response, warnings: warnings)
    }

    /// The local checks, in the order a backend must make them; nothing is sent when one fails.
    func vet(now: Date) throws -> (URL, OAuthEchoHeader, [Finding]) {
        let allowed = try allowedHosts.map(EchoProviderPolicy.AllowedHost.init)  // our own flags first: a typo is a usage error
        let header = try OAuthEchoHeader.parse(authorization)
        guard ConstantTime.equals(header.consumerKey, consumerKey) else {
            throw EchoError.consumerKeyMismatch(found: ServerWords.line(String(header.consumerKey.prefix(64))))
        }
        let url = try EchoProviderPolicy.vet(provider, allowed: allowed)
        var warnings: [Finding] = []
        let skew = now.timeIntervalSince1970 - Double(header.timestamp)
        if abs(skew) > maxSkew {
            let seconds = Int(clamping: abs(skew), to: 0...Int(Int32.max))
            let age = skew > 0 ? "\(seconds) s old" : "\(seconds) s in the future"
            warnings.append(
                Finding(
                    EchoFindings.timestampSkew, at: FindingLocation(path: "oauth_timestamp"),
                    "oauth_timestamp is \(age) (more than \(CLIFlag.maxSkew) \(Int(clamping: maxSkew, to: 0...Int(Int32.max))) s): a replayed header, or a client clock that is off"
                ))
        }
        return (url, header, warnings)
    }

    /// A 200 JSON user with `id_str` (or a whole-number `id`); 401/403 are refused credentials.
    func read(_ response: HTTPResponse, warnings: [Finding]) throws -> Result {
        let url = response.displayURL
        switch response.status {
        case 200: break
        case 401, 403:
            throw EchoError.notAuthorized(url: url, status: response.status, words: ServerWords.from(response))
        default:
            try response.requireSuccess()
            throw HTTPError.unexpectedStatus(url: url, status: response.status, detail: "expected 200 with the user")
        }
        guard try response.jsonObject().objectValue != nil else {
            throw EchoError.noIdentity(url: url, found: "a JSON value that is not an object")
        }
        let user = try response.decodeJSON(EchoUser.self)
        guard let id = user.id, !id.isEmpty else {
            throw EchoError.noIdentity(url: url, found: "no id_str or whole-number id")
        }
        return Result(
            verified: true, id: ServerWords.line(id), phoneNumber: user.phoneNumber.map { ServerWords.line($0) },
            provider: url, findings: warnings)
    }
}

/// The fields of a Digits/Twitter account answer dots-sso reads: `id_str`, else `id` when it is a whole number
/// (Twitter ids pass 2^53, so the string form wins), and `phone_number`.
struct EchoUser: Decodable {
    var id: String?
    var phoneNumber: String?

    enum CodingKeys: String, CodingKey {
        case idString = "id_str", id, phoneNumber = "phone_number"
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let number = (try? container.decodeIfPresent(Int64.self, forKey: .id)).flatMap { $0 }
        let text =
            (try? container.decodeIfPresent(String.self, forKey: .idString)).flatMap { $0 }
            ?? (try? container.decodeIfPresent(String.self, forKey: .id)).flatMap { $0 }
        id = text ?? number.map(String.init)
        phoneNumber = (try? container.decodeIfPresent(String.self, forKey: .phoneNumber)).flatMap { $0 }
    }
}
