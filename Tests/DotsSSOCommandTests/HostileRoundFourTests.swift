import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

@testable import DotsSSOCLI

/// Issue 52's hostile inputs that need no real peer: a refresh-token file that cannot take its successor, a lock
/// that is held or planted, a token this cache saw rotated, an earlier JUnit report built to crash the reader, a
/// pasted line of megabytes, a device prompt of megabytes, secret files others can read. Each ends with its
/// documented status, and where a token is at stake, the provider's log shows it was not sent.
@Suite("Hostile input, round four (in-process)")
struct HostileRoundFourTests {
    /// A context with the fake provider and a refresh-token file holding `rt-from-ci-secret`.
    static func withTokenFile(_ name: String = "ci-refresh-token") throws -> (TestContext, FakeProvider, String) {
        let t = TestContext()
        let provider = FakeProvider(on: t.http)
        let file = t.home.path(name)
        try Data("rt-from-ci-secret\n".utf8).write(to: URL(fileURLWithPath: file))
        chmod(file, 0o600)
        return (t, provider, file)
    }

    static func tokenRequests(_ t: TestContext) -> Int { t.http.requests.filter { $0.url.path == "/token" }.count }

    @Test("a refresh-token file that is a FIFO or a /dev path cannot take the rotated token: 74, nothing sent, the token unspent")
    func writeBackImpossible() async throws {
        let (t, provider, _) = try Self.withTokenFile()
        let fifo = t.home.path("piped-token")
        #expect(mkfifo(fifo, 0o600) == 0)
        for path in [fifo, "/dev/stdin", "/proc/self/fd/0"] {
            let result = await t.run(["profile"] + FakeProvider.flags + ["--refresh-token-file", path])
            #expect(result.status == 74, "\(path): \(result.stderr)")
            #expect(result.stderr.contains("nothing was sent and its token is unspent"), "\(result.stderr)")
            #expect(result.stderr.contains("umask 077; cp \(path)"))
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        #expect(Self.tokenRequests(t) == 0 && provider.tokensIssued == 0)
        // Nothing left beside the FIFO: the reservation's temporary file is gone.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: t.home.url.path).allSatisfy { !$0.hasPrefix(AtomicFile.temporaryPrefix) })
    }

    /// A small tmpfs holding the token file, made read-only (a Kubernetes or Docker secret mount) or full; mounting
    /// needs root (CI and this machine have it), elsewhere the test skips with a notice.
    static func mountedTokenFile(_ t: TestContext, state: String) throws -> String? {
        let folder = t.home.path("mount-\(state)")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let mounted = try ProcessRunner.runBlocking("/bin/mount", ["-t", "tmpfs", "-o", "size=256k,mode=0700", "tmpfs", folder])
        guard mounted.status == 0 else {
            print("NOTICE: cannot mount a tmpfs here (\(mounted.stderr.trimmingCharacters(in: .whitespacesAndNewlines))); skipping")
            return nil
        }
        let file = folder + "/refresh-token"
        try Data("rt-from-ci-secret\n".utf8).write(to: URL(fileURLWithPath: file))
        chmod(file, 0o600)
        if state == "read-only" {
            _ = try ProcessRunner.runBlocking("/bin/mount", ["-o", "remount,ro", folder])
        } else {
            _ = try ProcessRunner.runBlocking("/bin/dd", ["if=/dev/zero", "of=\(folder)/filler", "bs=4096"])
        }
        return file
    }

    @Test("a refresh-token file on a read-only secret mount or a full disk: 74 before anything is sent, the file untouched")
    func writeBackFolderUnwritable() async throws {
        for state in ["read-only", "full"] {
            let t = TestContext()
            _ = FakeProvider(on: t.http)
            guard let file = try Self.mountedTokenFile(t, state: state) else { return }
            defer {
                _ = try? ProcessRunner.runBlocking("/bin/umount", ["-l", URL(fileURLWithPath: file).deletingLastPathComponent().path])
            }
            let result = await t.run(["profile"] + FakeProvider.flags + ["--refresh-token-file", file])
            #expect(result.status == 74, "\(state): \(result.stderr)")
            #expect(result.stderr.contains(state == "read-only" ? "Read-only file system" : "No space left on device"), "\(result.stderr)")
            #expect(result.stderr.contains("nothing was sent and its token is unspent"))
            #expect(Self.tokenRequests(t) == 0)
            #expect(try String(contentsOfFile: file, encoding: .utf8) == "rt-from-ci-secret\n")
        }
    }

    @Test("a lock held by another job past --timeout ends 75 with nothing sent: never a refresh without the lock")
    func lockHeld() async throws {
        let (t, _, file) = try Self.withTokenFile()
        let lockPath = t.home.path(".ci-refresh-token.lock")
        let holder = open(lockPath, O_RDWR | O_CREAT, 0o600)
        #expect(holder >= 0 && flock(holder, LOCK_EX) == 0)
        defer { close(holder) }
        let started = Date()
        let result = await t.run(["profile"] + FakeProvider.flags + ["--refresh-token-file", file, "--timeout", "1"])
        #expect(result.status == 75, "\(result.stderr)")
        #expect(result.stderr.contains("another dots-sso process has held \(lockPath)"))
        // The lock is held until the test ends, so a run that waited for it would never end: ending at all is the
        // timeout. The bound only catches a retry loop that gives up far too late; it is wide because an in-process
        // run waits for a thread of the suite's cooperative pool, which other tests' long synchronous work can hold
        // for many seconds in a full parallel run (16 s once, for what takes 1.1 s alone).
        #expect(Date().timeIntervalSince(started) < 60)
        #expect(Self.tokenRequests(t) == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "rt-from-ci-secret\n")
    }

    @Test("a symbolic link planted at the lock file's name is never followed: 78, nothing created where it points, nothing sent")
    func plantedLockLink() async throws {
        let (t, _, file) = try Self.withTokenFile()
        let victim = t.home.path("victim-file")
        #expect(symlink(victim, t.home.path(".ci-refresh-token.lock")) == 0)
        let result = await t.run(["profile"] + FakeProvider.flags + ["--refresh-token-file", file])
        #expect(result.status == 78, "\(result.stderr)")
        #expect(result.stderr.contains("symbolic link, which dots-sso never follows"))
        #expect(!FileManager.default.fileExists(atPath: victim))
        #expect(Self.tokenRequests(t) == 0)
    }

    @Test("a token this cache saw rotated away (a stale CI cache restored it) is refused 77 before it is sent, saying why")
    func staleTokenRestored() async throws {
        let (t, _, file) = try Self.withTokenFile()
        #expect(await t.run(["profile"] + FakeProvider.flags + ["--refresh-token-file", file]).status == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "rt-1\n")
        let record = try String(contentsOf: t.cacheDirectory.appendingPathComponent(".rotated-refresh-tokens.json"), encoding: .utf8)
        #expect(!record.contains("rt-from-ci-secret"), "the record keeps fingerprints, never tokens")
        // The re-run restores the copy the first run already spent.
        try Data("rt-from-ci-secret\n".utf8).write(to: URL(fileURLWithPath: file))
        let stale = await t.run(["profile"] + FakeProvider.flags + ["--refresh-token-file", file])
        #expect(stale.status == 77, "\(stale.stderr)")
        #expect(stale.stderr.contains("was already used at") && stale.stderr.contains("Nothing was sent"), "\(stale.stderr)")
        #expect(stale.stderr.contains("GitHub `concurrency`, GitLab `resource_group`"))
        #expect(Self.tokenRequests(t) == 1)
        #expect(!stale.allOutput.contains("rt-from-ci-secret"))
    }

    @Test("client secret, client key and password files others can read are warned about once each, like the refresh-token file")
    func readableSecretFiles() async throws {
        let (t, _, file) = try Self.withTokenFile()
        let secret = t.home.path("client-secret")
        try Data("s3cret-value\n".utf8).write(to: URL(fileURLWithPath: secret))
        chmod(secret, 0o644)
        let result = await t.run(["profile"] + FakeProvider.flags + ["--refresh-token-file", file, "--client-secret-file", secret])
        #expect(result.status == 0, "\(result.stderr)")
        let warnings = result.stderr.split(separator: "\n").filter {
            $0.contains("\(secret) (the client secret) can be read by other users")
        }
        #expect(warnings.count == 1, "\(result.stderr)")
        #expect(!result.allOutput.contains("s3cret-value"))
        chmod(secret, 0o600)
        let quiet = await t.run(["profile"] + FakeProvider.flags + ["--refresh-token-file", file, "--client-secret-file", secret])
        #expect(!quiet.stderr.contains("can be read by other users"), "\(quiet.stderr)")
    }

    @Test("an earlier --junit report nested 200,000 deep is set aside with a warning, never parsed to a crash; a new report is written")
    func deepJUnitReport() async throws {
        let t = TestContext()
        let report = t.home.path("reports.xml")
        let deep = String(repeating: "<a>", count: 200_000) + String(repeating: "</a>", count: 200_000)
        try Data(deep.utf8).write(to: URL(fileURLWithPath: report))
        let pass = t.home.path("missing.pkpass")
        let result = await t.run(["pkpass", "inspect", pass, "--junit", report])
        #expect(result.status == 64 || result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("was not merged into (it nests deeper than 64 levels)"), "\(result.stderr)")
        let aside = try FileManager.default.contentsOfDirectory(atPath: t.home.url.path).filter { $0.hasPrefix("reports.xml.unmerged-") }
        #expect(aside.count == 1)
        #expect(try Data(contentsOf: t.home.url.appendingPathComponent(aside[0])).count == deep.utf8.count)
        let written = try String(contentsOfFile: report, encoding: .utf8)
        #expect(try JUnitReport.isOurs(XMLTree.parse(written)))
    }

    @Test("a pasted line of 2 MB is refused unread (the prompt stays) and the next, real address completes the sign-in")
    func longPastedLine() async throws {
        let huge = "http://127.0.0.1:PORT/callback?code=good-code&state=STATE&x=" + String(repeating: "A", count: 2_000_000)
        let t = TestContext(answer: HeadlessSignInTests.pasting([huge, "http://127.0.0.1:PORT/callback?code=good-code&state=STATE"]))
        _ = FakeProvider(on: t.http)
        let result = await t.run(["authorize"] + FakeProvider.flags + ["--flow", "paste", "--timeout", "20"])
        #expect(result.status == 0, "\(result.stderr.prefix(500))")
        #expect(result.stderr.contains("that line is longer than any redirect address"))
        #expect(result.stderr.utf8.count < 20_000)
    }

    @Test("the binary's line reader holds at most 64 KiB of a 5 MB line and reads the next line whole")
    func boundedLineReader() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let writeEnd = ends[1]
        let writer = Thread {
            let text = Data((String(repeating: "x", count: 5_000_000) + "\r\nnext line\nlast").utf8)
            text.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = write(writeEnd, buffer.baseAddress! + offset, buffer.count - offset)
                    guard written > 0 else { break }
                    offset += written
                }
            }
            close(writeEnd)
        }
        writer.start()
        let reader = LineReader(descriptor: ends[0])
        #expect(reader.next()?.utf8.count == LineReader.standardLimit)
        #expect(reader.next() == "next line")
        #expect(reader.next() == "last")
        #expect(reader.next() == nil)
        close(ends[0])
    }

    @Test(
        "a device prompt of megabytes: a user code of 300,000 combining marks is refused (76), one of 400 is shown cut, a 3 MB address is not shown"
    )
    func hugeDevicePrompt() async throws {
        func prompt(code: String) async -> RunResult {
            let t = TestContext()
            let device = HeadlessSignInTests.deviceEndpoint
            _ = FakeProvider(on: t.http, metadata: ["device_authorization_endpoint": .string(device)])
            let complete = "https://sso.fake.example/device?user_code=" + String(repeating: "W", count: 3_000_000)
            t.http.json(
                .post, device,
                .object([
                    "device_code": .string("dc-1"), "user_code": .string(code),
                    "verification_uri": .string("https://sso.fake.example/device"),
                    "verification_uri_complete": .string(complete), "expires_in": .number(5), "interval": .number(1),
                ]))
            t.http.on(.post, HeadlessSignInTests.tokenEndpoint) { _ in (400, [], Data(#"{"error":"authorization_pending"}"#.utf8)) }
            return await t.run(["authorize"] + HeadlessSignInTests.deviceFlags + ["--timeout", "3"])
        }
        let refused = await prompt(code: "WDJB" + String(repeating: "\u{0301}", count: 300_000) + "-MJHT")
        #expect(
            refused.status == 76 && refused.stderr.contains("its user_code is not a short line of text"), "\(refused.stderr.prefix(300))")
        #expect(refused.stderr.utf8.count < 1_000)
        let cut = await prompt(code: "WDJB" + String(repeating: "\u{0301}", count: 400) + "-MJHT")
        #expect(cut.status == 75, "\(cut.stderr.prefix(300))")
        #expect(cut.stderr.utf8.count < 4_000, "stderr is \(cut.stderr.utf8.count) bytes")
        #expect(cut.stderr.contains("more bytes not shown"))
        #expect(cut.stderr.contains("KB long, more than any address should be: not shown"))
    }
}
