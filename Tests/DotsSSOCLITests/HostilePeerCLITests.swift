import DotsSSOCore
import Foundation
import Testing
import TestSupport

/// Issue 16 through the built binary: servers that misbehave on purpose, and inputs given the way shells give them.
@Suite("hostile peers and shell inputs", .serialized)
struct HostilePeerCLITests {
    let cli = DotsSSOCLI()

    @Test("discover -v: a response header with terminal control sequences is traced escaped, never raw")
    func escapedTrace() throws {
        let (peer, port) = try Peers.httpPeer(pki: nil)
        defer { peer.stop() }
        let result = try cli.run(["discover", "-v", "--issuer", "http://127.0.0.1:\(port)/evil"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.allOutput.contains("\u{1B}"))
        #expect(!result.allOutput.contains("\u{7}"))
        #expect(result.stderr.contains(#"X-Evil: \u{1b}[2J\u{1b}]0;pwned\u{7}"#), "\(result.stderr)")
    }

    @Test("--access-token-file accepts a pipe such as <(…), with the same checks as a file")
    func tokenFromPipe() throws {
        let (peer, port) = try Peers.httpPeer(pki: nil, extra: ["--expect-token", "piped-token-123"])
        defer { peer.stop() }
        let fifo = cli.home.path("token.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = Thread { try? Data("piped-token-123\n".utf8).write(to: URL(fileURLWithPath: fifo)) }
        writer.start()
        let result = try cli.run(["profile", "--profile-endpoint", "http://127.0.0.1:\(port)/profiles/good", "--access-token-file", fifo])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.allOutput.contains("piped-token-123"))
    }

    @Test("a 1 MB response header is named as such (65), not 'Out of memory'")
    func hugeHeader() throws {
        let (peer, port) = try Peers.httpPeer(pki: nil)
        defer { peer.stop() }
        let result = try cli.run(["discover", "--issuer", "http://127.0.0.1:\(port)/bigheader"])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("a header line over 100 KiB"), "\(result.stderr)")
        #expect(!result.stderr.lowercased().contains("out of memory"))
    }
}
