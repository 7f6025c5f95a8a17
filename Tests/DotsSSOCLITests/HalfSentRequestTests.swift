import DotsSSOBasics
import DotsSSOCore
import DotsSSOSandbox
import Foundation
import TestSupport
import Testing

/// Issue 36: a client that opens connections and never finishes a request, or drips it a byte at a time, no longer
/// holds the sandbox's connections for ever; a whole request still gets its answer.
@Suite("half-sent requests are cut off")
struct HalfSentRequestTests {
    /// A blocking TCP connection to 127.0.0.1:port with a one-second read timeout.
    static func connect(_ port: Int) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        try #require(connected, "connected to the sandbox")
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return fd
    }

    static func send(_ fd: Int32, _ text: String) {
        _ = text.withCString { Glibc.send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
    }

    /// Whether the server has closed the connection (after whatever it sent, a read of 0 bytes, or a reset).
    static func closedByServer(_ fd: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let read = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if read > 0 { continue }
            return read == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)
        }
    }

    @Test("20 connections with half a request head and one that drips a byte a second are closed within 15 s")
    func cutOff() async throws {
        let sandbox = try await SandboxPartner.start(settings: .jane)
        defer { sandbox.stop() }
        let half = try (0..<20).map { _ in try Self.connect(sandbox.port) }
        defer { half.forEach { close($0) } }
        for fd in half { Self.send(fd, "GET /.well-known/openid-configuration HTTP/1.1\r\nHost: 127.0.0.1\r\n") }
        let drip = try Self.connect(sandbox.port)
        defer { close(drip) }
        let started = Date()
        var dripped = 0
        while Date().timeIntervalSince(started) < 15, !(half + [drip]).allSatisfy(Self.closedByServer) {
            // A well-formed head that never ends: one more header byte a second (slowloris).
            Self.send(drip, dripped == 0 ? "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " : "a")
            dripped += 1
            try await Task.sleep(nanoseconds: 1_000_000_000)
        }
        #expect(half.allSatisfy(Self.closedByServer), "every half-sent request was closed")
        #expect(Self.closedByServer(drip), "the dripping client was closed")
        #expect(Date().timeIntervalSince(started) < 15)
        let whole = try Self.connect(sandbox.port)
        defer { close(whole) }
        Self.send(whole, "GET /.well-known/openid-configuration HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        // Polled, not a blocking read: the sandbox answers on the same cooperative threads this test runs on, and
        // a loaded runner may take more than the socket's one-second timeout.
        var buffer = [UInt8](repeating: 0, count: 64)
        var read = -1
        let deadline = Deadline(seconds: 10)
        while read <= 0 && !deadline.hasPassed {
            read = recv(whole, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if read <= 0 { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(read > 0 && String(decoding: buffer.prefix(max(0, read)), as: UTF8.self).hasPrefix("HTTP/1.1 200"))
    }
}
