import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

@Suite("profile contract")
struct ProfileTests {
    func profile(_ json: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
    }

    func codes(_ json: String, channel: Channel = Channel(), expectedID: String? = nil) throws -> [String] {
        try ProfileChecker(channel: channel).check(try profile(json), source: "p.json", expectedID: expectedID).findings.map(\.code)
    }

    static let good = #"{"id":"u-1","email":"jane@example.com","firstName":"Jane","lastName":"Doe","features":{"canAccessApp":true}}"#

    @Test(
        "a biography in Markdown or BBCode is a warning with the plain-text reading",
        arguments: [
            ("**Bold** designer", "Markdown", "Bold designer"),
            ("# Title\nI make things", "Markdown", "Title\\nI make things"),
            ("See [my site](https://jane.example) for more", "Markdown", "See my site for more"),
            ("- one\n- two", "Markdown", "one\\ntwo"),
            ("[b]Bold[/b] and [url=https://x.example]a link[/url]", "BBCode", "Bold and a link"),
        ])
    func markupBiography(biography: String, kind: String, cleaned: String) throws {
        let json = try JSONSerialization.data(withJSONObject: ["id": "u-1", "biography": biography, "features": ["canAccessApp": true]])
        let report = try ProfileChecker(channel: Channel()).check(try JSONDecoder().decode(JSONValue.self, from: json), source: "p.json")
        let finding = try #require(report.findings.first { $0.code == "profile.biography.markup" })
        #expect(finding.severity == .warning)
        #expect(finding.message.contains("contains \(kind)"), "\(finding.message)")
        #expect(finding.message.hasSuffix("As plain text: \"\(cleaned)\""), "\(finding.message)")
    }

    @Test(
        "plain text with asterisks, underscores and hyphens is not mistaken for markup",
        arguments: [
            "5 * 3 * 2 = 30", "my_handle_here", "Jean-Luc, photographer - Paris", "I love C# and F#", "rated 4*",
        ])
    func plainBiography(biography: String) throws {
        let json = try JSONSerialization.data(withJSONObject: ["id": "u-1", "biography": biography, "features": ["canAccessApp": true]])
        let report = try ProfileChecker(channel: Channel()).check(try JSONDecoder().decode(JSONValue.self, from: json), source: "p.json")
        #expect(!report.findings.contains { $0.code == "profile.biography.markup" }, "\(report.findings.map(\.message))")
    }

    @Test("a good profile has no errors and maps to the Dots view")
    func good() throws {
        let report = try ProfileChecker(channel: Channel()).check(try profile(Self.good), source: "p.json")
        #expect(report.findings.filter { $0.severity == .error }.isEmpty)
        #expect(report.dots.id == "u-1")
        #expect(report.import.firstName == "Jane")
        #expect(report.dots.flags.map(\.name) == ["canAccessApp"])
    }

