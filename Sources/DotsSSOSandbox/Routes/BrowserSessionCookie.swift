import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials
import Hummingbird

/// The sandbox's browser session: after the login form, a cookie (`HttpOnly`, `SameSite=Lax`, the whole site) names
/// a session kept server-side, so the next authorization request from that browser is answered without the form,
/// `prompt=none` can succeed, and logout ends it. The cookie holds only a random id.
enum BrowserSessionCookie {
    static let name = "sandbox_session"

    /// `Set-Cookie` for a new session (no `Secure`: the sandbox speaks plain http on loopback).
    static func set(_ id: String) -> String { "\(name)=\(id); Path=/; HttpOnly; SameSite=Lax" }

    /// `Set-Cookie` that makes the browser forget the session.
    static let clear = "\(name)=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax"

    /// The session id a request's `Cookie` headers carry, if any (RFC 6265 §5.4: `name=value` pairs split by "; ").
    static func id(in request: Request) -> String? {
        for header in request.headers[values: .cookie] {
            for pair in header.split(separator: ";") {
                let parts = pair.trimmingWhitespace().split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0] == name, !parts[1].isEmpty { return String(parts[1]) }
            }
        }
        return nil
    }
}

extension SandboxRoutes {
    /// The live session the request's cookie names, with its id.
    func browserSession(of request: Request) async -> (String, SandboxState.BrowserSession)? {
        guard let id = BrowserSessionCookie.id(in: request), let session = await state.browserSession(id, now: settings.now()) else {
            return nil
        }
        return (id, session)
    }

    /// Starts a session for `member` who typed their password at `authTime`, and adds its cookie to `response`.
    func startBrowserSession(for member: SandboxUser, authTime: Date, on response: inout Response) async throws {
        let id = try SecureRandom.base64URLString(byteCount: 32)
        await state.startBrowserSession(
            id,
            .init(
                subject: member.subject, authTime: authTime,
                expiresAt: authTime.addingTimeInterval(settings.browserSessionLifetime)))
        response.headers[values: .setCookie].append(BrowserSessionCookie.set(id))
    }

    /// Ends the session the request's cookie names (the person signed out at the sandbox) and tells the browser.
    func endBrowserSession(of request: Request, on response: inout Response) async {
        guard let id = BrowserSessionCookie.id(in: request) else { return }
        await state.endBrowserSession(id)
        response.headers[values: .setCookie].append(BrowserSessionCookie.clear)
    }
}
