import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// The demo's stages, each one core use case (or two) against the running sandbox, judged the way the
/// matching command judges it. A stage's diagnostics are captured, not printed: a failed stage shows its error.
struct DemoRun: Sendable {
    let partner: SandboxPartner
    /// The channel file the demo wrote, as `--channel` reads it (its `passes.trust` names the sandbox root).
    let channel: Channel
    let workspace: DemoWorkspace
    let context: CommandContext
    /// Sign in on the sandbox's login page in the person's browser (`demo --interactive`) instead of auto-approval.
    var interactive = false
    /// Who signed in at the authorize stage; the later stages act for them.
    let signedIn = OnceBox<SandboxUser>()

    /// The context the use cases run in: the demo's own cache, the sandbox "browser" (the person's own when
    /// interactive), diagnostics kept aside.
    var stageContext: CommandContext {
        var ctx = context
        ctx.stderr = BufferedOutput()
        ctx.cacheDirectory = workspace.url("cache")
        if !interactive {
            ctx.browser = SandboxBrowser(http: ctx.makeHTTPClient(HTTPClientOptions(timeout: 10)))
        }
        return ctx
    }

    var http: HTTPSettings { HTTPSettings(timeout: 10) }
    var signIn: SignInSettings { SignInSettings(channel: channel, http: http, cacheDirectory: workspace.path("cache")) }
    var member: MemberSettings { MemberSettings(signIn: signIn) }
    var magicLinks: MagicLinkSettings { MagicLinkSettings(channel: channel) }
    var demoMember: SandboxUser {
        signedIn.value ?? partner.settings.user(named: partner.settings.autoApprove ?? "jane") ?? SandboxUser.builtIn[0]
    }

    struct Failure: Error {
        let message: String
    }

    func stage(_ name: DemoStage.Name) async -> DemoStage {
        let started = Stopwatch()
        let ctx = stageContext
        var passed = false
        var detail: String
        do {
            detail = try await run(name, ctx)
            passed = true
        } catch let failure as Failure {
            detail = failure.message
        } catch let error as UserFacingError {
            detail = error.message
        } catch {
            detail = "\(error)"
        }
        return DemoStage(name: name, passed: passed, detail: detail, milliseconds: started.milliseconds)
    }

