import DotsSSOBasics
import DotsSSOCore
import DotsSSOSandbox
import Foundation
import TestSupport
import Testing

/// A full disk under the cache and the reports: one clear line, exit 74, the previous cache entry intact and usable.
@Suite("full disk", .serialized)
struct FullDiskTests {
    /// A 1 MiB tmpfs mounted for the test; mounting needs root (CI and this machine have it), elsewhere the test
    /// skips with a notice.
    final class SmallDisk: @unchecked Sendable {
        let folder = TemporaryDirectory("full-disk")
        var path: String { folder.url.path }

        init?() throws {
            let mounted = try ProcessRunner.runBlocking("/bin/mount", ["-t", "tmpfs", "-o", "size=1m,mode=0700", "tmpfs", folder.url.path])
            guard mounted.status == 0 else {
                print(
                    "NOTICE: cannot mount a small tmpfs here (\(mounted.stderr.trimmingCharacters(in: .whitespacesAndNewlines))); skipping the full-disk test"
                )
                return nil
            }
        }

        /// Fills every remaining block.
        func fill() async throws {
            _ = try await ProcessRunner.run("/bin/dd", ["if=/dev/zero", "of=\(path)/filler", "bs=4096"])
            let room = try await ProcessRunner.run("/bin/df", ["--output=avail", path])
            #expect(
                room.stdout.split(separator: "\n").last?.trimmingCharacters(in: .whitespaces) == "0", "the disk is full: \(room.stdout)")
        }

        func free() { try? FileManager.default.removeItem(atPath: "\(path)/filler") }

        deinit { _ = try? ProcessRunner.runBlocking("/bin/umount", ["-l", path]) }
    }

    @Test(
        "refresh with the cache on a full disk: 74 in one line saying the new tokens could not be kept; the old entry is intact and token print works"
    )
    func refresh() async throws {
        guard let disk = try SmallDisk() else { return }
        let sandbox = try await SandboxPartner.start(settings: .jane)
        defer { sandbox.stop() }
        let cli = DotsSSOCLI()
        let onDisk = ["XDG_CACHE_HOME": disk.path]
        let provider = ["--issuer", sandbox.issuer, "--client-id", "dots-sandbox-app"]
        let cacheDirectory = "\(disk.path)/dots-sso"
        let cache = TokenCache(directory: URL(fileURLWithPath: cacheDirectory))
        let key = CacheKey(authority: sandbox.issuer, clientId: "dots-sandbox-app")
        func signIn() async throws -> ProcessResult {
            let process = try cli.start(["authorize", "--no-browser", "--scope", "openid email"] + provider, environment: onDisk)
            let url = try await process.waitFor("^(http://127\\.0\\.0\\.1:\(sandbox.port)/authorize\\?\\S+)$", inErrors: true)
            _ = try await Browser.get(try Browser.redirectTarget(of: url))
            return await process.finish()
        }
        await #expect(try signIn().status == 0)
        let before = try #require(try cache.read(key).entry?.oauth.tokens)

        try await disk.fill()
        let refreshed = try await cli.run(["refresh", "--force"] + provider, environment: onDisk)
        #expect(refreshed.status == 74, "\(refreshed.stderr)")
        #expect(refreshed.stderr.split(separator: "\n").count == 1, "one line: \(refreshed.stderr)")
        #expect(refreshed.stderr.contains("the provider issued new tokens but they could not be saved"), "\(refreshed.stderr)")
        #expect(refreshed.stderr.contains("No space left on device"), "\(refreshed.stderr)")
        #expect(refreshed.stderr.contains("sign in again with `dots-sso authorize`"), "\(refreshed.stderr)")
        #expect(try cache.read(key).entry?.oauth.tokens == before, "the previous entry is intact")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: cacheDirectory).allSatisfy { !$0.hasPrefix(AtomicFile.temporaryPrefix) },
            "no temporary file is left behind")
        let printed = try await cli.run(["token", "print"] + provider, environment: onDisk)
        #expect(printed.status == 0 && printed.stdout == before.accessToken + "\n", "\(printed.stderr)")
        #expect(!refreshed.allOutput.contains(before.accessToken) && !refreshed.allOutput.contains(before.refreshToken ?? "-"))

        // A new sign-in on the full disk fails the same way and leaves the entry as it was.
        let again = try await signIn()
        #expect(again.status == 74 && again.stderr.contains("No space left on device"), "\(again.stderr)")
        #expect(try cache.read(key).entry?.oauth.tokens == before)

        // With room again: the spent refresh token is refused as the message said, and signing in again works.
        disk.free()
        let spent = try await cli.run(["refresh", "--force"] + provider, environment: onDisk)
        #expect(spent.status == 77, "\(spent.stderr)")
        await #expect(try signIn().status == 0)
        #expect(try await cli.run(["refresh", "--force"] + provider, environment: onDisk).status == 0)
    }

    @Test("reports and downloads to a full disk: --junit is 74 in one line; passes fetch reports the pass and ends 74 naming the disk")
    func reportsAndDownloads() async throws {
        guard let disk = try SmallDisk() else { return }
        let cli = DotsSSOCLI()
        let scratch = TemporaryDirectory("full-disk-input")
        let animation = scratch.path("loader.json")
        try #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[]}"#.write(toFile: animation, atomically: true, encoding: .utf8)
        try await disk.fill()
        let report = try await cli.run(["bodymovin", "validate", animation, "--junit", "\(disk.path)/report.xml"])
        #expect(report.status == 74, "\(report.stderr)")
        #expect(report.stderr.split(separator: "\n").count == 1 && report.stderr.contains("No space left on device"), "\(report.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "\(disk.path)/report.xml"))

        let partner = try PassesCLITests.Partner()
        let profile = scratch.path("member.json")
        try #"{"id": "m-1", "passes": ["\#(partner.base)/passes/guest.pkpass"]}"#.write(toFile: profile, atomically: true, encoding: .utf8)
        let fetched = try await partner.cli.run([
            "passes", "fetch", "--profile-file", profile, "--cacert", partner.pki.caCertificate,
            "--trust", partner.pki.caCertificate, "--output", "\(disk.path)/passes", "--json",
        ])
        #expect(fetched.status == 74, "\(fetched.stderr)")
        #expect(fetched.stderr.split(separator: "\n").count == 1, "\(fetched.stderr)")
        #expect(
            fetched.stderr.contains("cannot write the pass to \(disk.path)/passes/1-primary-guest.pkpass: write: No space left on device"),
            "\(fetched.stderr)")
        #expect(fetched.stdout.contains("\"passes.write-failed\""), "the report says which pass: \(fetched.stdout)")
        let saved = (try? FileManager.default.contentsOfDirectory(atPath: "\(disk.path)/passes")) ?? []
        #expect(saved.isEmpty, "no partial pass: \(saved)")
    }
}
