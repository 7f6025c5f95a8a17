import ArgumentParser
import DotsSSOCore
import Foundation

/// `dots-sso authorize`: the partner's authorization-code flow, exactly as The Dots app runs it.
struct Authorize: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "authorize",
        abstract: "Sign in with the partner's authorization-code flow (PKCE S256, loopback redirect) and cache the tokens.",
        discussion: """
        Listens on http://127.0.0.1:<random port>/callback (RFC 8252), then opens the system browser at the \
        provider's authorization URL, which is also printed alone on one line of stderr. After the login the code \
        is exchanged, the id_token validated (signature, iss, aud, exp, nonce) and the tokens cached (0600). \
        The output shows the subject, scopes and expiry, never a token.

        With a registered non-loopback --redirect-uri (e.g. The Dots' own URL), paste the URL the browser \
        landed on when asked.

        Examples:
          $ dots-sso authorize --channel acme
          $ dots-sso authorize --issuer https://sso.acme.example --client-id dots --no-browser
          $ dots-sso authorize --channel acme --no-exchange > pending.json
        """
    )

    @OptionGroup var signIn: SignInOptions

    @Option(name: .long, help: ArgumentHelp("Listen on this loopback port instead of a random one (for providers that need an exact redirect URI).", valueName: "port"))
    var port: Int?

    @Flag(name: .long, help: "Do not open a browser; only print the authorization URL.")
    var noBrowser = false

    @Flag(name: .long, help: "Stop after the redirect: print the code and state as JSON and keep the verifier for `dots-sso exchange`.")
    var noExchange = false

    static let defaultWait: TimeInterval = 300

    func validate() throws {
        if let port, !(1...65_535).contains(port) { throw ValidationError("--port must be between 1 and 65535") }
    }

    func run() async throws {
        let context = try signIn.context()
        let console = context.console
        let endpoints = try await context.endpoints()
        let authorizationURL = try endpoints.require(\.authorization, "authorization", flag: "--authorization-endpoint")
        let scopes = context.channel.scopes ?? (endpoints.jwks != nil ? ["openid"] : [])
        let wait = signIn.network.timeout ?? Self.defaultWait
        let redirect = try RedirectMode(flag: context.channel.redirectUri, port: port)

        var receiver: LoopbackReceiver?
        let redirectURI: String
        // Set once, before the browser can possibly call back.
        let stateBox = OnceBox<String>()
        switch redirect {
        case .loopback(let fixedPort):
            let issuer = endpoints.issuer
            let required = endpoints.issParameterSupported
            let listener = try await LoopbackReceiver.start(port: fixedPort ?? 0) { parameters in
                guard let state = stateBox.value else { return false }
                return (try? AuthorizationCallback.code(from: parameters, expectedState: state, issuer: issuer, issuerParameterRequired: required)) != nil
            }
            receiver = listener
            redirectURI = listener.redirectURI
        case .registered(let uri):
            redirectURI = uri
        }
        defer { receiver?.stop() }

        let request = try AuthorizationRequest(endpoint: authorizationURL, clientID: context.key.clientId, redirectURI: redirectURI, scopes: scopes)
        stateBox.set(request.state)
        if noExchange {
            try await context.cache.withLock(context.key) {
                var entry = (try? context.cache.read(context.key).entry) ?? CacheEntry(key: context.key, channel: context.channelName)
                entry.pending = request.pending
                entry.endpoints = endpoints.stored
                try context.cache.write(entry)
            }
        }

        console.err("Open this URL in a browser to sign in (waiting up to \(Int(wait)) s):")
        console.err(request.url.absoluteString)
        if !noBrowser && !SystemBrowser.open(request.url) {
            console.warn("could not open a browser; open the URL above by hand")
        }

        let parameters: [(String, String)]
        if let receiver {
            parameters = try await receiver.waitForCallback(timeout: wait)
        } else {
            console.err("After signing in, paste the full URL the browser landed on and press Enter:")
            guard let line = readLine(strippingNewline: true), !line.isEmpty else {
                throw UsageError.invalid("no redirect URL was pasted")
            }
            parameters = try AuthorizationCallback.parameters(fromURL: line)
        }
        let code = try AuthorizationCallback.code(from: parameters, expectedState: request.state, issuer: endpoints.issuer,
                                                  issuerParameterRequired: endpoints.issParameterSupported)
        if noExchange {
            try console.json(["code": code, "state": request.state, "redirectUri": redirectURI])
            console.err("the code verifier is kept in the cache; finish with `dots-sso exchange --code=CODE --state=STATE`")
            return
        }
        let completion = SignIn(http: context.http, endpoints: endpoints, credentials: context.credentials, cache: context.cache,
                            key: context.key, channelName: context.channelName, scopes: scopes)
        let result = try await completion.complete(code: code, verifier: request.pkce.verifier, redirectURI: redirectURI, nonce: request.nonce)
        try SignInOutput.render(result, json: signIn.global.json, console: console)
    }
}

/// Where the browser is sent back to: our loopback listener, or a registered URI whose landing URL is pasted.
enum RedirectMode {
    case loopback(port: Int?)
    case registered(String)

    init(flag: String?, port: Int?) throws {
        guard let flag else {
            self = .loopback(port: port)
            return
        }
        guard let url = URL(string: flag), let scheme = url.scheme?.lowercased() else {
            throw UsageError.invalid("--redirect-uri '\(flag)' is not a URI")
        }
        if scheme == "http", let host = url.host, URLPolicy.isLoopback(host: host) {
            guard url.path == "/callback" else {
                throw UsageError.invalid("a loopback --redirect-uri must use the path /callback (got \(url.path.isEmpty ? "/" : url.path))")
            }
            self = .loopback(port: url.port ?? port)
            return
        }
        if scheme == "http" {
            throw UsageError.invalid("--redirect-uri must be https, a loopback http URI or an app scheme; plain http to \(url.host ?? "a remote host") is refused")
        }
        self = .registered(flag)
    }
}

/// Renders a completed sign-in: subject, scopes, expiry and where it is cached; never a token.
enum SignInOutput {
    static func render(_ result: SignIn.Result, json: Bool, console: Console) throws {
        if json {
            try console.json(result)
            return
        }
        var rows: [[String]] = [["subject", result.subject ?? "(no id_token)"]]
        rows.append(["scopes", result.scope ?? "-"])
        rows.append(["expires", result.expiresAt.map { ISOTimestamp.string($0) } ?? "not given"])
        rows.append(["refresh token", result.hasRefreshToken ? "yes" : "no"])
        rows.append(["id_token", result.idTokenValidated ? "validated" : "none"])
        rows.append(["cached in", result.cacheFile])
        console.out(Table.render(rows))
    }
}
