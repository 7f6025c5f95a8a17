import DotsSSOBasics
import DotsSSOCore
import Foundation
import Testing

@Suite("magic links and app links")
struct MagicLinkUnitTests {
    @Test(
        "links of every shape yield token, e-mail and study",
        arguments: [
            ("https://app.example/mobile/verify.html?token=abc123", "abc123", nil as String?, nil as String?),
            (
                "https://webservices.sagebridge.org/startSession.html?email=jane%40example.com&study=demo&token=t-1", "t-1",
                "jane@example.com", "demo"
            ),
            ("thedots://signin?token=x_y&email=a%2Bb%40c.org&studyId=s2", "x_y", "a+b@c.org", "s2"),
            ("https://app.example/#/verify?token=frag&email=f%40example.com", "frag", "f@example.com", nil),
            ("  https://app.example/v?TOKEN=upper  \n", "upper", nil, nil),
        ])
    func links(link: String, token: String, email: String?, study: String?) throws {
        let parsed = try MagicLinkToken(link: link)
        #expect(parsed.token == token)
        #expect(parsed.email == email)
        #expect(parsed.study == study)
    }

    @Test("links without a token, plain http or not a URL are usage errors")
    func badLinks() {
        for link in ["https://app.example/verify.html?email=a%40b.co", "http://app.example/v?token=t", "just text"] {
            #expect(throws: UsageError.self) { try MagicLinkToken(link: link) }
        }
    }

    @Test("generated passwords are long, mixed and never repeat")
    func passwords() throws {
        var seen = Set<String>()
        for _ in 0..<200 {
            let password = try PasswordGenerator.generate()
            #expect(password.count >= 20)
            #expect(password.contains { $0.isUppercase })
            #expect(password.contains { $0.isLowercase })
            #expect(password.contains { $0.isNumber })
            #expect(password.contains { "!#$%&*+-=?@^_~".contains($0) })
            seen.insert(password)
        }
        #expect(seen.count == 200)
    }

    @Test(
        "Apple wildcard patterns",
        arguments: [
            ("/mobile/*", "/mobile/verify.html", true), ("/mobile/*", "/mobile", false), ("/m?x", "/max", true),
            ("*", "", true), ("/a/*/c", "/a/b/d/c", true), ("/a/*/c", "/a/b/d", false), ("?*", "", false), ("?*", "t", true),
        ])
    func patterns(pattern: String, text: String, expected: Bool) {
        #expect(AppLinkPattern.matches(pattern, text) == expected)
    }

    @Test("a pathological pattern stays fast")
    func patternPerformance() {
        let text = String(repeating: "a", count: 5_000)
        let started = Date()
        #expect(!AppLinkPattern.matches(String(repeating: "*a", count: 100) + "b", text))
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test("Bridge errors map to the exit codes users act on")
    func bridgeErrors() {
        func error(_ status: Int, entity: String? = nil) -> BridgeError {
            var body: [String: String] = ["message": "m", "type": "T"]
            if let entity { body["entityClass"] = entity }
            let data = try! JSONEncoder().encode(body)
            return BridgeError(
                response: HTTPResponse(
                    status: status, headers: [(name: "Content-Type", value: "application/json")], body: data,
                    url: URL(string: "https://x/v3/auth/email/signIn")!, duration: 0))
        }
        #expect(ExitStatus(for: error(404, entity: "Account")) == .checkFailed)
        #expect(ExitStatus(for: error(404, entity: "Study")) == .configuration)
        #expect(ExitStatus(for: error(404)) == .configuration)
        #expect(ExitStatus(for: error(401)) == .notAuthorized)
        #expect(ExitStatus(for: error(410)) == .notAuthorized)
        #expect(ExitStatus(for: error(423)) == .checkFailed)
        #expect(error(404, entity: "Account").message.contains("m (T)"))
    }
}
