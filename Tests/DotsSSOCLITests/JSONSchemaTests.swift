import DotsSSOBasics
import DotsSSOCore
import DotsSSOSandbox
import Foundation
import TestSupport
import Testing

/// The `--json` contract: every command's real output, from the built binary against the sandbox, validates against
/// its schema in docs/schemas (draft 2020-12) with jsonschema from PyPI — the same names (`findings`, `summary`
/// {errors, warnings, info}, `location` {file, path}) and JSON types everywhere.
@Suite("--json output against docs/schemas", .serialized)
struct JSONSchemaTests {
    @Test("every command's --json validates against its schema, findings and problems included")
    func outputsMatchSchemas() async throws {
        guard let python = TestPaths.venvPython else {
            print("NOTICE: .venv is missing (run Scripts/test); skipping the JSON Schema check")
            return
        }
        let signed = try await CheckTests.start()
        defer { signed.sandbox.stop() }
        let cli = DotsSSOCLI()
        let channel = cli.home.path("sandbox.json")
        try signed.sandbox.writeChannel(to: channel)
        let base = ["--channel", channel, "--cache-dir", signed.cache.url.path]
        let provider = signed.sandbox.issuer + SandboxPartner.echoProviderPath
        let secret = cli.home.path("consumer.secret"), tokenSecret = cli.home.path("token.secret")
        try signed.sandbox.settings.echoConsumerSecret.write(toFile: secret, atomically: true, encoding: .utf8)
        try "digits-secret-jane".write(toFile: tokenSecret, atomically: true, encoding: .utf8)
        let sign = [
            "echo", "sign", "--provider", provider, "--consumer-key", signed.sandbox.settings.echoConsumerKey,
            "--consumer-secret-file", secret, "--token", "digits-jane", "--token-secret-file", tokenSecret,
        ]

        let animation = cli.home.path("loading.json")
        try await Browser.get(try #require(signed.sandbox.channel.loadingAnimation)).body.write(
            toFile: animation, atomically: true, encoding: .utf8)
        let unreachable = cli.home.path("gone.json")
        var gone = signed.sandbox.channel
        gone.profileEndpoint = "http://127.0.0.1:9/api/me"
        try ChannelStore.write(gone, toFile: unreachable)

        var runs: [(schema: String, arguments: [String])] = [
            ("profile", ["profile"] + base), ("flags", ["flags"] + base), ("flags-check", ["flags", "check"] + base),
            ("flags-check", ["flags", "check", "--channel", unreachable, "--cache-dir", signed.cache.url.path]),
            ("containers", ["containers"] + base), ("containers-probe", ["containers", "probe"] + base),
            ("passes-fetch", ["passes", "fetch", "--output", cli.home.path("passes")] + base),
            ("bodymovin-validate", ["bodymovin", "validate", animation, cli.home.path("missing.json"), "--no-render"]),
            ("discover", ["discover", "--channel", channel]), ("applinks-check", ["applinks", "check", signed.sandbox.issuer]),
            ("check", ["check"] + base), ("check", ["check", "--channel", channel, "--cache-dir", cli.home.path("empty-cache")]),
            // Many channels: one that passes, one that fails, one that cannot be read; then a baseline's suppressed findings.
            (
                "check-channels",
                [
                    "check", "--channel", channel, "--channel", unreachable, "--channel", cli.home.path("absent.json"), "--cache-dir",
                    signed.cache.url.path, "--skip", "loading-animation",
                ]
            ),
            (
                "check",
                [
                    "check", "--channel", unreachable, "--cache-dir", signed.cache.url.path, "--write-baseline",
                    cli.home.path("baseline.json"),
                    "--skip", "loading-animation",
                ]
            ),
            (
                "check",
                [
                    "check", "--channel", unreachable, "--cache-dir", signed.cache.url.path, "--baseline", cli.home.path("baseline.json"),
                    "--skip", "loading-animation",
                ]
            ),
            ("echo-sign", sign), ("cache-list", ["cache", "list", "--cache-dir", signed.cache.url.path]),
            ("channel-list", ["channel", "list"]), ("token-print", ["token", "print"] + base), ("version", ["version"]),
            ("token-print-header", ["token", "print", "--header", signed.sandbox.issuer + "/userinfo"] + base),
            ("token-introspect", ["token", "introspect"] + base),
            ("status", ["status", "--check", "--cache-dir", signed.cache.url.path]),
            ("keys-generate", ["keys", "generate", "--output", cli.home.path("client-ec.pem")]),
            ("keys-generate", ["keys", "generate", "--type", "rsa", "--output", cli.home.path("client-rsa.pem")]),
        ]
        runs.append(("pkpass-inspect", ["pkpass", "inspect", cli.home.path("passes")]))
        // The commands scripts read besides the findings commands; revoke last, as it ends the sign-in.
        runs += [
            ("pkpass-preview", ["pkpass", "preview", "FIRST-PASS", "--back", "--output", cli.home.path("front.png")]),
            (
                "bodymovin-preview",
                ["bodymovin", "preview", animation, "--output", cli.home.path("sheet.png"), "--gif", cli.home.path("a.gif")]
            ),
            ("token-show", ["token", "show"] + base), ("refresh", ["refresh", "--force"] + base),
            ("sign-in", ["authorize", "--flow", "device"] + base),
            ("channel-edit", ["channel", "init", "schema-test", "--issuer", "https://idp.example.test", "--client-id", "c"]),
            ("channel-edit", ["channel", "set", "schema-test", "--client-id", "c2"]),
            ("cache-clear", ["cache", "clear", "--all", "--cache-dir", cli.home.path("other-cache")]),
            ("token-export", ["token", "export", "--refresh-token"] + base), ("demo", ["demo"]), ("revoke", ["revoke"] + base),
        ]
        // A command that fails before it has a result prints the failure document instead.
        runs += [
            ("failure", ["profile", "--channel", cli.home.path("no-such-channel.json")]),
            ("failure", ["discover", "--issuer", "http://127.0.0.1:9"]),
        ]
        var pairs: [String] = []
        var withStatus = 0
        for (index, run) in runs.enumerated() {
            var arguments = run.arguments
            if run.schema == "pkpass-preview" {
                let first = try #require(
                    try FileManager.default.contentsOfDirectory(atPath: cli.home.path("passes")).filter { $0.hasSuffix(".pkpass") }.sorted()
                        .first)
                arguments = arguments.map { $0 == "FIRST-PASS" ? cli.home.path("passes/\(first)") : $0 }
            }
            if run.schema == "pkpass-inspect" {
                arguments =
                    ["pkpass", "inspect"]
                    + (try FileManager.default.contentsOfDirectory(atPath: cli.home.path("passes")))
                    .filter { $0.hasSuffix(".pkpass") }.map { cli.home.path("passes/\($0)") }
            }
            let result = try await cli.run(arguments + ["--json"], timeout: 120)
            #expect(!result.stdout.isEmpty, "\(arguments): \(result.stderr)")
            // Where the output carries the run's exit status, it is the one the process ended with.
            if let object = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
                let status = object["exitStatus"] as? Int
            {
                #expect(Int32(status) == result.status, "\(arguments): exitStatus \(status), exited \(result.status)")
                withStatus += 1
            }
            let file = cli.home.path("out-\(index).json")
            try result.stdout.write(toFile: file, atomically: true, encoding: .utf8)
            pairs.append("\(run.schema)=\(file)")
        }
        #expect(withStatus == 19, "the findings commands and the failures say their exit status: \(withStatus)")
        // A header older than --max-skew 0 (the provider still takes it): echo verify's findings carry the warning.
        let header = try await cli.run(sign).stdout.trimmingCharacters(in: .newlines)
        try await Task.sleep(nanoseconds: 1_200_000_000)
        let verify = try await cli.run([
            "echo", "verify", "--provider", provider, "--allowed-host", "127.0.0.1:\(signed.sandbox.port)",
            "--consumer-key", signed.sandbox.settings.echoConsumerKey, "--authorization", header, "--max-skew", "0", "--json",
        ])
        #expect(verify.stdout.contains("echo.timestamp.skew"), "\(verify.stdout)\(verify.stderr)")
        let verifyFile = cli.home.path("out-echo.json")
        try verify.stdout.write(toFile: verifyFile, atomically: true, encoding: .utf8)
        pairs.append("echo-verify=\(verifyFile)")

