import DotsSSOBasics
import DotsSSOCore
import DotsSSOSandbox
import Foundation
import TestSupport
import Testing

/// The parameters providers ask for on the authorization request, as the sandbox receives them: the flags, the
/// channel's `authParams` under them, the pushed request carrying them too, and what cannot be sent refused before
/// any browser opens.
@Suite("authorization parameters: prompt, login_hint, acr_values, max_age, resource, --auth-param", .serialized)
struct AuthorizationParametersCLITests {
    /// `authorize` against `sandbox` with `extra`, the browser step done as a person's browser would; the query (or
    /// pushed form) the sandbox received.
    static func signIn(_ sandbox: SandboxPartner, _ cli: DotsSSOCLI, channel: String, _ extra: [String]) async throws -> (
        ProcessResult, [String: String]
    ) {
        let process = try cli.start(["authorize", "--no-browser", "--channel", channel, "--timeout", "20"] + extra)
        let url = try await process.waitFor(
            "^(\(NSRegularExpression.escapedPattern(for: sandbox.issuer))/authorize\\?\\S+)$", inErrors: true)
        let callback = try await Browser.redirectTarget(of: url)
        _ = try? await Browser.get(callback)
        let result = await process.finish()
        let requests = await sandbox.requests()
        let pushed = requests.last { $0.path == "/par" }?.form
        let query = requests.last { $0.path == "/authorize" }?.query ?? [:]
        return (result, pushed ?? query)
    }

    @Test("the flags and the channel's authParams reach the provider, flags winning name by name; max_age's auth_time checked")
    func sent() async throws {
        var settings = SandboxPartner.Settings()
        settings.autoApprove = "jane"
        let sandbox = try await SandboxPartner.start(settings: settings)
        defer { sandbox.stop() }
        let cli = DotsSSOCLI()
        var channel = sandbox.channel
        channel.authParams = [
            "prompt": "select_account", "ui_locales": "fr", "resource": "https://api.partner.example/ https://events.partner.example/",
        ]
        let file = cli.home.path("sandbox.json")
        try ChannelStore.write(channel, toFile: file)

        let (fromChannel, channelQuery) = try await Self.signIn(sandbox, cli, channel: file, [])
        #expect(fromChannel.status == 0, "\(fromChannel.allOutput)")
        #expect(channelQuery["prompt"] == "select_account" && channelQuery["ui_locales"] == "fr", "\(channelQuery)")
        #expect(channelQuery["resource"] != nil, "\(channelQuery)")

        let (flagged, query) = try await Self.signIn(
            sandbox, cli, channel: file,
            // (prompt=login would show the sandbox's login page: consent passes its auto-approval.)
            [
                "--prompt", "consent", "--login-hint", "jane.doe@example.com", "--acr-values", "urn:dots:loa:2", "--max-age", "300",
                "--auth-param", "ui_locales=de",
            ])
        #expect(flagged.status == 0, "\(flagged.allOutput)")
        #expect(query["prompt"] == "consent" && query["login_hint"] == "jane.doe@example.com" && query["acr_values"] == "urn:dots:loa:2")
        #expect(query["max_age"] == "300" && query["ui_locales"] == "de", "the flag replaces the channel's value: \(query)")
        #expect(query["state"] != nil && query["code_challenge_method"] == "S256", "the protocol's own parameters stay: \(query)")

        // Pushed (RFC 9126): the same parameters in the authenticated push, none in the browser's address.
        var pushing = SandboxPartner.Settings()
        pushing.autoApprove = "jane"
        pushing.pushedAuthorization = .required
        let par = try await SandboxPartner.start(settings: pushing)
        defer { par.stop() }
        let parFile = cli.home.path("par.json")
        try ChannelStore.write(par.channel, toFile: parFile)
        let (pushedRun, form) = try await Self.signIn(
            par, cli, channel: parFile, ["--prompt", "consent", "--resource", "https://api.partner.example/"])
        #expect(pushedRun.status == 0, "\(pushedRun.allOutput)")
        #expect(form["prompt"] == "consent" && form["resource"] == "https://api.partner.example/", "\(form)")
    }

    @Test(
        "what cannot be sent is refused before any browser: a protocol parameter, a bad max_age or resource, prompt none with another (64); a bad channel is a check error"
    )
    func refused() async throws {
        let cli = DotsSSOCLI()
        let base = ["authorize", "--issuer", "https://sso.example", "--client-id", "c", "--no-browser"]
        for (flags, words) in [
            (["--auth-param", "state=mine"], "state is set by dots-sso"),
            (["--auth-param", "scope=admin"], "use --scope"),
            (["--auth-param", "novalue"], "NAME=VALUE"),
            (["--max-age", "soon"], "max_age is a whole number"),
            (["--resource", "https://api.example/#x"], "without a fragment"),
            (["--resource", "api"], "absolute URI"),
            (["--prompt", "none login"], "prompt none cannot be combined"),
        ] {
            let run = try await cli.run(base + flags)
            #expect(run.status == 64 && run.stderr.contains(words), "\(flags): \(run.allOutput)")
        }
        let device = try await cli.run(base + ["--flow", "device", "--prompt", "login"])
        #expect(device.status == 64 && device.stderr.contains("device flow has none"), "\(device.allOutput)")

        var channel = Channel(name: "odd")
        channel.issuer = "https://sso.example"
        channel.clientId = "c"
        channel.authParams = ["nonce": "fixed"]
        let findings = ChannelLint.findings(for: channel)
        #expect(
            findings.contains { $0.code == "channel.auth-params.invalid" && $0.message.contains("nonce is set by dots-sso") }, "\(findings)"
        )
    }
}
