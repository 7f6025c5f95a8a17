import DotsSSOBasics
import DotsSSOCore
import Foundation
import Testing

@Suite("OAuth Echo: RFC 5849 headers, signatures and the provider allow-list")
struct OAuthEchoTests {
    static let valid =
        #"OAuth realm="Digits", oauth_consumer_key="ck", oauth_nonce="n1", oauth_signature="a%2Bb%2Fc%3D", "#
        + #"oauth_signature_method="HMAC-SHA1", oauth_timestamp="1795457019", oauth_token="123-abc", oauth_version="1.0""#

    @Test("a well-formed header parses with its values percent-decoded and realm kept apart")
    func parses() throws {
        let header = try OAuthEchoHeader.parse(Self.valid)
        #expect(header.consumerKey == "ck")
        #expect(header["oauth_signature"] == "a+b/c=")
        #expect(header.token == "123-abc")
        #expect(header.realm == "Digits")
        #expect(header["realm"] == nil)
        #expect(header.timestamp == 1_795_457_019)
    }

    @Test(
        "malformed headers are refused naming the problem (65)",
        arguments: [
            ("Bearer abc", "OAuth scheme"),
            (#"OAuth oauth_consumer_key=ck"#, "double quotes"),
            (#"OAuth oauth_consumer_key="ck", oauth_consumer_key="ck2""#, "appears twice"),
            (#"OAuth oauth_consumer_key="ck""#, "oauth_signature_method is missing"),
            (valid.replacingOccurrences(of: #"oauth_version="1.0""#, with: #"oauth_version="2.0""#), "oauth_version"),
            (valid.replacingOccurrences(of: "a%2Bb%2Fc%3D", with: "a+b/c="), "percent-encoded"),
            (valid.replacingOccurrences(of: "a%2Bb%2Fc%3D", with: "a%2"), "percent-encoded"),
            (valid + ",", "ends with a comma"),
            (valid.replacingOccurrences(of: "HMAC-SHA1", with: "MD5"), "oauth_signature_method"),
            (valid.replacingOccurrences(of: "1795457019", with: "soon"), "oauth_timestamp"),
            (valid.replacingOccurrences(of: #"oauth_token="123-abc""#, with: #"oauth_token="""#), "oauth_token is missing or empty"),
            (valid.replacingOccurrences(of: ", oauth_nonce", with: " oauth_nonce"), "comma"),
            (valid + "\u{1B}[2J", "control"),
        ])
    func malformed(header: String, expected: String) {
        #expect {
            _ = try OAuthEchoHeader.parse(header)
        } throws: { error in
            guard let error = error as? EchoError, case .malformedHeader(let reason) = error else { return false }
            return reason.contains(expected) && error.exitStatus == .malformedInput
        }
    }

    @Test("HMAC-SHA1 signing matches the OAuth Core 1.0 photos example, and a made header verifies")
    func signature() throws {
        let url = URL(string: "http://photos.example.net/photos?file=vacation.jpg&size=original")!
        let oauth: [(name: String, value: String)] = [
            ("oauth_consumer_key", "dpf43f3p2l4k3l03"), ("oauth_token", "nnch734d00sl2jdk"), ("oauth_signature_method", "HMAC-SHA1"),
            ("oauth_timestamp", "1191242096"), ("oauth_nonce", "kllo9940pd9333jh"), ("oauth_version", "1.0"),
        ]
        let base = OAuth1Signature.baseString(method: "GET", url: url, oauth: oauth)
        #expect(base.hasPrefix("GET&http%3A%2F%2Fphotos.example.net%2Fphotos&file%3Dvacation.jpg"))
        #expect(
            OAuth1Signature.hmacSHA1(baseString: base, consumerSecret: "kd94hf93k423kf44", tokenSecret: "pfkkdhi9sl3r4s00")
                == "tR3+Ty81lMeYAr/Fid0kMTYa/WM=")
        let made = OAuth1Signature.header(
            url: url, consumerKey: "ck", consumerSecret: "cs", token: "t", tokenSecret: "ts", nonce: "n", timestamp: 5)
        let parsed = try OAuthEchoHeader.parse(made)
        let expected = OAuth1Signature.hmacSHA1(
            baseString: OAuth1Signature.baseString(method: "GET", url: url, oauth: parsed.parameters),
            consumerSecret: "cs", tokenSecret: "ts")
        #expect(parsed["oauth_signature"] == expected)
    }

    static let allowed = [try! EchoProviderPolicy.AllowedHost("api.digits.com")]

    @Test(
        "only https on exactly an allowed host and port passes",
        arguments: [
            "https://api.digits.com.attacker.example/1.1/sdk/account.json", "https://api.digits.com@evil.example/",
            "https://evil.example/api.digits.com", "https://evil.example/?h=api.digits.com", "https://api.digits.com:444/",
            "https://API.DIGITS.COM/", "https://Api.digits.com/", "https://аpi.digits.com/", "https://xn--pi-7ld.digits.com/",
            "http://api.digits.com/", "https://api.digits.com\\@evil.example/", "https://api.digits.com./", "https://user@api.digits.com/",
            "https://api.digits.com#@evil.example/", "ftp://api.digits.com/", "HTTPS://api.digits.com/", "https://api.digits.com:0/",
            "https://api.digits.com /", "//api.digits.com/", "https://sub.api.digits.com/", "https://digits.com/",
        ])
    func refused(url: String) {
        #expect {
            _ = try EchoProviderPolicy.vet(url, allowed: Self.allowed)
        } throws: { error in
            (error as? EchoError).map { if case .providerRefused = $0 { true } else { false } } ?? false
        }
    }

    @Test("the allowed provider URLs pass, loopback http with its port included")
    func allowedURLs() throws {
        #expect(try EchoProviderPolicy.vet("https://api.digits.com/1.1/sdk/account.json", allowed: Self.allowed).host == "api.digits.com")
        #expect(try EchoProviderPolicy.vet("https://api.digits.com:443/x?a=1", allowed: Self.allowed).path == "/x")
        let loopback = [try EchoProviderPolicy.AllowedHost("127.0.0.1:8080")]
        #expect(try EchoProviderPolicy.vet("http://127.0.0.1:8080/1.1/sdk/account.json", allowed: loopback).port == 8080)
        #expect(throws: EchoError.self) { try EchoProviderPolicy.vet("http://127.0.0.1:8081/", allowed: loopback) }
        #expect(throws: UsageError.self) { try EchoProviderPolicy.AllowedHost("https://api.digits.com") }
        #expect(throws: UsageError.self) { try EchoProviderPolicy.AllowedHost("api.digits.com:99999") }
    }

    @Test("an id with text on both sides of @ is an e-mail, whatever follows it")
    func stableID() {
        #expect(StableUserID.problem("jane@localhost")?.code == "profile.id.email")
        #expect(StableUserID.problem("jane@example.com")?.code == "profile.id.email")
        #expect(StableUserID.problem("@handle") == nil)
        #expect(StableUserID.problem("3d6479fe") == nil)
        #expect(StableUserID.problem("  ")?.code == "profile.id.empty")
    }

    @Test("a server's words lose the request's secrets and every control character, in one line")
    func serverWords() {
        let response = HTTPResponse(
            status: 400, headers: [], body: Data(#"{"message":"bad token s3cr3t-t0ken\u001b[31m\nagain"}"#.utf8),
            url: URL(string: "https://x.example")!, duration: 0)
        let words = ServerWords.from(response, secrets: ["s3cr3t-t0ken"]) ?? ""
        #expect(words == "bad token [redacted] [31m again")
        #expect(
            ServerWords.from(
                HTTPResponse(
                    status: 500, headers: [], body: Data("<html>x</html>".utf8), url: URL(string: "https://x.example")!,
                    duration: 0)) == nil)
    }
}
