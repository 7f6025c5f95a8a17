import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

@testable import DotsSSOCLI

/// The finding-code registry: `explain` reads it, findings are made from it (so their severity cannot drift from
/// the documentation), and a registered domain writes its codes nowhere else.
@Suite("finding codes: the registry and explain")
struct FindingRegistryTests {
    @Test("explain prints a code's severity, paragraph and source; --json the same fields")
    func explain() async throws {
        let t = TestContext()
        let text = await t.run(["explain", "discover.pkce.s256-missing"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasPrefix("discover.pkce.s256-missing (error)"), "\(text.stdout)")
        #expect(text.stdout.contains("Source: RFC 7636"), "\(text.stdout)")
        let json = await t.run(["explain", "discover.issuer.mismatch", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: String])
        #expect(object["code"] == "discover.issuer.mismatch" && object["severity"] == "error")
        #expect(object["explanation"]?.contains("trailing slash") == true && object["source"]?.contains("RFC 8414") == true)
    }

    @Test("an unknown code is a usage error (64) naming the nearest known: a typo's one, or a family's members")
    func unknown() async throws {
        let t = TestContext()
        let typo = await t.run(["explain", "discover.pkce.s265-missing"])
        #expect(typo.status == 64)
        #expect(typo.stderr.contains(#"did you mean "discover.pkce.s256-missing"?"#), "\(typo.stderr)")
        let family = await t.run(["explain", "discover.pkce"])
        #expect(family.status == 64)
        #expect(
            family.stderr.contains("discover.pkce.s256-missing") && family.stderr.contains("discover.pkce.not-advertised"),
            "\(family.stderr)")
        let nothing = await t.run(["explain"])
        #expect(nothing.status == 64)
        #expect(nothing.stderr.contains("--markdown"), "\(nothing.stderr)")
    }

    @Test("each registered code once, with a severity, a paragraph and a source; the Markdown has every code")
    func registry() {
        let codes = FindingCatalog.all.map(\.code)
        #expect(Set(codes).count == codes.count, "a code registered twice")
        for entry in FindingCatalog.all {
            #expect(entry.explanation.count > 40 && entry.explanation.hasSuffix("."), "\(entry.code): \(entry.explanation)")
            #expect(!entry.explanation.contains("  ") && !entry.explanation.contains("\n"), "\(entry.code) is one clean paragraph")
            #expect(!entry.source.isEmpty, "\(entry.code) names no source")
            #expect(FindingCatalog.markdown.contains("### `\(entry.code)` (\(entry.severity.rawValue))"))
        }
    }

    @Test("every code a …Findings file declares is in the catalogue: declaring it is registering it")
    func declaredIsRegistered() throws {
        let registered = Set(FindingCatalog.all.map(\.code))
        let declared = try Regex(#"FindingCode\(\s*"([a-z][a-z0-9.:-]*)""#)
        var forgotten: [String] = []
        var seen = 0
        for (name, text) in try Self.sources() where name.hasSuffix("Findings.swift") {
            for match in text.matches(of: declared) {
                seen += 1
                let code = String(match.output[1].substring ?? "")
                if !registered.contains(code) { forgotten.append("\(name): \(code)") }
            }
        }
        #expect(seen > 250, "the declarations are read: \(seen)")
        #expect(forgotten.isEmpty, "declared but missing from their domain's `all` (so explain and SARIF lack them): \(forgotten)")
    }

    @Test("a registered domain's codes are written only in registry files: a finding elsewhere names it by its entry")
    func onePlace() async throws {
        let registered = FindingCatalog.all.map(\.code)
        // Scanned on a thread of its own: a pattern a domain over every source takes seconds, which would hold one of
        // the two cooperative threads every other test's in-process run waits for.
        let found = try await DetachedThread.run {
            let texts = try Self.sources()
            return try FindingCatalog.domains.map { domain, _ in
                let pattern = try Regex("\"\(domain)\\.[a-z0-9.-]*[a-z0-9]\"")
                var outside: [String] = []
                for (name, text) in texts where !name.hasSuffix("Findings.swift") {
                    for match in text.matches(of: pattern) {
                        let literal = String(text[match.range].dropFirst().dropLast())
                        // A family's prefix (an archive format's "lottie.archive") names no single code.
                        if registered.contains(where: { $0.hasPrefix(literal + ".") }) { continue }
                        outside.append("\(name): \(literal)")
                    }
                }
                return (domain, outside)
            }
        }
        for (domain, outside) in found {
            #expect(outside.isEmpty, "\(domain) codes written inline outside the registry: \(outside)")
        }
        #expect(Set(registered).count == registered.count)
    }

    @Test("no finding outside the registries is made from a code literal, interpolated or not: each comes from an entry")
    func noInlineCodes() throws {
        // A severity then a code-shaped string ("domain.what", "profile.\\(field).type"), or check's failure("…"):
        // the forms a finding written around the registry takes. Every one caught here would be a code explain lacks.
        let inline = try Regex(#"(\.(error|warning|info),\s*|failure\(\s*)"[a-z][a-z:-]*\.[^"]*""#)
        var found: [String] = []
        for (name, text) in try Self.sources() where !name.hasSuffix("Findings.swift") {
            for match in text.matches(of: inline) { found.append("\(name): \(text[match.range])") }
        }
        #expect(found.isEmpty, "findings with inline codes: \(found)")
    }

    /// Every Swift file of the sources, by file name, with its text.
    static func sources() throws -> [(name: String, text: String)] {
        try SourceTree.files().map { ($0.name, $0.text) }
    }

    @Test("findings discover makes carry the registered severity, and SARIF rules carry the registered explanation")
    func findingsFromRegistry() async throws {
        let t = TestContext()
        let metadata =
            #"{"issuer": "https://weak.fake.example/", "authorization_endpoint": "http://weak.fake.example/a", "token_endpoint": "https://weak.fake.example/t", "response_types_supported": ["token"], "code_challenge_methods_supported": ["plain"]}"#
        t.http.json(
            .get, "https://weak.fake.example/.well-known/openid-configuration",
            try JSONDecoder().decode(JSONValue.self, from: Data(metadata.utf8)))
        let sarif = t.home.path("discover.sarif")
        let result = await t.run(["discover", "--issuer", "https://weak.fake.example", "--json", "--sarif", sarif])
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.count >= 4)
        for finding in findings {
            let code = try #require(finding["code"] as? String)
            let entry = try #require(FindingCatalog.code(code), "\(code) is not registered")
            #expect(finding["severity"] as? String == entry.severity.rawValue, "\(code)")
        }
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: sarif))) as? [String: Any])
        let rules = try #require(
            ((document["runs"] as? [[String: Any]])?.first?["tool"] as? [String: Any]).flatMap { $0["driver"] as? [String: Any] }?["rules"]
                as? [[String: Any]])
        for rule in rules {
            let id = try #require(rule["id"] as? String)
            let entry = try #require(FindingCatalog.code(id))
            #expect((rule["fullDescription"] as? [String: Any])?["text"] as? String == entry.explanation)
        }
    }
}
