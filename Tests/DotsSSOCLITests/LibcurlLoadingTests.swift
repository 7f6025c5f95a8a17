import DotsSSOSandbox
import Foundation
import TestSupport
import Testing

/// libcurl is loaded on the first request, not at start-up: the commands that never touch the network start without
/// its ~30 libraries, and a machine without it still runs them (the network commands say what to install).
@Suite("libcurl loaded on demand", .serialized)
struct LibcurlLoadingTests {
    /// The libraries the dynamic loader opened, from its own trace (`LD_DEBUG=files` writes one `file=NAME` line each).
    static func librariesLoaded(by result: ProcessResult) -> [String] {
        librariesLoaded(inTrace: result.stderr)
    }

    /// The libraries an `LD_DEBUG=files` trace shows loaded.
    static func librariesLoaded(inTrace trace: String) -> [String] {
        trace.split(separator: "\n").compactMap { line in
            guard let start = line.range(of: "file=") else { return nil }
            return line[start.upperBound...].split(separator: " ").first.map {
                String($0.trimmingCharacters(in: CharacterSet(charactersIn: ";")))
            }
        }
    }

    @Test("--version, cache list and token print of a fresh token start without libcurl; a request loads it")
    func loadedOnFirstRequest() async throws {
        let cli = DotsSSOCLI()
        let trace = ["LD_DEBUG": "files"]
        let version = try await cli.run(["--version"], environment: trace)
        #expect(version.status == 0)
        let atStart = Self.librariesLoaded(by: version)
        #expect(atStart.contains { $0.hasPrefix("libssl") }, "the trace lists the libraries: \(atStart)")
        #expect(!atStart.contains { $0.hasPrefix("libcurl") || $0.hasPrefix("libldap") || $0.hasPrefix("libgssapi") }, "\(atStart)")

        let offline = try await cli.run(["cache", "list"], environment: trace)
        #expect(offline.status == 0, "\(offline.stderr.suffix(300))")
        #expect(!Self.librariesLoaded(by: offline).contains { $0.hasPrefix("libcurl") })

        let sandbox = try await SandboxPartner.start(settings: .jane)
        defer { sandbox.stop() }
        let discover = try await cli.run(["discover", "--issuer", sandbox.issuer], environment: trace)
        #expect(discover.status == 0, "\(discover.stdout)")
        #expect(Self.librariesLoaded(by: discover).contains { $0.hasPrefix("libcurl") }, "the request loaded libcurl")

        // token print with a fresh cached token, what scripts call in a loop, sends nothing and loads nothing.
        let provider = ["--issuer", sandbox.issuer, "--client-id", "dots-sandbox-app"]
        let signIn = try cli.start(["authorize", "--no-browser", "--scope", "openid email"] + provider)
        let url = try await signIn.waitFor("^(http://127\\.0\\.0\\.1:\(sandbox.port)/authorize\\?\\S+)$", inErrors: true)
        _ = try await Browser.get(try Browser.redirectTarget(of: url))
        #expect(await signIn.finish().status == 0)
        let printed = try await cli.run(["token", "print"] + provider, environment: trace)
        #expect(printed.status == 0 && printed.stdout.count > 20, "\(printed.stderr.suffix(300))")
        #expect(!Self.librariesLoaded(by: printed).contains { $0.hasPrefix("libcurl") }, "token print loaded libcurl")
    }

    /// Hides libcurl in a private mount namespace (needs root, as in CI; elsewhere a notice and a skip).
    @Test("without a usable libcurl, offline commands work and a network command ends 69 in one line saying what to install")
    func missingLibcurl() async throws {
        guard let libcurl = HiddenLibrary(["libcurl.so.4"]) else {
            print("NOTICE: no libcurl.so.4 found in the usual places; skipping the missing-libcurl test")
            return
        }
        let cli = DotsSSOCLI()
        func withoutLibcurl(_ program: String, _ arguments: [String]) async throws -> ProcessResult {
            try await libcurl.run(program, arguments, environment: cli.environment)
        }
        let hidden = try await withoutLibcurl("/bin/sh", ["-c", "! curl --version >/dev/null 2>&1"])
        guard hidden.status == 0 else {
            print(
                "NOTICE: cannot hide libcurl in a private mount namespace here (\(hidden.stderr.trimmingCharacters(in: .whitespacesAndNewlines))); skipping the missing-libcurl test"
            )
            return
        }
        let version = try await withoutLibcurl(TestPaths.binary.path, ["--version"])
        #expect(version.status == 0 && !version.stdout.isEmpty, "\(version.stderr)")
        let discover = try await withoutLibcurl(TestPaths.binary.path, ["discover", "--issuer", "https://127.0.0.1:9"])
        #expect(discover.status == 69)
        #expect(discover.stderr.split(separator: "\n").count == 1, "one line: \(discover.stderr)")
        #expect(
            discover.stderr.contains("libcurl could not be loaded") && discover.stderr.contains("apt-get install libcurl4"),
            "\(discover.stderr)")
        #expect(discover.stdout.isEmpty)
    }
}
