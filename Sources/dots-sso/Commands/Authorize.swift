import ArgumentParser
import DotsSSOBasics
import DotsSSOCore
import DotsSSOPictures
import FoundationEssentials

/// `dots-sso authorize`: the partner's authorization-code flow, exactly as The Dots app runs it.
struct Authorize: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "authorize",
        abstract: "Sign in as a member and cache the tokens.",
        discussion: """
            Listens on http://127.0.0.1:<random port>/callback (RFC 8252), then opens the browser at the provider's \
            authorization URL, which is also printed alone on one line of stderr: --browser-command CMD (the URL is its \
            last argument), else $BROWSER, else xdg-open (Linux) or open (macOS); with no display (DISPLAY and \
            WAYLAND_DISPLAY unset) it does not try and says why. A browser that cannot be started is a warning: the \
            printed URL still works. The callback page says "Signed in" only once the tokens are stored. After the login the code \
            is exchanged, the id_token validated (signature, iss, aud, exp, nonce) and the tokens cached (0600). \
            The output shows the subject, scopes and expiry, never a token.

            Wherever you are: --flow loopback (above), --flow device (RFC 8628: the code and the provider's address \
            are shown, with a QR code on a terminal, to open on any device such as a phone; dots-sso polls until the \
            member approves: a refusal ends 77, an expired code or --timeout 75) or --flow paste (a remote shell: \
            listen as loopback does AND read the address the browser shows after signing in, pasted into the \
            terminal; whichever comes first completes the sign-in; the prompt prints the `ssh -L` line that forwards \
            the port instead). Without --flow: the channel's flow, else loopback when a browser can open, else device \
            when the provider offers it, else paste; the first line says which and why. --no-browser and \
            --no-exchange keep the loopback flow.

            Unattended CI: --save-refresh-token FILE writes the new refresh token (0600) for later runs' \
            --refresh-token-file FILE. --grant password --username NAME --password-file FILE signs in a partner's \
            *test member* where the provider allows the resource-owner password grant (a warning each time: RFC 9700 \
            forbids it for real members; a provider that refuses it ends 78 with its words).

            With a registered non-loopback --redirect-uri (e.g. The Dots' own URL), paste the URL the browser \
            landed on when asked.

            Before the browser opens, one GET of the authorization request (no cookies, no redirects followed) \
            checks that the provider accepts it: a provider that refuses the client id, the redirect URI or the \
            scopes with an OAuth error stops the run at once with its words and the likely fix (exit 78), instead of \
            a browser error page and a wait for a redirect that cannot come. --no-preflight skips the check. A \
            sign-in nobody completes within --timeout exits 75: try again.

            When the provider's metadata names a pushed_authorization_request_endpoint (RFC 9126), the request is \
            pushed there with the client's authentication and the browser gets only client_id and request_uri; \
            the push is then the check (a refusal is 78 with the provider's words). --par insists on pushing, \
            --no-par never pushes (78 when the provider requires it).

            The parameters a provider asks for go on the request (and in the push): --prompt, --login-hint, \
            --acr-values, --max-age (the id_token's auth_time must then be that recent, else 76), --resource \
            (RFC 8707) and --auth-param NAME=VALUE for any other, over the channel's "authParams" name by name.

            Examples:
              $ dots-sso authorize --channel acme
              $ dots-sso authorize --issuer https://sso.acme.example --client-id dots --no-browser
              $ dots-sso authorize --channel acme --no-exchange > pending.json
              $ dots-sso authorize --channel acme --flow device --save-refresh-token ci-refresh-token
              $ ssh build-box dots-sso authorize --channel acme --flow paste
              $ dots-sso authorize --channel acme --grant password --username test-member --password-file pw.txt
              $ dots-sso authorize --channel acme --prompt login --max-age 300 --resource https://api.acme.example/
            """
    )

    @OptionGroup var signIn: SignInOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Listen on this loopback port instead of a random one (for providers that need an exact redirect URI).", valueName: "port"))
    var port: Int?

    @Flag(name: .long, help: "Do not open a browser; only print the authorization URL.")
    var noBrowser = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Open the URL with this command (the URL is its last argument) instead of $BROWSER or xdg-open/open.",
            valueName: "command"))
    var browserCommand: String?

    @Flag(name: .long, help: "Do not check the authorization request with one GET before the browser opens.")
    var noPreflight = false

    @Flag(name: .long, inversion: .prefixedNo, help: "Push the authorization request (RFC 9126); default: whenever the provider offers it.")
    var par: Bool?

    @Flag(name: .long, help: "Stop after the redirect: print the code and state as JSON and keep the verifier for `dots-sso exchange`.")
    var noExchange = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "How to sign in: loopback (a browser here), device (a code to enter on any device), or paste "
                + "(a remote shell: paste the address the browser shows). Default: chosen by where this runs.", valueName: "flow"))
    var flow: SignInFlow?

    @OptionGroup var password: PasswordGrantOptions
    @OptionGroup var request: AuthorizationParameterOptions

    @Option(
        name: .long,
        help: ArgumentHelp("Also write the new refresh token to this file (0600), for --refresh-token-file in CI.", valueName: "file"))
    var saveRefreshToken: String?

    func validate() throws {
        if let port, !(1...65_535).contains(port) { throw ValidationError("--port must be between 1 and 65535") }
        if noBrowser && browserCommand != nil { throw ValidationError("--no-browser and --browser-command cannot be combined") }
        if password.grant == .password {
            if flow != nil { throw ValidationError("--grant password signs in without a browser: it takes no --flow") }
            if noExchange { throw ValidationError("--grant password has no code to hand over: it takes no --no-exchange") }
        }
        if flow == .device && noExchange {
            throw ValidationError("--no-exchange needs a redirect: the device flow has no code to hand over")
        }
        if saveRefreshToken == "-" { throw ValidationError("--save-refresh-token needs a file, not '-'") }
        if (password.grant == .password || flow == .device), !(try request.given()).isEmpty {
            throw ValidationError(
                "--prompt, --login-hint, --acr-values, --max-age, --resource and --auth-param go on the browser sign-in's authorization request; the \(flow == .device ? "device flow" : "password grant") has none"
            )
        }
        if saveRefreshToken != nil && noExchange {
            throw ValidationError("--save-refresh-token needs the tokens: finish with `dots-sso exchange` first")
        }
    }

    func run(_ context: CommandContext) async throws {
        let ctx = context.usingBrowserCommand(browserCommand)
        var useCase = AuthorizeUseCase(
            signIn: try signIn.settings(ctx), port: port, openBrowser: !noBrowser,
            stopAfterRedirect: noExchange, wait: signIn.network.timeout, preflight: !noPreflight)
        useCase.flow = flow
        useCase.par = par
        useCase.parameters = try request.parameters(channel: useCase.signIn.channel)
        useCase.password = password.credentials
        useCase.saveRefreshToken = saveRefreshToken
        useCase.devicePrompt = { device, ctx in DevicePrompt.show(device, ctx) }
        let console = Console(ctx)
        switch try await useCase.run(ctx) {
        case .awaitingExchange(let pending):
            try console.json(pending)
            console.hint("the code verifier is kept in the cache; finish with `dots-sso exchange --code=CODE --state=STATE`")
        case .signedIn(let result):
            try console.emit(result, json: signIn.global.json)
        }
    }
}

/// What a device sign-in shows the person: the address and the code, and the address with the code as a QR code
/// for a phone when a terminal is looking (drawn by zint; without it, the addresses alone).
enum DevicePrompt {
    static func show(_ device: DeviceAuthorization, _ ctx: CommandContext) {
        // The code, the address and the QR code are what the person acts on: shown under --quiet too.
        let lines = AuthorizeUseCase.deviceInstructions(device)
        lines.forEach(ctx.prompt)
        guard ctx.stderr.isTerminal, let complete = device.shownCompleteAddress else { return }
        switch TerminalQR.lines(complete) {
        case .success(let qr):
            ctx.prompt("or scan it with a phone:")
            qr.forEach(ctx.prompt)
        case .failure(let reason):
            ctx.note("(no QR code: \(reason.message))")
        }
    }
}
