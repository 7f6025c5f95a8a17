import DotsSSOBasics
import FoundationEssentials

/// `authorize --flow device`: the device authorization grant (RFC 8628) for a machine with no browser. The person
/// opens the verification address on any device (a phone scanning the QR code) and enters the code; meanwhile we
/// poll the token endpoint at the provider's interval, slower after `slow_down`, and validate and cache the tokens
/// exactly as the loopback flow does.
struct DeviceSignIn: Sendable {
    let client: SignInContext
    let endpoints: ProviderEndpoints
    let scopes: [String]
    /// `--timeout`: how long to wait for the approval.
    let wait: TimeInterval
    /// Shows the code and the address (and, on a terminal, the QR code) to the person.
    let show: @Sendable (DeviceAuthorization) -> Void

    func run() async throws -> SignIn.Result {
        let ctx = client.context
        guard let deviceEndpoint = endpoints.deviceAuthorization else {
            throw OAuthError.flowUnavailable(
                flow: "device",
                reason: "the provider publishes no device_authorization_endpoint "
                    + "(pass \(CLIFlag.deviceAuthorizationEndpoint) URL if it has one, or use \(CLIFlag.flow) paste)")
        }
        let deviceURL = try URLPolicy.validate(deviceEndpoint)
        let tokenURL = try endpoints.require(\.token, "token", flag: "\(CLIFlag.tokenEndpoint)")
        // RFC 8628 allows PKCE; send it only where the provider says it takes S256, as a stricter provider may refuse unknown parameters.
        let pkce = endpoints.codeChallengeMethods?.contains("S256") == true ? try PKCE() : nil
        let nonce = scopes.contains("openid") ? try SecureRandom.base64URLString(byteCount: 32) : nil
        let tokens = try client.tokenClient(for: endpoints)
        let device = try await tokens.startDeviceAuthorization(
            endpoint: deviceURL, scopes: scopes, challenge: pkce?.challenge, nonce: nonce)
        show(device)

        let clock = ctx.clock
        let started = clock.now()
        let expiry = started.addingTimeInterval(device.expiresIn)
        let deadline = started.addingTimeInterval(wait)
        let end = min(expiry, deadline)
        let countdown = Countdown(ctx)
        defer { countdown.clear() }
        var interval = device.interval
        while true {
            try await pause(interval, until: end, clock: clock, countdown: countdown)
            do {
                let response = try await tokens.pollDevice(deviceCode: device.deviceCode, verifier: pkce?.verifier, endpoint: tokenURL)
                return try await client.signIn(endpoints: endpoints, scopes: scopes).store(response, nonce: nonce, nonceRequired: false)
            } catch OAuthError.tokenEndpoint(_, "authorization_pending", _) {
                // Still waiting for the person.
            } catch OAuthError.tokenEndpoint(_, "slow_down", _) {
                // RFC 8628 §3.5: this and every later poll waits 5 s more.
                interval = min(interval + 5, DeviceAuthorization.maxInterval)
            } catch OAuthError.tokenEndpoint(_, "access_denied", let description) {
                throw OAuthError.deviceDenied(description: description)
            } catch OAuthError.tokenEndpoint(_, "expired_token", _) {
                throw OAuthError.deviceCodeExpired(seconds: device.expiresIn)
            }
            if clock.now() >= end {
                if expiry <= deadline { throw OAuthError.deviceCodeExpired(seconds: device.expiresIn) }
                throw OAuthError.deviceTimeout(seconds: wait, userCode: device.shownCode, verificationURI: device.shownAddress)
            }
        }
    }

    /// Waits `interval` seconds (less when `end` comes first), in steps of a second so the countdown moves.
    private func pause(_ interval: TimeInterval, until end: Date, clock: WallClock, countdown: Countdown) async throws {
        var waited: TimeInterval = 0
        while waited < interval {
            let left = end.timeIntervalSince(clock.now())
            guard left > 0 else { return }
            countdown.show(secondsLeft: left)
            let step = min(1, interval - waited, left)
            try await clock.sleep(step)
            waited += step
        }
    }
}

/// The "waiting for approval: 4:59 left" line, rewritten in place on a terminal; nothing otherwise (a CI log
/// would get a line a second).
struct Countdown: Sendable {
    let output: any TextOutput
    let enabled: Bool

    init(_ ctx: CommandContext) {
        output = ctx.stderr
        enabled = ctx.stderr.isTerminal
    }

    func show(secondsLeft: TimeInterval) {
        guard enabled else { return }
        let whole = Int(clamping: secondsLeft, to: 0...86_400, rounding: .up)
        output.write("\r\u{1B}[Kwaiting for approval: \(whole / 60):\(PlainNumber.zeroPadded(whole % 60, width: 2)) left")
    }

    func clear() {
        guard enabled else { return }
        output.write("\r\u{1B}[K")
    }
}
