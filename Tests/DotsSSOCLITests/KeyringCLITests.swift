import DotsSSOBasics
import DotsSSOCore
import DotsSSOSandbox
import Foundation
import TestSupport
import Testing

/// Issue 42, tokens in the keyring: the built binary with libsecret against a real Secret Service (Debian's
/// gnome-keyring-daemon on a private D-Bus session bus), unlocked, locked, absent and stuck.
@Suite("--token-store keyring against gnome-keyring", .serialized)
struct KeyringCLITests {
    let cli = DotsSSOCLI()

    /// Signs in at the sandbox (auto-approved through its login page) with `flags`, on the bus's environment.
    func signIn(_ sandbox: SandboxPartner, _ flags: [String], environment: [String: String]) async throws -> ProcessResult {
        let process = try cli.start(["authorize", "--no-browser"] + flags, environment: environment)
        let url = try await process.waitFor("^(http://127\\.0\\.0\\.1:\(sandbox.port)/authorize\\?\\S+)$", inErrors: true)
        _ = try await Browser.get(try await Browser.redirectTarget(of: url))
        return await process.finish()
    }

    @Test(
        "an unlocked keyring holds the tokens and the cache file only names the sign-in; profile and refresh use them; cache list says where they live; a locked keyring is said, not hung on; --token-store file moves them back and the item goes"
    )
    func unlockedThenLocked() async throws {
        guard PrivateSessionBus.available else {
            print("NOTICE: dbus-daemon or gnome-keyring-daemon is absent (Scripts/bootstrap installs them); keyring tests skipped")
            return
        }
        let bus = try await PrivateSessionBus()
        defer { bus.stop() }
        try await bus.startKeyring()
        let sandbox = try await SandboxPartner.start(settings: .jane)
        defer { sandbox.stop() }
        let channel = cli.home.path("sandbox.json")
        _ = try sandbox.writeChannel(to: channel)
        let env = bus.environment
        let flags = ["--channel", channel]

        let signedIn = try await signIn(sandbox, flags + ["--token-store", "keyring"], environment: env)
        #expect(signedIn.status == 0 && !signedIn.stderr.contains("warning"), "\(signedIn.stderr)")
        let file = try #require(signedIn.stdout.split(separator: "\n").first { $0.hasPrefix("cached in") }?.split(separator: " ").last)
            .description
        let token = try await cli.run(["token", "print"] + flags, environment: env).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(token.count > 20)
        var stored = try String(contentsOfFile: file, encoding: .utf8)
        #expect(stored.contains(#""tokenStore" : "keyring""#) && !stored.contains(token) && !stored.contains("refreshToken"), "\(stored)")
        #expect(try await bus.items(entry: file) == 1)
        #expect(try await cli.run(["cache", "list"], environment: env).stdout.contains("tokens in the keyring"))

        // Later commands find the tokens there without being told; a refresh writes the new ones there too.
        let profile = try await cli.run(["profile"] + flags, environment: env)
        #expect(profile.status == 0, "\(profile.stderr)")
        let refreshed = try await cli.run(["refresh", "--force"] + flags, environment: env)
        #expect(refreshed.status == 0, "\(refreshed.stderr)")
        let newToken = try await cli.run(["token", "print"] + flags, environment: env).stdout.trimmingCharacters(
            in: .whitespacesAndNewlines)
        stored = try String(contentsOfFile: file, encoding: .utf8)
        #expect(newToken != token && !stored.contains(newToken) && stored.contains(#""tokenStore" : "keyring""#))

        // Back to the file: sign in again with --token-store file; the keyring's item goes.
        let toFile = try await signIn(sandbox, flags + ["--token-store", "file"], environment: env)
        #expect(toFile.status == 0, "\(toFile.stderr)")
        stored = try String(contentsOfFile: file, encoding: .utf8)
        #expect(!stored.contains("tokenStore") && stored.contains("accessToken"))
        #expect(try await bus.items(entry: file) == 0)

        // Locked (a screen lock): the command says so at once and keeps the entry for when it is unlocked.
        let again = try await signIn(sandbox, flags + ["--token-store", "keyring"], environment: env)
        #expect(again.status == 0, "\(again.stderr)")
        let beforeLock = try String(contentsOfFile: file, encoding: .utf8)
        try await bus.lock()
        let locked = try await cli.run(["profile", "--timeout", "5"] + flags, environment: env)
        #expect(locked.status == 77 && locked.duration < 15, "\(locked.status) after \(locked.duration) s: \(locked.stderr)")
        #expect(locked.stderr.contains("keyring is locked"), "\(locked.stderr)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == beforeLock)
        for result in [signedIn, profile, refreshed, toFile, again, locked] {
            #expect(!result.allOutput.contains(token) && !result.allOutput.contains(newToken))
        }
    }

    @Test(
        "no Secret Service on the bus, or one that never answers: the sign-in keeps its tokens in the file (0600) with one warning saying why, within --timeout"
    )
    func absentOrStuck() async throws {
        guard PrivateSessionBus.available else {
            print("NOTICE: dbus-daemon or gnome-keyring-daemon is absent (Scripts/bootstrap installs them); keyring tests skipped")
            return
        }
        let sandbox = try await SandboxPartner.start(settings: .jane)
        defer { sandbox.stop() }
        let channel = cli.home.path("sandbox.json")
        _ = try sandbox.writeChannel(to: channel)
        for (activating, expected) in [(nil, "org.freedesktop.secrets"), ("/bin/sleep 10", "no keyring answered within 2 s")] {
            let bus = try await PrivateSessionBus(activating: activating)
            defer { bus.stop() }
            let cache = cli.home.path("cache-\(activating == nil ? "absent" : "stuck")")
            let started = Date()
            let signedIn = try await signIn(
                sandbox, ["--channel", channel, "--token-store", "keyring", "--timeout", "2", "--cache-dir", cache],
                environment: bus.environment)
            #expect(signedIn.status == 0, "\(signedIn.stderr)")
            #expect(Date().timeIntervalSince(started) < 15, "bounded by --timeout")
            let warnings = signedIn.stderr.split(separator: "\n").filter { $0.contains("warning: --token-store keyring") }
            #expect(warnings.count == 1 && warnings[0].contains(expected) && warnings[0].contains("(0600) instead"), "\(signedIn.stderr)")
            let file = try #require(try FileManager.default.contentsOfDirectory(atPath: cache).first { $0.hasSuffix(".json") })
            let stored = try String(contentsOfFile: "\(cache)/\(file)", encoding: .utf8)
            #expect(stored.contains("accessToken") && !stored.contains("tokenStore"))
        }
    }
}
