import DotsSSOBasics
import DotsSSOCore
import Foundation
import Testing

@Suite("URL policy")
struct URLPolicyTests {
    @Test(
        "loopback hosts",
        arguments: [
            ("127.0.0.1", true), ("127.255.1.2", true), ("localhost", true), ("[::1]", true), ("::1", true),
            ("128.0.0.1", false), ("127.0.0.1.example.com", false), ("example.com", false), ("10.0.0.1", false),
            ("localhost.evil.com", false),
        ])
    func loopback(host: String, expected: Bool) {
        #expect(URLPolicy.isLoopback(host: host) == expected)
    }

    @Test("http is refused off loopback with a usage error naming https and TLS 1.2")
    func insecure() throws {
        #expect(throws: HTTPError.self) { try URLPolicy.validate("http://sso.partner.example/authorize") }
        do {
            _ = try URLPolicy.validate("http://sso.partner.example/authorize")
        } catch {
            #expect(ExitStatus(for: error) == .usage)
            #expect("\(error)".contains("https"))
            #expect("\(error)".contains("TLS 1.2"))
        }
        _ = try URLPolicy.validate("http://127.0.0.1:8080/callback")
        _ = try URLPolicy.validate("https://sso.partner.example")
        #expect(throws: HTTPError.self) { try URLPolicy.validate("ftp://example.com/x") }
        #expect(throws: HTTPError.self) { try URLPolicy.validate("not a url") }
    }

    @Test("redirects never leave https and resolve relative locations")
    func redirects() throws {
        let origin = URL(string: "https://idp.example/a/b")!
        #expect(throws: HTTPError.self) { try URLPolicy.validateRedirect(from: origin, location: "http://127.0.0.1/x") }
        let relative = try URLPolicy.validateRedirect(from: origin, location: "../c?x=1")
        #expect(relative.absoluteString == "https://idp.example/c?x=1")
        let local = URL(string: "http://127.0.0.1:9/start")!
        #expect(throws: HTTPError.self) { try URLPolicy.validateRedirect(from: local, location: "http://example.com/") }
        _ = try URLPolicy.validateRedirect(from: local, location: "https://example.com/")
    }

    @Test("same origin compares scheme, host and effective port")
    func origins() {
        #expect(URLPolicy.sameOrigin(URL(string: "https://a.example/x")!, URL(string: "https://A.example:443/y")!))
        #expect(!URLPolicy.sameOrigin(URL(string: "https://a.example/x")!, URL(string: "https://a.example:8443/y")!))
        #expect(!URLPolicy.sameOrigin(URL(string: "https://a.example/x")!, URL(string: "https://b.example/x")!))
    }
}
