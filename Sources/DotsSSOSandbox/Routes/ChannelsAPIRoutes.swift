import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials
import Hummingbird

/// The Dots' Channels API as a partner calls it when it revokes a member (seed 000): log a member out of the
/// channel, or remove them, by the id the partner's SSO gave them. `Authorization: Channel <key>` and
/// `X-Channel: <name>`; body `{"ssoId": "…"}`; 200 `{requestId, status}`, 400, 401, 403 for an admin, 404 for
/// an unknown member. A logged-out member's tokens stop working; a removed member cannot sign in again.
extension SandboxRoutes {
    func registerChannelsAPI(on router: Router<BasicRequestContext>) {
        router.post("/channels/members.log-out-by-sso-id") { request, _ in try await channelCall(request, remove: false) }
        router.post("/channels/members.remove-by-sso-id") { request, _ in try await channelCall(request, remove: true) }
    }

    func channelCall(_ request: Request, remove: Bool) async throws -> Response {
        await log(request)
        let requestID = UUID().uuidString.lowercased()
        func answer(_ status: HTTPResponse.Status, _ outcome: String, _ message: String? = nil) -> Response {
            var body: [String: JSONValue] = ["requestId": .string(requestID), "status": .string(outcome)]
            if let message { body["message"] = .string(message) }
            return json(status, .object(body), extra: [.cacheControl: "no-store"])
        }
        let presented = request.headers[.authorization] ?? ""
        guard presented.hasPrefix("Channel "), ConstantTime.equals(String(presented.dropFirst(8)), settings.channelKey),
            request.headers[.xChannel] == settings.channelName
        else {
            return answer(.unauthorized, "error", "send Authorization: Channel <key> and X-Channel: <name> for this channel")
        }
        guard let body = try await jsonObject(request), let ssoID = body["ssoId"]?.stringValue, !ssoID.isEmpty else {
            return answer(.badRequest, "error", "the body must be a JSON object with ssoId, a non-empty string")
        }
        guard let member = settings.users.first(where: { $0.ssoID == ssoID }) else {
            return answer(.notFound, "error", "no member of this channel has that ssoId")
        }
        guard !member.admin else {
            return answer(.forbidden, "error", "an admin cannot be logged out or removed through the Channels API")
        }
        if remove {
            await state.remove(subject: member.subject)
            settings.log("removed \(member.username) from the channel (Channels API)")
            return answer(.ok, "removed")
        }
        await state.revokeAll(subject: member.subject)
        settings.log("logged \(member.username) out of the channel (Channels API)")
        return answer(.ok, "logged-out")
    }
}
