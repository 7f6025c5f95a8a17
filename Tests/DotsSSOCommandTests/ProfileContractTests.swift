import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

@testable import DotsSSOCLI

/// `profile`'s contract with partners, in-process: each mistake partners make (the profiles in
/// `Tests/Peers/partner_profiles.json`, which the Python peer serves to the spawning tests too) is a finding with its
/// code and the documented exit. Transport failures (a hang, a huge body, an HTML page) stay with the built binary
/// against a real server (`ProfileCLITests`).
@Suite("profile: each partner mistake, in-process")
struct ProfileContractTests {
    static let token = "member-token-\(UUID().uuidString)"
    static let endpoint = "https://partner.fake.example/profiles/"

    /// The shared profiles, by case.
    static func profiles() throws -> [String: JSONValue] {
        let data = try Data(contentsOf: TestPaths.repository.appendingPathComponent("Tests/Peers/partner_profiles.json"))
        return try JSONDecoder().decode([String: JSONValue].self, from: data)
    }

    /// The options that reach `name` on the fake partner with the member's token file (`writeMemberToken`).
    static func options(_ t: TestContext, _ name: String) -> [String] {
        ["--profile-endpoint", endpoint + name, "--access-token-file", t.home.path("token")]
    }

    /// The member's token, in the file `options` names.
    static func writeMemberToken(_ t: TestContext) throws {
        try Data("\(token)\n".utf8).write(to: URL(fileURLWithPath: t.home.path("token")))
    }

    /// A context whose partner serves `name`'s profile to the member's bearer token only (401 otherwise).
    static func partner(_ name: String) throws -> (TestContext, [String]) {
        let t = TestContext()
        let profile = try #require(try profiles()[name], "no profile \(name) in partner_profiles.json")
        let body = try JSONEncoder().encode(profile)
        t.http.on(.get, endpoint + name) { request in
            let bearer = request.headers.first { $0.name.lowercased() == "authorization" }?.value
            guard bearer == "Bearer \(token)" else { return (401, [], Data()) }
            return (200, [("Content-Type", "application/json")], body)
        }
        try writeMemberToken(t)
        return (t, ["profile"] + options(t, name))
    }

    /// Each shared profile, the exit `profile` ends with, and the finding it must report.
    static let mistakeTable: [(name: String, status: Int32, code: String?)] = [
        ("good", 0, nil),
        ("email-id", 1, "profile.id.email"),
        ("missing-id", 1, "profile.id.missing"),
        ("numeric-id", 0, "profile.id.number"),
        ("string-flag", 1, "profile.flag.not-boolean"),
        ("nested-flag", 1, "profile.flag.not-boolean"),
        ("no-features", 1, "profile.features.missing"),
        ("app-false", 0, "profile.flag.app-access-false"),
        ("no-app-flag", 1, "profile.flag.missing"),
        ("long-first-name", 1, "profile.first-name.too-long"),
        ("invalid-email", 1, "profile.email.invalid"),
        ("long-email", 1, "profile.email.too-long"),
        ("html-bio", 0, "profile.biography.html-stripped"),
        ("sub-only", 0, nil),
    ]

    @Test("each partner mistake is a finding with its code and the documented exit", arguments: mistakeTable)
    func mistakes(name: String, status: Int32, code: String?) async throws {
        let (t, profile) = try Self.partner(name)
        let result = await t.run(profile + ["--json"])
        #expect(result.status == status, "\(name): \(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["profile"] != nil)
        #expect(object["import"] != nil)
        let codes = (object["findings"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        if let code { #expect(codes.contains(code), "\(name): \(codes)") }
        #expect(!result.allOutput.contains(Self.token))
        #expect(t.http.requests.count == 1, "one request, with the member's token")
    }

    @Test("every profile in the shared file is in the table above: a new mistake gets its expected code")
    func everyProfileTested() throws {
        #expect(Set(try Self.profiles().keys) == Set(Self.mistakeTable.map(\.name)))
    }

    @Test("the import preview shows the stripped biography and the 120-byte name in bytes and characters")
    func humanOutput() async throws {
        let (bioContext, bio) = try Self.partner("html-bio")
        let shown = await bioContext.run(bio)
        let preview = try #require(shown.stdout.components(separatedBy: "Import preview").last)
        #expect(preview.contains("Hello world & friends⏎ Line two⏎ Café 😀 (HTML stripped)"))
        #expect(!preview.contains("alert"))
        let (nameContext, name) = try Self.partner("long-first-name")
        let named = await nameContext.run(name)
        #expect(named.stdout.contains("120 bytes in UTF-8 (60 characters)"))
        #expect(named.stdout.contains("refused: 120 bytes"))
    }

    @Test("--strict makes warnings fail")
    func strict() async throws {
        let (t, profile) = try Self.partner("html-bio")
        #expect(await t.run(profile).status == 0)
        #expect(await t.run(profile + ["--strict"]).status == 1)
    }

    @Test(
        "flags check exit codes: true passes; false, missing and string flags fail with one line each",
        arguments: [
            // (profile, flags named, exit, "fail" lines)
            ("good", ["canAccessApp"], 0, 0),
            ("good", ["canAccessApp", "canAccessContainer2"], 0, 0),
            ("good", ["canAccessContainer1"], 1, 1),
            ("good", ["nope"], 1, 1),
            ("good", ["canAccessApp", "canAccessContainer1", "nope"], 1, 2),
            ("string-flag", ["canAccessApp"], 1, 1),
            ("good", [], 0, 0),
            ("app-false", [], 1, 1),
            ("no-app-flag", [], 1, 1),
            ("string-flag", [], 1, 1),
        ])
    func flagsCheck(name: String, flags: [String], status: Int32, failingLines: Int) async throws {
        let (t, _) = try Self.partner(name)
        let result = await t.run(["flags", "check"] + flags + Self.options(t, name))
        #expect(result.status == status, "\(name) \(flags): \(result.stdout)\(result.stderr)")
        let failing = result.stdout.split(separator: "\n").filter { $0.hasPrefix("fail") }
        #expect(failing.count == failingLines, "\(name) \(flags): \(result.stdout)")
        if name == "app-false" { #expect(result.stdout.contains("log this member out")) }
    }

    @Test(
        "the app-launch rule cannot be checked when the profile cannot be fetched: it says so and ends with that failure's status, never 1")
    func launchRuleUnreachable() async throws {
        for (status, exit) in [(503, Int32(75)), (401, Int32(77))] {
            let t = TestContext()
            t.http.on(.get, Self.endpoint + "down") { _ in (status, [], Data()) }
            try Self.writeMemberToken(t)
            let result = await t.run(["flags", "check"] + Self.options(t, "down"))
            #expect(result.status == exit, "\(status): \(result.stderr)")
            #expect(result.stderr.contains("could not check the app-launch rule"), "\(result.stderr)")
            #expect(!result.stderr.contains("would log this member out"))
            if status == 503 {
                let named = await t.run(["flags", "check", "canAccessApp"] + Self.options(t, "down"))
                #expect(named.status == 75, "a 503 is temporary: retry later")
            }
        }
    }
}
