import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials
import Hummingbird

/// The sandbox's login page: a plain HTML form that works without JavaScript. The authorization request waits
/// server-side under a random id, so the form carries nothing a browser could tamper with; Cancel returns
/// `error=access_denied`; a wrong password shows the form again with a clear error; input is always escaped.
enum LoginPage {
    static func render(attempt: String, clientID: String, username: String, error: String?, users: [String]) -> String {
        let alert = error.map { "<p class=\"error\" role=\"alert\" id=\"login-error\">\(HTMLText.escape($0))</p>\n" } ?? ""
        let described = error == nil ? "" : " aria-describedby=\"login-error\""
        return HTMLText.page(
            title: "Sign in to the sandbox partner",
            body: """
                <h1>Sign in</h1>
                <p>The app <strong>\(HTMLText.escape(clientID))</strong> asks to use your sandbox partner account.</p>
                \(alert)<form method="post" action="/login">
                <input type="hidden" name="attempt" value="\(HTMLText.escape(attempt))">
                <label for="username">Username</label>
                <input id="username" name="username" autocomplete="username" required value="\(HTMLText.escape(username))"\(described)>
                <label for="password">Password</label>
                <input id="password" name="password" type="password" autocomplete="current-password"\(described)>
                <button type="submit" name="action" value="sign-in">Sign in</button>
                <button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
                </form>
                <p>Sandbox users: \(HTMLText.escape(users.joined(separator: ", "))) (built-in users sign in with the password <code>demo</code>).</p>
                """)
    }
}

extension SandboxRoutes {
    func registerLoginPage(on router: Router<BasicRequestContext>) {
        router.post("/login") { request, _ in try await login(request) }
    }

    func login(_ request: Request) async throws -> Response {
        let form = try await formFields(request)
        await log(request, form: form.filter { $0.key != "password" })
        guard let id = form["attempt"], let attempt = await state.attempt(id) else {
            return html(
                .badRequest,
                HTMLText.page(
                    title: "Sign-in expired",
                    body: """
                        <h1>This sign-in has expired</h1>
                        <p class="error" role="alert">Go back to the app and start the sign-in again.</p>
                        """))
        }
        if form["action"] == "cancel" {
            _ = await state.takeAttempt(id)
            return redirectBack(
                attempt.redirectURI, state: attempt.state,
                [("error", "access_denied"), ("error_description", "the member cancelled the sign-in")])
        }
        let username = form["username"] ?? ""
        guard let member = settings.user(named: username), await passwordMatches(member, form["password"] ?? "") else {
            return html(
                .unauthorized,
                LoginPage.render(
                    attempt: id, clientID: attempt.client.id, username: username,
                    error: "The username or password is not right. Try again.", users: settings.usernames))
        }
        guard await !state.removedSubjects.contains(member.subject) else {
            return html(
                .forbidden,
                LoginPage.render(
                    attempt: id, clientID: attempt.client.id, username: username,
                    error: "This account was removed from the channel.", users: settings.usernames))
        }
        _ = await state.takeAttempt(id)
        let authTime = settings.now()
        var response = try await approve(attempt, member: member, authTime: authTime)
        try await startBrowserSession(for: member, authTime: authTime, on: &response)
        return response
    }

    /// The member's current password: the one they set through e-mail sign-in, else their configured one.
    func passwordMatches(_ member: SandboxUser, _ presented: String) async -> Bool {
        let expected = await state.password(for: member.username) ?? member.password
        return ConstantTime.equals(presented, expected)
    }
}