        // The partner-backend and magic-link commands, each with what it needs from the sandbox.
        let keyed = [SandboxPartner.channelKeyVariable: signed.sandbox.settings.channelKey]
        let jane = try #require(signed.sandbox.settings.user(named: "jane"))
        let openWebToken = cli.home.path("openweb-token")
        try signed.sandbox.settings.openWebAccessToken.write(toFile: openWebToken, atomically: true, encoding: .utf8)
        /// Runs one command with --json, keeps its output for the validator under `schema`.
        func record(_ schema: String, _ arguments: [String], environment: [String: String] = [:]) async throws {
            let result = try await cli.run(arguments + ["--json"], environment: environment)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            let file = cli.home.path("backend-\(pairs.count).json")
            try result.stdout.write(toFile: file, atomically: true, encoding: .utf8)
            pairs.append("\(schema)=\(file)")
        }
        try await record("magic-link-request", ["magic-link", "request", "--channel", channel, "--email", try #require(jane.email)])
        try await record(
            "openweb-register",
            [
                "openweb", "register", "--code-a", try await signed.sandbox.openWebCodeA(), "--primary-key", "3d6479fe",
                "--user-name", "jane", "--access-token-file", openWebToken, "--base-url",
                signed.sandbox.issuer + SandboxPartner.openWebPath,
            ])
        // The link the request above mailed.
        let link = try #require(await signed.sandbox.emails().last?.link)
        try await record(
            "magic-link-redeem", ["magic-link", "redeem", "--channel", channel, "--link", link, "--cache-dir", signed.cache.url.path])
        try await record("members", ["members", "log-out", "--channel", channel, "--sso-id", jane.ssoID], environment: keyed)

        let schemas = TestPaths.repository.appendingPathComponent("docs/schemas").path
        let validation = try await ProcessRunner.run(
            python, [TestPaths.peers.appendingPathComponent("validate_json.py").path, schemas] + pairs, timeout: 120)
        #expect(validation.status == 0, "\(validation.stdout)\(validation.stderr)")
        // Values keep their JSON types: a flag's value is the boolean the partner sent, in flags and flags check alike.
        let checked = try String(contentsOfFile: cli.home.path("out-2.json"), encoding: .utf8)
        #expect(checked.contains(#""value" : true"#), "\(checked)")
        let problem = try String(contentsOfFile: cli.home.path("out-3.json"), encoding: .utf8)
        #expect(problem.contains(#""problem""#) && problem.contains(#""exitCode" : 69"#), "\(problem)")
    }

    @Test("--sarif files read back as SARIF 2.1.0 in sarif-pydantic, with no property the format does not define")
    func sarifReadsBack() async throws {
        guard let python = TestPaths.venvPython else {
            print("NOTICE: .venv is missing (run Scripts/test); skipping the SARIF read-back")
            return
        }
        let cli = DotsSSOCLI()
        let animation =
            #"{"v":"5.7.0","fr":30,"ip":0,"op":45,"w":200,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":45,"st":0,"ks":{},"shapes":[],"ef":[{"ty":5}]}]}"#
        try animation.write(toFile: cli.home.path("loader.json"), atomically: true, encoding: .utf8)
        try "<html>not a pass</html>".write(toFile: cli.home.path("guest.pkpass"), atomically: true, encoding: .utf8)
        let runs: [[String]] = [
            ["bodymovin", "validate", cli.home.path("loader.json"), "--no-render"],
            ["pkpass", "inspect", cli.home.path("guest.pkpass")],
        ]
        var files: [String] = []
        for (index, arguments) in runs.enumerated() {
            let file = cli.home.path("report-\(index).sarif")
            let result = try await cli.run(arguments + ["--sarif", file])
            #expect(result.status == (index == 0 ? 0 : 1), "\(arguments): \(result.stderr)")
            let text = try String(contentsOfFile: file, encoding: .utf8)
            #expect(text.contains(#""ruleId""#), "a result per finding: \(text)")
            files.append(file)
        }
        let check = try await ProcessRunner.run(
            python, [TestPaths.peers.appendingPathComponent("sarif_check.py").path] + files, timeout: 60)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }
}
