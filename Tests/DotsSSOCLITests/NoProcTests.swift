import DotsSSOBasics
import Foundation
import TestSupport
import Testing

/// Where /proc is not mounted (a chroot, a minimal container), libdispatch's worker monitor aborts a Swift process
/// (SIGILL) about once in twenty-five commands; dots-sso then runs its tasks on its own pool (own_executor.c). Each
/// run here is in a private mount namespace with /proc unmounted, which needs root and util-linux's unshare.
@Suite("Without /proc", .serialized)
struct NoProcTests {
    /// Runs `script` (sh, $BIN is the binary) in a mount namespace of its own whose /proc is unmounted, or nil with a
    /// notice where that cannot be made here.
    static func withoutProc(_ script: String, _ cli: DotsSSOCLI, timeout: TimeInterval = 120) async throws -> ProcessResult? {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else {
            print("NOTICE: skipping the no-/proc runs: they need root and /usr/bin/unshare")
            return nil
        }
        let body = "umount -l /proc || exit 97\n[ ! -e /proc/self/stat ] || exit 98\n" + script
        let result = try await ProcessRunner.run(
            "/usr/bin/unshare", ["--mount", "--propagation", "private", "/bin/sh", "-c", body],
            environment: cli.environment.merging(["BIN": TestPaths.binary.path]) { $1 }, currentDirectory: cli.home.url,
            timeout: timeout)
        if result.status == 97 || result.status == 98 {
            print("NOTICE: skipping the no-/proc runs: /proc could not be unmounted in a private namespace")
            return nil
        }
        return result
    }

    @Test("150 runs of a command that starts tasks all end 0 (before, a few of them died by SIGILL)")
    func manyRuns() async throws {
        let cli = DotsSSOCLI()
        let script = """
            died=0
            for i in $(seq 1 150); do "$BIN" cache list --json > /dev/null 2>> errors.txt || died=$((died+1)); done
            echo "died=$died"
            """
        guard let result = try await Self.withoutProc(script, cli) else { return }
        #expect(result.stdout.contains("died=0"), "\(result.stdout)\(result.stderr)")
        let errors = (try? String(contentsOfFile: cli.home.path("errors.txt"), encoding: .utf8)) ?? ""
        #expect(!errors.contains("Illegal instruction"), "\(errors)")
    }

    @Test("a server that never answers is given up on at --timeout: delayed jobs run on the own pool too")
    func timeoutFires() async throws {
        let cli = DotsSSOCLI()
        // A listener that accepts nothing: the request waits until the deadline.
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        #expect(bound && listen(listener, 16) == 0)
        let port = Int(UInt16(bigEndian: address.sin_port))
        let started = Date()
        guard let result = try await Self.withoutProc("\"$BIN\" discover --issuer http://127.0.0.1:\(port) --timeout 2", cli) else {
            return
        }
        let took = Date().timeIntervalSince(started)
        #expect(result.status == 69, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("did not answer within 2 s"), "\(result.stderr)")
        #expect(took < 20, "the deadline fired (\(took) s)")
    }
}
