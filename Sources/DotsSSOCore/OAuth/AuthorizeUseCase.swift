import DotsSSOBasics
import FoundationEssentials

/// `dots-sso authorize`: the partner's authorization-code flow exactly as The Dots app runs it, wherever the user
/// is. Listens on loopback and opens the browser; on a remote shell also takes the pasted redirect URL (whichever
/// comes first); with no display and a provider that offers it, the device authorization grant instead. Checks the
/// callback's state and `iss`, then either completes the sign-in or, with `stopAfterRedirect`, keeps the verifier for
/// `exchange`. For a partner's test member in CI, the resource-owner password grant.
package struct AuthorizeUseCase: Sendable {
    package var signIn: SignInSettings
    package var port: Int?
    package var openBrowser: Bool
    package var stopAfterRedirect: Bool
    /// How long to wait for the browser's redirect.
    package var wait: TimeInterval
    /// Check the authorization request with one GET before the browser opens (`--no-preflight` turns it off).
    package var preflight: Bool
    /// `--flow`; nil: the channel's, else chosen by where this runs.
    package var flow: SignInFlow?
    /// `--grant password`: the test member's credentials instead of any browser.
    package var password: PasswordCredentials?
    /// `--save-refresh-token FILE`: where the new refresh token goes (0600), for `--refresh-token-file` in CI.
    package var saveRefreshToken: String?
    /// `--par`/`--no-par`: push the authorization request (RFC 9126); nil: whenever the provider offers it.
    package var par: Bool?
    /// The request's extra parameters (`prompt`, `login_hint`, `acr_values`, `max_age`, `resource`, `--auth-param`):
    /// the channel's `authParams` with the command's flags over them.
    package var parameters = AuthorizationParameters()
    /// Shows a device sign-in's code and address (the CLI adds a QR code on a terminal).
    package var devicePrompt: (@Sendable (DeviceAuthorization, CommandContext) -> Void)?

    package static let defaultWait: TimeInterval = 300

    package init(
        signIn: SignInSettings, port: Int? = nil, openBrowser: Bool = true, stopAfterRedirect: Bool = false, wait: TimeInterval? = nil,
        preflight: Bool = true
    ) {
        self.signIn = signIn
        self.preflight = preflight
        self.port = port
        self.openBrowser = openBrowser
        self.stopAfterRedirect = stopAfterRedirect
        self.wait = wait ?? Self.defaultWait
    }

    /// The lines a device sign-in shows when the CLI adds nothing of its own. Every value is the provider's, so
    /// each is bounded by columns and bytes (`DeviceAuthorization.shownCode` and `shownAddress`), saying what was cut.
    package static func deviceInstructions(_ device: DeviceAuthorization) -> [String] {
        var lines = ["To sign in, open \(device.shownAddress) on any device and enter the code: \(device.shownCode)"]
        if let complete = device.verificationURIComplete {
            if let shown = device.shownCompleteAddress {
                lines.append("or open this address, which carries the code:")
                lines.append(shown)
            } else {
                lines.append(
                    "(the provider's address that carries the code is \(complete.utf8.count / 1024) KB long, more than any address "
                        + "should be: not shown; use the address and code above)")
            }
        }
        return lines
    }

    /// What `--no-exchange` prints: the code and state, to finish with `exchange` (the verifier stays cached).
    package struct PendingCode: Codable, Sendable, Equatable {
        package var code: String
        package var state: String
        package var redirectUri: String
    }

    package enum Outcome: Sendable {
        case signedIn(SignIn.Result)
        case awaitingExchange(PendingCode)
    }

    package func run(_ ctx: CommandContext) async throws -> Outcome {
        let client = try SignInContext(signIn, in: ctx)
        let endpoints = try await client.endpoints()
        // A sign-in its profile forbids is refused here, before its first request to the provider.
        try client.holdToProfile(endpoints, par: par)
        let scopes = client.scopes(for: endpoints)
        let outcome: Outcome
        do {
            outcome = try await signIn(client, endpoints: endpoints, scopes: scopes, ctx)
        } catch let error as OAuthError {
            throw RetryHint.naming(error, channel: client.channel.selector)
        }
        if let saveRefreshToken, case .signedIn = outcome {
            try await RefreshTokenFile(path: saveRefreshToken).save(from: client)
            ctx.note("saved the refresh token to \(saveRefreshToken) (0600); give it to CI as \(CLIFlag.refreshTokenFile)")
        }
        return outcome
    }

    private func signIn(_ client: SignInContext, endpoints: ProviderEndpoints, scopes: [String], _ ctx: CommandContext) async throws
        -> Outcome
    {
        if let password {
            try client.holdToProfile(grant: "password")
            return .signedIn(try await PasswordSignIn(client: client, endpoints: endpoints, scopes: scopes, credentials: password).run())
        }
        let redirect = try RedirectMode(redirectURI: client.channel.redirectUri, port: port)
        let chosen: SignInFlow
        if case .registered = redirect {
            // A registered landing page: the person pastes where the browser landed.
            if let flow, flow != .paste {
                throw UsageError.invalid(
                    "\(CLIFlag.flow) \(flow.rawValue) cannot use the registered \(CLIFlag.redirectUri); only \(CLIFlag.flow) paste can")
            }
            chosen = .paste
        } else {
            // `--no-browser` and `--no-exchange` ask for the printed URL and its redirect, so they keep the loopback flow.
            if flow == nil && (!openBrowser || stopAfterRedirect) {
                chosen = .loopback
            } else {
                let choice = SignInFlow.choose(
                    requested: flow, channel: client.channel.flow, noDisplay: ctx.browser.headlessReason,
                    // The device grant is no FAPI 2.0 flow: a profile's sign-in without a display pastes instead.
                    deviceEndpoint: client.securityProfile == .fapi2 ? nil : endpoints.deviceAuthorization)
                chosen = choice.flow
                if flow == nil {
                    ctx.note(
                        "dots-sso: signing in with the \(chosen.rawValue) flow: \(choice.reason) (\(CLIFlag.flow) loopback|device|paste chooses another)"
                    )
                }
            }
        }
        if chosen == .device {
            try client.holdToProfile(grant: "device")
            guard !stopAfterRedirect else {
                throw UsageError.invalid(
                    "\(CLIFlag.noExchange) needs a redirect: the device flow has no code to hand over (use \(CLIFlag.flow) loopback or paste)"
                )
            }
            let prompt = devicePrompt
            let result = try await DeviceSignIn(client: client, endpoints: endpoints, scopes: scopes, wait: wait) { device in
                if let prompt { prompt(device, ctx) } else { Self.deviceInstructions(device).forEach(ctx.prompt) }
            }.run()
            return .signedIn(result)
        }
        return try await redirectSignIn(client, endpoints: endpoints, scopes: scopes, redirect: redirect, paste: chosen == .paste, ctx)
    }

    private func redirectSignIn(
        _ client: SignInContext, endpoints: ProviderEndpoints, scopes: [String], redirect: RedirectMode, paste: Bool,
        _ ctx: CommandContext
    ) async throws -> Outcome {
        let authorizationURL = try endpoints.require(\.authorization, "authorization", flag: "\(CLIFlag.authorizationEndpoint)")

        var receiver: LoopbackReceiver?
        let redirectURI: String
        // Set once, before the browser can possibly call back.
        let stateBox = OnceBox<String>()
        switch redirect {
        case .loopback(let fixedPort, let host, let path):
            let listener = try await LoopbackReceiver.start(
                listening: ctx.listening, port: fixedPort ?? 0, host: host, path: path,
                arrival: { parameters in
                    guard let state = stateBox.value else { return .notARedirect }
                    return AuthorizationCallback.arrival(parameters, expectedState: state)
                },
                ignored: { arrival in
                    ctx.warn(
                        arrival == .otherState
                            ? "refused a redirect to the sign-in callback whose state does not match this sign-in's (an old tab, or a tampered or forged link); still waiting"
                            : "ignored a request to the sign-in callback that is not a redirect (a probe or a bare /callback); still waiting"
                    )
                })
            receiver = listener
            redirectURI = listener.redirectURI
        case .registered(let uri):
            redirectURI = uri
        }
        defer { receiver?.stop() }

        // FAPI 2.0 (§5.3.3.2): every authorization request is pushed.
        let pushTo = try PushedAuthorization.endpoint(
            choice: par ?? (client.securityProfile == .fapi2 ? true : nil), endpoints: endpoints)
        // A pushed request is checked by the push itself: a client, redirect URI or scope the provider refuses is its
        // JSON error, at once, before any browser.
        if preflight && pushTo == nil {
            try await checkRequest(
                ctx, client: client, endpoint: authorizationURL, redirectURI: redirectURI, scopes: scopes, endpoints: endpoints)
        }
        // RFC 9449 §10: the code is bound to the DPoP key too, so a stolen code is useless without it.
        let dpop = try client.dpopKey(for: endpoints)
        let request = try AuthorizationRequest(
            endpoint: authorizationURL, clientID: client.credentials.clientID, redirectURI: redirectURI, scopes: scopes,
            extra: self.parameters.fields + (try dpop.map { [("dpop_jkt", try $0.thumbprint())] } ?? []))
        stateBox.set(request.state)
        var browserURL = request.url
        if let pushTo {
            let requestURI = try await client.tokenClient(for: endpoints).push(
                request.parameters, endpoint: pushTo)
            browserURL = try PushedAuthorization.browserURL(
                endpoint: authorizationURL, clientID: client.credentials.clientID, requestURI: requestURI)
        }
        if stopAfterRedirect {
            try await rememberPending(request, endpoints: endpoints, client: client, dpop: try dpop?.stored())
        }

        ctx.prompt("Open this URL in a browser to sign in (waiting up to \(Int(wait)) s):")
        ctx.prompt(browserURL.absoluteString)
        if openBrowser && !(paste && ctx.browser.headlessReason != nil) {
            // Opening takes up to a second (a command that fails at once is told from a browser that opened), and a
            // browser that follows at once cannot finish before the callback is answered: the callback is waited for
            // meanwhile, on a thread of the opener's own, so a fast sign-in does not idle that second.
            let opening = ctx
            let url = browserURL
            DetachedThread.start { opening.openForPerson(url, printed: "the URL above") }
        }

        let parameters: [(String, String)]
        if let receiver, paste {
            PastedRedirect.prompt(port: receiver.port, ctx)
            parameters = try await PastedRedirect.race(receiver, expectedState: request.state, wait: wait, ctx)
        } else if let receiver {
            parameters = try await receiver.waitForCallback(timeout: wait)
        } else {
            ctx.prompt("After signing in, paste the full URL the browser landed on and press Enter:")
            guard let line = ctx.readLine(), !line.isEmpty else {
                throw UsageError.invalid("no redirect URL was pasted")
            }
            parameters = try AuthorizationCallback.parameters(fromURL: line)
        }
        // The browser's page waits for this: it says "Signed in" only once the tokens are stored.
        do {
            let code = try AuthorizationCallback.code(
                from: parameters, expectedState: request.state, issuer: endpoints.issuer,
                issuerParameterRequired: endpoints.issParameterSupported || client.securityProfile == .fapi2)
            if stopAfterRedirect {
                await finish(receiver, .awaitingExchange)
                return .awaitingExchange(PendingCode(code: code, state: request.state, redirectUri: redirectURI))
            }
            let result = try await client.signIn(endpoints: endpoints, scopes: scopes)
                .complete(
                    code: code, verifier: request.pkce.verifier, redirectURI: redirectURI, nonce: request.nonce,
                    maxAge: self.parameters.maxAge)
            await finish(receiver, .signedIn)
            return .signedIn(result)
        } catch {
            await finish(receiver, Self.ending(for: error))
            throw error
        }
    }

    /// Tells the waiting browser page how the sign-in ended, then stops listening once it has been sent.
    private func finish(_ receiver: LoopbackReceiver?, _ ending: LoopbackReceiver.Ending) async {
        guard let receiver else { return }
        receiver.finish(ending)
        await receiver.shutdown()
    }

    static func ending(for error: any Error) -> LoopbackReceiver.Ending {
        switch error {
        case OAuthError.authorizationDenied("access_denied", _), OAuthError.deniedWithoutIssuer("access_denied", _): .declined
        case OAuthError.tokenEndpoint(_, "invalid_grant", _): .expired
        default: .failed
        }
    }

    /// One GET of a request shaped like the real one: a refusal the provider states (a redirect URI or client it does not
    /// accept) stops here with its words and the likely fix, instead of a browser error page and a wait that cannot end
    /// well. A provider that cannot be reached stops too; an error page that says nothing readable is only a warning.
    private func checkRequest(
        _ ctx: CommandContext, client: SignInContext, endpoint: URL, redirectURI: String, scopes: [String],
        endpoints: ProviderEndpoints
    ) async throws {
        let clientID = client.credentials.clientID
        let response: HTTPResponse
        do {
            response = try await client.http.send(
                try AuthorizationPreflight.request(endpoint: endpoint, clientID: clientID, redirectURI: redirectURI, scopes: scopes))
        } catch let error as HTTPError {
            switch error {
            case .dns, .connect, .tls: throw error
            default:
                ctx.warn("could not check the authorization request first (\(error.message)); going on")
                return
            }
        }
        switch AuthorizationPreflight.classify(response) {
        case .proceed, .notHTML:
            return
        case let .refused(status, error, description, _):
            let hint = AuthorizationPreflight.hint(
                error: error, description: description, redirectURI: redirectURI, clientID: clientID,
                scopes: scopes, supportedScopes: endpoints.scopesSupported)
            throw OAuthError.authorizationRequestRefused(status: status, error: error, description: description, hint: hint)
        case let .refusedPage(status, subject, words):
            let hint = AuthorizationPreflight.hint(
                error: subject.errorCode, description: nil, redirectURI: redirectURI, clientID: clientID,
                scopes: scopes, supportedScopes: endpoints.scopesSupported)
            throw OAuthError.authorizationPageRefused(status: status, subject: subject.title, words: words, hint: hint)
        case let .notLoginPage(status, words):
            ctx.warn(
                "the provider answered the authorization request with HTTP \(status) and a page without a sign-in form: \"\(words)\"; "
                    + "if no login page appears, check the client id \(clientID) and the redirect URI \(redirectURI) registered with it")
        case let .unreadable(status, body, nil) where (400...499).contains(status) && status != 429:
            // A refusal with nothing to read (Glewlwyd answers an unknown client or redirect URI 403 with an empty body) is
            // still a refusal: no browser, no wait for a redirect that cannot come. A page with words may be a challenge
            // a browser passes (a WAF's), so it only warns.
            throw OAuthError.authorizationRequestUnexplained(status: status, answer: body, clientID: clientID, redirectURI: redirectURI)
        case let .unreadable(status, body, words):
            ctx.warn(
                "the provider answered the authorization request with HTTP \(status) (\(words.map { "\"\($0)\"" } ?? body)), so the sign-in "
                    + "may not complete; check the client id \(clientID) and the redirect URI \(redirectURI) registered with it")
        }
    }

    /// Keeps the verifier, state and nonce (0600, in the entry) until `exchange` completes the sign-in.
    private func rememberPending(
        _ request: AuthorizationRequest, endpoints: ProviderEndpoints, client: SignInContext, dpop: StoredDPoPKey?
    ) async throws {
        let maxAge = parameters.maxAge
        let key = client.key
        let channelName = client.channelName
        let now = client.context.clock.now()
        try await client.cache.update(key) { entry in
            var updated = entry ?? CacheEntry(key: key, channel: channelName, now: now)
            var oauth = updated.oauth
            oauth.pending = request.pending(createdAt: now)
            oauth.pending?.dpop = dpop
            oauth.pending?.maxAge = maxAge
            oauth.endpoints = endpoints.stored
            updated.oauth = oauth
            entry = updated
        }
    }
}
