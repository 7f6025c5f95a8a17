import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials
import Hummingbird

/// What the partner serves about a member (seed 000): the profile, the passes endpoint and the pass files, and
/// two containers that check the member's token and the flag that gates them.
extension SandboxRoutes {
    /// The containers, their gating flag and how the token travels (one in a header, one in the query).
    static let containers: [Channel.Container] = [
        Channel.Container(
            name: "members-area", url: "/containers/members-area", flag: "canAccessContainer1",
            token: .init(in: .header, name: "Authorization"), userId: .init(in: .header, name: "X-Member-Id")),
        Channel.Container(
            name: "events", url: "/containers/events", flag: "canAccessContainer2",
            token: .init(in: .query, name: "access_token"), userId: .init(in: .query, name: "member")),
    ]

    func registerMemberData(on router: Router<BasicRequestContext>) {
        router.get("/api/me") { request, _ in
            await log(request)
            guard let member = await member(bearer: request) else { return unauthorized() }
            var profile = member.profile.objectValue ?? [:]
            if member.passesInProfile {
                profile["passes"] = .array(try passes.urls(for: member, issuer: issuer).map(JSONValue.string))
            }
            return json(.ok, .object(profile), extra: [.cacheControl: "no-store"])
        }
        router.get("/api/passes") { request, _ in
            await log(request)
            guard let member = await member(bearer: request) else { return unauthorized() }
            return json(.ok, .array(try passes.urls(for: member, issuer: issuer).map(JSONValue.string)), extra: [.cacheControl: "no-store"])
        }
        router.get("/passes/{folder}/{file}") { request, context in
            await log(request)
            let folder = context.parameters.get("folder") ?? ""
            let file = context.parameters.get("file") ?? ""
            guard file.hasSuffix(".pkpass"), let number = Int(file.dropLast(7)), let data = passes.pass(folder: folder, number: number)
            else {
                return text(.notFound, "no such pass\n")
            }
            return bytes(
                .ok, data, type: "application/vnd.apple.pkpass",
                extra: [
                    .contentDisposition: "attachment; filename=\"\(file)\"", .cacheControl: "no-store",
                ])
        }
        for container in Self.containers {
            router.get(RouterPath(container.url)) { request, _ in await containerPage(container, request) }
        }
    }

    /// 401 without a valid token (wherever this container carries it), 403 when the member's flag is not `true`.
    func containerPage(_ container: Channel.Container, _ request: Request) async -> Response {
        await log(request)
        let member: SandboxUser?
        switch container.token?.in {
        case .query?:
            if let token = query(request)[container.token?.name ?? ""] {
                member = await self.member(token: token, request: request)
            } else {
                member = nil
            }
        default: member = await self.member(bearer: request)
        }
        guard let member else {
            return html(
                .unauthorized,
                HTMLText.page(
                    title: container.name,
                    body: "<h1>Sign in first</h1>\n<p class=\"error\" role=\"alert\">This page needs a valid member token.</p>"))
        }
        let flag = container.flag ?? ""
        guard member.profile.objectValue?["features"]?.objectValue?[flag] == .bool(true) else {
            return html(
                .forbidden,
                HTMLText.page(
                    title: container.name,
                    body: """
                        <h1>Not included in your membership</h1>
                        <p class="error" role="alert">\(HTMLText.escape(flag)) is not true for this member.</p>
                        """))
        }
        return html(.ok, HTMLText.page(title: container.name, body: "<h1>\(HTMLText.escape(container.name))</h1>\n<p>Welcome, member.</p>"))
    }

    func unauthorized() -> Response {
        oauthError(
            .unauthorized, "invalid_token", "the access token is unknown, expired or revoked",
            extra: [.wwwAuthenticate: "Bearer error=\"invalid_token\""])
    }
}