    /// Runs one stage and returns its detail line; throws when the stage does not hold.
    func run(_ name: DemoStage.Name, _ ctx: CommandContext) async throws -> String {
        switch name {
        case .discover:
            let result = try await DiscoverUseCase(channel: channel, http: http).run(ctx)
            try expectNoErrors(result.findings, "the provider metadata")
            let profile = channel.securityProfile == .fapi2 ? ", the FAPI 2.0 provider rules" : ""
            return "\(result.metadata.endpoints.count) endpoints, PKCE S256, code flow\(profile); \(summary(result.findings))"
        case .authorize:
            var signInContext = ctx
            if interactive {
                // The person needs the URL and the hint as they happen, not in the stage's kept-aside diagnostics.
                signInContext.stderr = context.stderr
                context.note("demo: sign in on the sandbox's login page as jane with the password demo (sam, alex, lee and ops too)")
            }
            let outcome = try await AuthorizeUseCase(signIn: signIn, wait: interactive ? 300 : 30).run(signInContext)
            guard case .signedIn(let result) = outcome else { throw Failure(message: "the sign-in stopped before the token exchange") }
            guard result.idTokenValidated, result.hasRefreshToken else {
                throw Failure(message: "no validated id_token or no refresh token")
            }
            if let member = partner.settings.users.first(where: { $0.subject == result.subject }) { _ = signedIn.set(member) }
            let how = interactive ? "on the login page" : "(auto-approved)"
            if partner.settings.fapi2 {
                return "\(demoMember.username) signed in \(how) under FAPI 2.0: pushed request, PKCE S256, iss checked, "
                    + "private_key_jwt to the issuer, DPoP-bound tokens, ES256 id_token validated"
            }
            return "\(demoMember.username) signed in \(how) with PKCE S256; id_token validated, refresh token cached"
        case .device where partner.settings.fapi2:
            // FAPI 2.0 signs members in by the authorization code flow with PAR only: the profile refuses the device grant.
            return "not part of FAPI 2.0: the profile signs members in with the code flow and PAR only (skipped)"
        case .device:
            // The headless sign-in (RFC 8628) into an account of its own, so the later stages keep the browser sign-in.
            // Its tokens are bound to a key made for it (DPoP, RFC 9449), as a stricter provider asks.
            var settings = signIn
            settings.account = "device"
            settings.dpop = true
            var useCase = AuthorizeUseCase(signIn: settings, wait: interactive ? 300 : 30)
            useCase.flow = .device
            let shown = OnceBox<String>()
            let person = context
            let interactive = self.interactive
            useCase.devicePrompt = { device, stageContext in
                _ = shown.set(device.userCode)
                guard interactive else { return }
                AuthorizeUseCase.deviceInstructions(device).forEach(person.note)
                person.openForPerson(URL(string: device.verificationURIComplete ?? device.verificationURI)!, printed: "the address above")
            }
            if interactive { context.note("demo: now approve a device sign-in on the sandbox's /device page (as jane, password demo)") }
            guard case .signedIn(let result) = try await useCase.run(ctx) else {
                throw Failure(message: "the device sign-in did not finish")
            }
            guard result.idTokenValidated, result.hasRefreshToken else {
                throw Failure(message: "no validated id_token or no refresh token")
            }
            let bound = try TokenShowUseCase(channel: channel, cacheDirectory: settings.cacheDirectory, account: settings.account).run(ctx)
            guard bound.dpopKey != nil else { throw Failure(message: "the device sign-in's tokens are not bound to its DPoP key") }
            let how = interactive ? "approved on /device" : "auto-approved"
            return "code \(shown.value ?? "?") \(how) (RFC 8628, PKCE S256); id_token validated, tokens DPoP-bound (RFC 9449)"
        case .profile:
            let report = try await ProfileUseCase(member: member).run(ctx)
            try expectNoErrors(report.findings, "the profile")
            return "id \(report.dots.id ?? "?"), \(report.dots.flags.count) flags; \(summary(report.findings))"
        case .flags:
            let result = try await FlagsCheckUseCase(member: member).run(ctx)
            guard result.passed else {
                throw Failure(message: result.problem?.message ?? "canAccessApp is not true: the app would log this member out")
            }
            return "canAccessApp is true: the app keeps \(demoMember.username) signed in"
        case .containers:
            let shown = try await ContainersShowUseCase(member: member).run(ctx)
            try expectNoErrors(shown.findings, "the containers")
            let probes = try await ContainersProbeUseCase(member: member).run(ctx)
            let line = probes.map { "\($0.name) \($0.status.map(String.init) ?? "-")" }.joined(separator: ", ")
            guard probes.allSatisfy(\.passed) else { throw Failure(message: "a container refused the member: \(line)") }
            return "\(line); \(summary(shown.findings))"
        case .passes:
            let output = workspace.path("passes")
            let result = try await PassesFetchUseCase(member: member, output: output).run(ctx)
            guard !result.passes.isEmpty else { throw Failure(message: "the passes endpoint listed no passes") }
            try expectNoErrors(result.passes.flatMap(\.findings), "the passes")
            return "\(result.passes.count) passes downloaded and verified (signature, chain to the sandbox root, manifest)"
        case .bodymovin:
            let source = try channel.require(\.loadingAnimation, "loading animation", flag: "--channel", key: "loadingAnimation")
            guard let url = URL(string: source) else { throw Failure(message: "the loading animation URL is not a URL") }
            let response = try await http.client(in: ctx).send(HTTPRequest(.get, url))
            guard response.isSuccess else { throw Failure(message: "the loading animation answered HTTP \(response.status)") }
            let file = workspace.path("loading.json")
            try response.body.write(to: URL(fileURLWithPath: file))
            let outcome = try await BodymovinValidateUseCase(files: [file]).run(ctx)
            if let unreadable = outcome.unreadable.entries.first { throw Failure(message: unreadable.reason) }
            try expectNoErrors(outcome.files.flatMap(\.findings), "the loading animation")
            return "the loading animation plays in lottie-ios; \(summary(outcome.files.flatMap(\.findings)))"
        case .magicLink:
            let email = demoMember.email ?? ""
            let requested = try await MagicLinkRequestUseCase(server: magicLinks, http: http, email: email).run(ctx)
            guard requested == .accepted else { throw Failure(message: "the sign-in e-mail was not accepted") }
            let link = try await lastLink(to: email)
            let redeemed = try await MagicLinkRedeemUseCase(
                server: magicLinks, http: http, cacheDirectory: workspace.path("cache"), link: link
            ).run(ctx)
            guard redeemed.authenticated == true, !redeemed.consentRequired else {
                throw Failure(message: "the link did not sign the member in")
            }
            return "link e-mailed to \(email) (outbox), redeemed once for a session (cached, never printed)"
        case .applinks:
            let link = try await lastLink(to: demoMember.email ?? "")
            let report = try await ApplinksCheckUseCase(origin: partner.issuer, paths: [link], http: http).run(ctx)
            try expectNoErrors(report.findings, "the app-link files")
            guard report.paths.allSatisfy(\.opensApp) else { throw Failure(message: "the e-mailed link would not open the app") }
            return "AASA and assetlinks.json open the e-mailed link in the app; \(summary(report.findings))"
        case .openweb:
            let codeA = try await partner.openWebCodeA()
            let member = demoMember
            let result = try await OpenWebRegisterUseCase(
                codeA: codeA, primaryKey: member.ssoID, userName: member.username, accessToken: partner.settings.openWebAccessToken,
                baseURL: partner.issuer + SandboxPartner.openWebPath, email: member.email, emailVerified: member.email != nil, http: http
            ).run(ctx)
            guard !result.codeB.isEmpty else { throw Failure(message: "no codeB came back") }
            return "codeA from the SDK exchanged for a codeB (register-user, access token redacted); primary key \(member.ssoID)"
        case .echo:
            let provider = partner.issuer + SandboxPartner.echoProviderPath
            let key = partner.settings.echoConsumerKey
            let allowed = ["\(partner.host):\(partner.port)"]
            let verified = try await EchoVerifyUseCase(
                provider: provider, authorization: partner.echoAuthorization(for: demoMember),
                consumerKey: key, allowedHosts: allowed, http: http
            ).run(ctx)
            let lookAlike = provider.replacing(partner.host, with: partner.host + ".attacker.example")
            do {
                _ = try await EchoVerifyUseCase(
                    provider: lookAlike, authorization: partner.echoAuthorization(for: demoMember),
                    consumerKey: key, allowedHosts: allowed, http: http
                ).run(ctx)
                throw Failure(message: "a look-alike provider host was called")
            } catch is EchoError {}
            return "Digits id \(verified.id) verified by the Echo provider (HMAC-SHA1 header); a look-alike provider host refused unsent"
        case .members:
            let api = ChannelsAPISettings(channel: channel, apiKeyVariable: nil)
            var keyed = ctx
            keyed.environment.variables[SandboxPartner.channelKeyVariable] = partner.settings.channelKey
            let result = try await MemberRevocationUseCase(action: .logOut, ssoIDs: [demoMember.ssoID], api: api, http: http).run(keyed)
            guard let outcome = result.outcomes.first, outcome.succeeded else {
                throw Failure(message: result.outcomes.first?.error ?? "the Channels API call failed")
            }
            do {
                _ = try await ProfileUseCase(member: member).run(ctx)
                throw Failure(message: "the member's token still works after log-out")
            } catch let error as UserFacingError where error.exitStatus == .notAuthorized {}
            return
                "members.log-out-by-sso-id \(outcome.status ?? "done") (request \(outcome.requestId ?? "-")); the member's token is refused now"
        case .revoke:
            let result = try await RevokeUseCase(signIn: signIn).run(ctx)
            guard result.removed, !result.revoked.isEmpty, result.revocationProblem == nil else {
                throw Failure(message: result.revocationProblem ?? "nothing was revoked")
            }
            return "revoked \(result.revoked.joined(separator: " and ")) at the provider (RFC 7009); cached sign-in removed"
        }
    }

    func lastLink(to email: String) async throws -> String {
        guard let link = await partner.emails().last(where: { $0.to == email })?.link else {
            throw Failure(message: "no sign-in e-mail reached \(email)")
        }
        return link
    }

    func expectNoErrors(_ findings: [Finding], _ what: String) throws {
        if let error = findings.first(where: { $0.severity == .error }) {
            throw Failure(message: "\(what): \(error.code): \(error.message)")
        }
    }

    func summary(_ findings: [Finding]) -> String {
        let warnings = findings.filter { $0.severity == .warning }
        guard !warnings.isEmpty else { return "no problems" }
        let codes = Set(warnings.map(\.code)).sorted().joined(separator: ", ")
        return "\(warnings.count) warning\(warnings.count == 1 ? "" : "s") (\(codes))"
    }
}
