import Foundation
import Testing

/// A loopback port nobody listens on now (bound, read, released), for a test that must name its port in advance.
/// `range` limits it for clients that refuse some ports (oidc-agent takes 1024 to 49151 only); nil: the kernel's choice.
package func freeLoopbackPort(in range: ClosedRange<Int>? = nil) throws -> Int {
    for _ in 0..<200 {
        if let port = bindLoopback(port: range.map { Int.random(in: $0) } ?? 0) { return port }
    }
    try #require(Bool(false), "a free loopback port")
    return 0
}

/// Binds 127.0.0.1:`port` (0: any) and releases it; the port it got, or nil when it is taken.
private func bindLoopback(port: Int) -> Int? {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
    }
    return bound ? Int(UInt16(bigEndian: address.sin_port)) : nil
}
