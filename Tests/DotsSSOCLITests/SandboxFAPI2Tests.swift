import DotsSSOBasics
import DotsSSOCore
import DotsSSOSandbox
import Foundation
import TestSupport
import Testing

/// The sandbox playing a FAPI 2.0 provider (`sandbox --fapi2`, `demo --fapi2`): the profile end to end against the
/// embedded partner, and the provider's own side of the profile holding when a client does not keep it.
@Suite("the sandbox as a FAPI 2.0 provider")
struct SandboxFAPI2Tests {
    let cli = DotsSSOCLI()

    /// A FAPI 2.0 sandbox that signs jane in at once, and the channel file it writes (with the client key beside it).
    func fapiSandbox() async throws -> (sandbox: SandboxPartner, channel: String) {
        var settings = SandboxPartner.Settings.jane
        settings.fapi2 = true
        let sandbox = try await SandboxPartner.start(settings: settings)
        let channel = cli.home.path("sandbox-fapi.json")
        try sandbox.writeChannel(to: channel)
        return (sandbox, channel)
    }

    /// `authorize` with `arguments` at `sandbox`, following its redirect as a browser would.
    func signIn(_ sandbox: SandboxPartner, _ arguments: [String]) async throws -> ProcessResult {
        try await cli.signInApprovedAtOnce(
            ["authorize", "--no-browser", "--timeout", "20"] + arguments,
            urlPattern: "^(http://127\\.0\\.0\\.1:\(sandbox.port)/authorize\\?\\S+)$")
    }

    @Test("demo --fapi2: every stage holds with the channel held to the profile; the device stage is skipped as not FAPI 2.0")
    func demo() async throws {
        let result = try await cli.run(["demo", "--fapi2", "--json"], timeout: 120)
        #expect(result.status == 0, "\(result.allOutput)")
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let stages = (document?["stages"] as? [[String: Any]]) ?? []
        #expect(stages.count == 14 && stages.allSatisfy { $0["passed"] as? Bool == true }, "\(result.stdout)")
        let authorize = stages.first { $0["name"] as? String == "authorize" }?["detail"] as? String ?? ""
        #expect(authorize.contains("under FAPI 2.0") && authorize.contains("DPoP-bound tokens"), "\(authorize)")
        let device = stages.first { $0["name"] as? String == "device" }?["detail"] as? String ?? ""
        #expect(device.contains("not part of FAPI 2.0"), "\(device)")
    }

    @Test(
        "sandbox --fapi2 writes a channel held to the profile with its client key (0600); the sign-in pushes, binds and asserts to the issuer"
    )
    func channelSignsIn() async throws {
        let (sandbox, channel) = try await fapiSandbox()
        defer { sandbox.stop() }
        let written = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: channel))) as? [String: Any]
        #expect(written?["securityProfile"] as? String == "fapi2" && written?["clientKeyFile"] as? String == "sandbox-fapi-client-key.pem")
        let keyFile = cli.home.path("sandbox-fapi-client-key.pem")
        let mode = (try FileManager.default.attributesOfItem(atPath: keyFile)[.posixPermissions] as? NSNumber)?.intValue
        #expect(mode == 0o600, "the client key is the client's credential")

        let result = try await signIn(sandbox, ["--channel", channel])
        #expect(result.status == 0, "\(result.allOutput)")
        let requests = await sandbox.requests()
        let token = requests.first { $0.path == "/token" }
        #expect(requests.contains { $0.path == "/par" } && token?.form["client_assertion"] != nil, "pushed, and authenticated by assertion")
        let assertion = try JWT(token?.form["client_assertion"] ?? "")
        #expect(assertion.claims["aud"] == .string(sandbox.issuer), "the assertion's one audience is the issuer")
        let shown = try await cli.run(["token", "print", "--json", "--channel", channel])
        #expect(shown.stdout.contains("\"tokenType\" : \"DPoP\"") || shown.stdout.contains("\"tokenType\":\"DPoP\""), "\(shown.stdout)")

        // The profile's provider rules hold for the sandbox; the everyday sandbox breaks them, and discover says which.
        let judged = try await cli.run(["discover", "--json", "--channel", channel])
        #expect(judged.status == 0 && !judged.stdout.contains("discover.fapi2."), "\(judged.stdout)")
        let everyday = try await SandboxPartner.start(settings: .jane)
        defer { everyday.stop() }
        let plain = try await cli.run(["discover", "--json", "--issuer", everyday.issuer, "--security-profile", "fapi2"])
        #expect(plain.status == 1 && plain.stdout.contains("discover.fapi2.par-missing"), "\(plain.stdout)")
    }

    @Test(
        "the FAPI 2.0 sandbox holds its side: a client that skips the profile and sends no DPoP proof, or names the endpoint as its assertion's audience, is refused"
    )
    func providerRefusesWeakerClients() async throws {
        let (sandbox, _) = try await fapiSandbox()
        defer { sandbox.stop() }
        let client = [
            "--scope", "openid", "--issuer", sandbox.issuer, "--client-id", SandboxClient.app.id, "--client-key-file",
            cli.home.path("sandbox-fapi-client-key.pem"),
        ]
        let bearer = try await signIn(sandbox, client + ["--client-assertion-audience", "issuer"])
        #expect(bearer.status != 0 && bearer.stderr.contains("FAPI 2.0: tokens are sender-constrained"), "\(bearer.allOutput)")
        let endpointAudience = try await cli.run(
            ["authorize", "--no-browser", "--timeout", "20", "--dpop", "--client-assertion-audience", "endpoint"] + client)
        #expect(endpointAudience.status == 78 && endpointAudience.stderr.contains("invalid_client"), "\(endpointAudience.allOutput)")
        let held = try await signIn(sandbox, client + ["--security-profile", "fapi2"])
        #expect(held.status == 0, "the same client held to the profile signs in: \(held.allOutput)")
    }
}