    @Test(
        "id rules: email, missing, number, wrong type, changed",
        arguments: [
            (#"{"id":"a@b.co","features":{"canAccessApp":true}}"#, "profile.id.email"),
            (#"{"email":"a@b.co","features":{"canAccessApp":true}}"#, "profile.id.missing"),
            (#"{"id":42,"features":{"canAccessApp":true}}"#, "profile.id.number"),
            (#"{"id":true,"features":{"canAccessApp":true}}"#, "profile.id.type"),
            (#"{"id":"","features":{"canAccessApp":true}}"#, "profile.id.empty"),
        ])
    func ids(json: String, code: String) throws {
        #expect(try codes(json).contains(code))
    }

    @Test("a saved profile with a key given twice is checked on the first copy, as a fetched one is decoded, and warned about")
    func savedProfileRepeatedKey() throws {
        let text = #"{"id":"first","id":"second","email":"jane@example.com","features":{"canAccessApp":true,"canAccessApp":false}}"#
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("repeated-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try text.write(to: file, atomically: true, encoding: .utf8)
        let report = try ProfileLoader(channel: Channel(), http: FakeHTTPClient()).load(file: file.path, expectedID: nil)
        let fetchedReading = try ProfileChecker(channel: Channel()).check(try profile(text), source: file.path)
        #expect(report.dots.id == "first")
        #expect(report.dots.id == fetchedReading.dots.id)
        #expect(!report.findings.contains { $0.code == "profile.flag.app-access-false" }, "canAccessApp's first copy (true) counts")
        #expect(report.findings.filter { $0.code == "profile.json.duplicate-key" }.count == 2)
    }

    @Test("a different id than before is an error: ids are immutable")
    func changedID() throws {
        #expect(try codes(Self.good, expectedID: "u-0").contains("profile.id.changed"))
        #expect(!(try codes(Self.good, expectedID: "u-1")).contains("profile.id.changed"))
    }

    @Test("flags: strings, nested objects, numbers, missing documented flags, undocumented ones")
    func flags() throws {
        var channel = Channel()
        channel.flags = ["canAccessApp": "app", "canAccessNews": "news"]
        let report = try ProfileChecker(channel: channel).check(
            try profile(
                #"{"id":"u","features":{"canAccessApp":"true","tier":{"gold":true},"n":1,"extra":false}}"#), source: "p")
        let notBoolean = report.findings.filter { $0.code == "profile.flag.not-boolean" }
        #expect(Set(notBoolean.compactMap(\.location.path)) == ["$.features.canAccessApp", "$.features.tier", "$.features.n"])
        #expect(notBoolean.first { $0.location.path == "$.features.canAccessApp" }?.message.contains("the string \"true\"") == true)
        #expect(report.findings.contains { $0.code == "profile.flag.missing" && $0.message.contains("canAccessNews") })
        #expect(
            report.findings.contains {
                $0.code == "profile.flag.undocumented" && $0.location.path == "$.features.extra" && $0.severity == .info
            })
        // Reports are diffed between runs: flags come in name order, not a dictionary's order of the day.
        let many = try ProfileChecker(channel: channel).check(
            try profile(
                #"{"id":"u","features":{"canAccessApp":true,"zeta":true,"alpha":true,"mu":true,"beta":true,"omega":true}}"#), source: "p")
        #expect(
            many.findings.filter { $0.code == "profile.flag.undocumented" }.compactMap(\.location.path)
                == ["$.features.alpha", "$.features.beta", "$.features.mu", "$.features.omega", "$.features.zeta"])
        #expect(try codes(#"{"id":"u"}"#).contains("profile.features.missing"))
        #expect(try codes(#"{"id":"u","features":[true]}"#).contains("profile.features.type"))
        #expect(try codes(#"{"id":"u","features":{"canAccessApp":false}}"#).contains("profile.flag.app-access-false"))
    }

    @Test("names are limited to 100 bytes, and the message gives bytes and characters")
    func nameLimits() throws {
        let sixtyAccents = String(repeating: "é", count: 60)
        let report = try ProfileChecker(channel: Channel()).check(
            try profile(
                #"{"id":"u","firstName":"\#(sixtyAccents)","lastName":"\#(String(repeating: "a", count: 100))","features":{"canAccessApp":true}}"#
            ), source: "p")
        let finding = try #require(report.findings.first { $0.code == "profile.first-name.too-long" })
        #expect(finding.message.contains("120 bytes"))
        #expect(finding.message.contains("60 characters"))
        #expect(report.import.firstName == nil)
        #expect(report.import.lastName?.utf8.count == 100)
    }

    @Test("e-mail must be valid and at most 150 bytes")
    func emails() throws {
        #expect(try codes(#"{"id":"u","email":"jane@@example","features":{"canAccessApp":true}}"#).contains("profile.email.invalid"))
        let long =
            String(repeating: "j", count: 64) + "@" + String(repeating: "e", count: 60) + "." + String(repeating: "x", count: 30) + ".com"
        #expect(try codes(#"{"id":"u","email":"\#(long)","features":{"canAccessApp":true}}"#).contains("profile.email.too-long"))
        for valid in ["a@b.co", "first.last+tag@sub.example.org", "o'neil@example.ie"] { #expect(EmailAddress.isValid(valid), "\(valid)") }
        for invalid in ["plain", "@example.com", "a@", "a b@example.com", "a..b@example.com", "a@example", "a@-x.com", "a@ex_ample.com"] {
            #expect(!EmailAddress.isValid(invalid), "\(invalid)")
        }
    }

    @Test(
        "biographies lose tags, script and style contents and entities, and keep newlines",
        arguments: [
            ("Plain\nlines", "Plain\nlines"),
            ("<p>Hello <b>world</b></p><p>Second</p>", "Hello world\nSecond"),
            ("Keep<script>alert('x')</script> this<style>p{}</style>", "Keep this"),
            ("Fish &amp; chips &lt;3 &#233;&#x1F600; &nbsp;end", "Fish & chips <3 é😀 \u{00A0}end"),
            ("Line<br>break<br/>again", "Line\nbreak\nagain"),
            ("a < b and c > d", "a < b and c > d"),
            ("x<!-- hidden > still -->y", "xy"),
        ])
    func biography(html: String, expected: String) {
        #expect(HTMLStripper.strip(html) == expected)
    }

    @Test("a channel mapping reads fields from anywhere in the profile")
    func mapping() throws {
        var channel = Channel()
        channel.profileMapping = ["id": "$.user.uuid", "features": "$.access", "firstName": "$.names[0]"]
        let report = try ProfileChecker(channel: channel).check(
            try profile(
                #"{"user":{"uuid":"x-9"},"names":["Ann"],"access":{"canAccessApp":true}}"#), source: "p")
        #expect(report.dots.id == "x-9")
        #expect(report.dots.firstName == "Ann")
        #expect(report.dots.flags.first?.isOn == true)
        channel.profileMapping = ["nickname": "$.x"]
        #expect(throws: ConfigError.self) { try ProfileChecker(channel: channel) }
        #expect(try JSONPath(#"$.a["b c"][2]"#).description == #"$.a["b c"][2]"#)
        #expect(throws: InputError.self) { try JSONPath("$.a[") }
    }

    @Test("flags check: only the JSON boolean true passes; no names applies the app-launch rule")
    func flagCheck() {
        let flags = [
            FlagReading(name: "canAccessApp", value: .bool(true), purpose: nil, gates: []),
            FlagReading(name: "off", value: .bool(false), purpose: nil, gates: ["news"]),
            FlagReading(name: "text", value: .string("true"), purpose: nil, gates: []),
        ]
        #expect(FlagCheck.evaluate(names: [], flags: flags).allSatisfy { $0.passed })
        let results = FlagCheck.evaluate(names: ["canAccessApp", "off", "text", "missing"], flags: flags)
        #expect(results.map(\.passed) == [true, false, false, false])
        #expect(results[1].problem?.contains("news") == true)
        let launch = FlagCheck.evaluate(names: [], flags: [FlagReading(name: "canAccessApp", value: .bool(false), purpose: nil, gates: [])])
        #expect(launch.first?.problem?.contains("log this member out") == true)
    }

    @Test("container requests put the token and user id where configured; URLs with member data are flagged")
    func containers() throws {
        var channel = Channel(name: "acme")
        channel.flags = ["canAccessNews": "news"]
        channel.containers = [
            .init(
                name: "news", url: "https://acme.example/news?lang=en", flag: "canAccessNews",
                token: .init(in: .header, name: "Authorization"), userId: .init(in: .query, name: "uid")),
            .init(name: "mine", url: "https://acme.example/u/jane@example.com", token: .init(in: .query, name: "t")),
            .init(name: "plain", url: "http://acme.example/x", flag: "undocumented"),
        ]
        let flags = [FlagReading(name: "canAccessNews", value: .bool(false), purpose: nil, gates: ["news"])]
        let news = try ContainerRequest(channel.containers![0], token: "secret-token", userID: "u-1", flags: flags, showSecrets: false)
        #expect(news.url == "https://acme.example/news?lang=en&uid=u-1")
        #expect(news.headers["Authorization"] == "Bearer [redacted]")
        #expect(news.allowed == false)
        let shown = try ContainerRequest(channel.containers![1], token: "secret-token", userID: nil, flags: flags, showSecrets: true)
        #expect(shown.url.contains("t=secret-token"))
        #expect(shown.allowed == true)
        let codes = ContainerLint.findings(for: channel, userID: "u-1", email: nil).map(\.code)
        #expect(codes.contains("containers.url.user-specific"))
        #expect(codes.contains("containers.url.insecure"))
        #expect(codes.contains("containers.flag.undocumented"))
        #expect(codes.contains("containers.token.in-query"))
    }
}
