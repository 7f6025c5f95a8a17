import DotsSSOBasics
import FoundationEssentials

/// `members log-out|remove`: the calls a partner makes to The Dots Channels API when it revokes a member on its
/// side (seed 000: no sync in either direction, so this is how access ends). One POST per SSO id, a few at a time;
/// each answer judged on its own, so one unknown member does not hide the others.
package struct MemberRevocationUseCase: Sendable {
    package enum Action: String, Sendable, Codable {
        case logOut = "log-out"
        case remove

        var path: String { self == .logOut ? "channels/members.log-out-by-sso-id" : "channels/members.remove-by-sso-id" }
    }

    package var action: Action
    package var ssoIDs: [String]
    package var api: ChannelsAPISettings
    package var http: HTTPSettings
    package var parallel: Int
    /// `--yes`: removal goes ahead without asking. Without it a person at a terminal is asked; anyone else is refused.
    package var confirmed: Bool

    /// `ssoIDs` may hold `-`: one id per line from stdin (blank lines and `#` comments skipped).
    package init(
        action: Action, ssoIDs: [String], api: ChannelsAPISettings, http: HTTPSettings = HTTPSettings(), parallel: Int = 4,
        confirmed: Bool = false
    ) {
        self.action = action
        self.ssoIDs = ssoIDs
        self.api = api
        self.http = http
        self.parallel = parallel
        self.confirmed = confirmed
    }

    /// What happened to one member.
    package struct Outcome: Encodable, Sendable, Equatable {
        package var ssoId: String
        package var succeeded: Bool
        package var requestId: String?
        /// The API's `status` on success (`logged-out`, `removed`), else nil.
        package var status: String?
        package var httpStatus: Int?
        package var error: String?
        package var exitCode: Int32

        static func failure(_ id: String, _ error: UserFacingError, httpStatus: Int? = nil) -> Outcome {
            Outcome(ssoId: id, succeeded: false, httpStatus: httpStatus, error: error.message, exitCode: error.exitStatus.rawValue)
        }
    }

    package struct Result: Encodable, Sendable, Equatable {
        package var action: Action
        package var channelId: String
        package var outcomes: [Outcome]
        package var succeeded: Int { outcomes.filter(\.succeeded).count }
        package var failed: Int { outcomes.count - succeeded }

        /// 0 when every call succeeded; the failures' shared exit code when they agree; else 1.
        package var exitCode: Int32 {
            let codes = Set(outcomes.filter { !$0.succeeded }.map(\.exitCode))
            if codes.isEmpty { return ExitStatus.success.rawValue }
            return codes.count == 1 ? codes.first! : ExitStatus.checkFailed.rawValue
        }

        enum CodingKeys: String, CodingKey { case action, channelId, outcomes, succeeded, failed }

        package func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(action, forKey: .action)
            try container.encode(channelId, forKey: .channelId)
            try container.encode(outcomes, forKey: .outcomes)
            try container.encode(succeeded, forKey: .succeeded)
            try container.encode(failed, forKey: .failed)
        }
    }

    /// Vets every id and the settings, asks before a removal, then calls; each call's failure is reported in its outcome.
    package func run(_ ctx: CommandContext, onEach: @escaping @Sendable (Outcome) -> Void = { _ in }) async throws -> Result {
        let ids = try readIDs(ctx)
        let base = try URLPolicy.validate(try api.resolvedBaseURL())
        let channelID = try api.resolvedChannelID()
        let key = try api.resolvedAPIKey(ctx.environment)
        if action == .remove && !confirmed { try confirmRemoval(ctx, ids: ids, channelID: channelID) }
        let client = try http.client(in: ctx)
        let endpoint = base.appendingPathComponent(action.path)
        let outcomes = await boundedConcurrentMap(count: ids.count, parallel: parallel, onEach: { _, outcome in onEach(outcome) }) {
            index in
            await call(client, endpoint, id: ids[index], channelID: channelID, key: key)
        }
        return Result(action: action, channelId: channelID, outcomes: outcomes)
    }

    /// The ids given, `-` replaced by stdin's lines; each one checked before anything is sent.
    func readIDs(_ ctx: CommandContext) throws -> [String] {
        var ids: [String] = []
        for given in ssoIDs {
            guard given == "-" else { ids.append(given); continue }
            while let line = ctx.readLine() {
                let id = line.trimmingWhitespace()
                if !id.isEmpty && !id.hasPrefix("#") { ids.append(id) }
            }
        }
        guard !ids.isEmpty else {
            throw UsageError.invalid("no SSO ids given (\(CLIFlag.ssoId) ID, or \(CLIFlag.ssoId) - with one id per line on stdin)")
        }
        for id in ids {
            guard !id.isEmpty, id.utf8.count <= 1024, !id.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            else {
                throw UsageError.invalid(
                    "the SSO id \"\(ServerWords.line(String(id.prefix(40))))\" is empty, has control characters or is longer than 1024 bytes"
                )
            }
        }
        return ids
    }

    /// A removal cannot be undone: ask a person at a terminal; refuse when nobody can answer.
    func confirmRemoval(_ ctx: CommandContext, ids: [String], channelID: String) throws {
        guard ctx.stdinIsTerminal, !ssoIDs.contains("-") else {
            throw UsageError.invalid(
                "members remove needs \(CLIFlag.yes) when stdin is not a terminal: a removed member cannot sign in to the channel again")
        }
        let who = ids.count == 1 ? "the member with SSO id \(ServerWords.line(ids[0]))" : "\(ids.count) members"
        ctx.stderr.write("Remove \(who) from channel \(channelID)? They cannot sign in to it again. Type yes to continue: ")
        guard let answer = ctx.readLine()?.trimmingWhitespace().lowercased(), answer == "yes" || answer == "y" else {
            throw NotConfirmed(message: "not confirmed: nothing was removed")
        }
    }

    func call(_ client: any HTTPClient, _ endpoint: URL, id: String, channelID: String, key: String) async -> Outcome {
        do {
            var request = try HTTPRequest.json(
                endpoint, ["ssoId": id], headers: [(name: "Authorization", value: "Channel \(key)"), (name: "X-Channel", value: channelID)])
            request.secrets = Redactor.forms(of: key)
            request.maxBodyBytes = 256 * 1024
            var response = try await client.send(request)
            response.secrets = request.secrets
            return try read(response, id: id)
        } catch let error as UserFacingError {
            return .failure(id, error)
        } catch {
            return .failure(id, HTTPError.transport(url: endpoint.redactedForDisplay, detail: "\(type(of: error))"))
        }
    }

    /// 200 `{requestId, status}`; 400 the validation errors; 403 an admin (77); 404 no such member (1); 429 (75).
    func read(_ response: HTTPResponse, id: String) throws -> Outcome {
        let url = response.displayURL
        let words = ServerWords.from(response)
        switch response.status {
        case 200..<300:
            let object = JSONValue(parsing: response.body)?.objectValue
            guard let object, let requestID = object["requestId"]?.stringValue else {
                throw HTTPError.malformedBody(url: url, expected: "{\"requestId\", \"status\"}", found: response.bodyKind)
            }
            return Outcome(
                ssoId: id, succeeded: true, requestId: ServerWords.line(requestID),
                status: object["status"]?.stringValue.map { ServerWords.line($0) },
                httpStatus: response.status, exitCode: 0)
        case 400, 422:
            return .failure(
                id, ChannelsAPIError.invalid(url: url, words: Self.validationErrors(response) ?? words), httpStatus: response.status)
        case 401:
            return .failure(
                id, HTTPError.unauthorized(url: url, status: 401, detail: words ?? "check the Channels API key and X-Channel"),
                httpStatus: 401)
        case 403:
            return .failure(id, ChannelsAPIError.forbidden(url: url, words: words), httpStatus: 403)
        case 404:
            return .failure(id, ChannelsAPIError.notFound(words: words), httpStatus: 404)
        default:
            do { try response.requireSuccess() } catch let error as UserFacingError {
                return .failure(id, error, httpStatus: response.status)
            }
            return .failure(
                id, HTTPError.unexpectedStatus(url: url, status: response.status, detail: response.bodyKind), httpStatus: response.status)
        }
    }

    /// `errors: [{field?, message}]` or `errors: {field: [messages]}` as one line, when the API lists them.
    static func validationErrors(_ response: HTTPResponse) -> String? {
        guard let object = JSONValue(parsing: response.body)?.objectValue else { return nil }
        var lines: [String] = []
        if let list = object["errors"]?.arrayValue, list.allSatisfy({ $0.objectValue != nil }) {
            for entry in list {
                let message = entry["message"]?.stringValue ?? ""
                lines.append(entry["field"]?.stringValue.map { "\($0): \(message)" } ?? message)
            }
        } else if let map = object["errors"]?.objectValue {
            for (field, value) in map.sorted(by: { $0.key < $1.key }) {
                let messages = value.stringArray ?? [value.stringValue ?? ""]
                lines.append("\(field): \(messages.joined(separator: "; "))")
            }
        }
        let joined = lines.filter { !$0.isEmpty }.joined(separator: "; ")
        return joined.isEmpty ? nil : ServerWords.line(joined, secrets: response.secrets)
    }
}
