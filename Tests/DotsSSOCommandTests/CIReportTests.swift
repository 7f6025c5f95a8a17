import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

@testable import DotsSSOCLI

/// The CI reports as a dashboard reads them: JUnit one case per input (parsed back, merged), SARIF 2.1.0, GitLab
/// Code Quality, and GitHub's annotation limits.
@Suite("CI reports")
struct CIReportTests {
    static let good =
        #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[]}]}"#
    /// A precomposition of an asset that is not there is an error (and an unknown layer type a warning).
    static let bad =
        #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":0,"refId":"nope","ind":1,"ip":0,"op":60,"st":0,"ks":{}},{"ty":99,"ind":2,"ip":0,"op":60,"st":0}]}"#

    func files(_ t: TestContext) throws -> (good: String, bad: String, missing: String) {
        let good = t.home.path("good.json"), bad = t.home.path("bad.json")
        try Data(Self.good.utf8).write(to: URL(fileURLWithPath: good))
        try Data(Self.bad.utf8).write(to: URL(fileURLWithPath: bad))
        return (good, bad, t.home.path("missing.json"))
    }

    @Test("JUnit: one test case per input (a clean file passes, a broken one fails, a missing one errors), read back as XML")
    func junitPerInput() async throws {
        let t = TestContext()
        let (good, bad, missing) = try files(t)
        let junit = t.home.path("reports/ci.xml")
        let result = await t.run(["bodymovin", "validate", good, bad, missing, "--no-render", "--junit", junit])
        #expect(result.status != 0)
        let root = try XMLTree.parse(try String(contentsOfFile: junit, encoding: .utf8))
        let suite = try #require(root.elements.first)
        let cases = suite.elements
        #expect(cases.map { $0[attribute: "name"] } == [good, bad, missing], "\(cases.map { $0[attribute: "name"] ?? "" })")
        #expect(cases[0].elements.allSatisfy { $0.name == "system-out" }, "the clean file passes")
        #expect(cases[1].elements.first?.name == "failure")
        #expect(cases[2].elements.first?.name == "error")
        #expect(suite[attribute: "tests"] == "3" && suite[attribute: "failures"] == "1" && suite[attribute: "errors"] == "1")
        #expect(root[attribute: "tests"] == "3")
    }

    @Test("JUnit merges by parsing: another command's suite is kept, the same suite replaced, totals recounted; a foreign file is replaced")
    func junitMerge() async throws {
        let t = TestContext()
        let (good, bad, _) = try files(t)
        let junit = t.home.path("ci.xml")
        _ = await t.run(["bodymovin", "validate", good, "--no-render", "--junit", junit])
        _ = await t.run(["bodymovin", "validate", good, bad, "--no-render", "--profile", "spec", "--junit", junit])
        _ = await t.run(["bodymovin", "validate", bad, "--no-render", "--junit", junit])
        let root = try XMLTree.parse(try String(contentsOfFile: junit, encoding: .utf8))
        #expect(root.elements.count == 2, "two suites: one per profile")
        let names = root.elements.compactMap { $0[attribute: "name"] }
        #expect(Set(names).count == 2)
        let replaced = try #require(root.elements.first { $0.elements.count == 1 })
        #expect(replaced.elements.first?[attribute: "name"] == bad, "the second run of the same suite replaced the first")
        #expect(root[attribute: "tests"] == "3" && root[attribute: "failures"] == "2", "\(root.attributes)")
        try Data("<not xml".utf8).write(to: URL(fileURLWithPath: junit))
        _ = await t.run(["bodymovin", "validate", good, "--no-render", "--junit", junit])
        #expect(try XMLTree.parse(try String(contentsOfFile: junit, encoding: .utf8))[attribute: "tests"] == "1")
    }

    @Test("check with a channel it cannot read still writes a failing case, so the partner is not silently missing")
    func unreadableChannel() async throws {
        let t = TestContext()
        let junit = t.home.path("ci.xml")
        try Data(#"{"name":"acme","isuer":"x"}"#.utf8).write(to: URL(fileURLWithPath: t.home.path("acme.json")))
        chmod(t.home.path("acme.json"), 0o600)
        let result = await t.run(["check", "--channel", t.home.path("acme.json"), "--junit", junit])
        #expect(result.status == 78, "\(result.stderr)")
        let root = try XMLTree.parse(try String(contentsOfFile: junit, encoding: .utf8))
        let error = try #require(root.elements.first?.elements.first?.elements.first)
        #expect(error.name == "error" && (error[attribute: "message"] ?? "").contains("unknown key \"isuer\""), "\(root.serialized())")
    }

    @Test("SARIF 2.1.0: a rule per code, results with level, message, file and JSON path; stable shape GitHub code scanning reads")
    func sarif() async throws {
        let t = TestContext()
        let (good, bad, _) = try files(t)
        let path = t.home.path("ci.sarif")
        _ = await t.run(["bodymovin", "validate", good, bad, "--no-render", "--sarif", path])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        #expect(document["version"] as? String == "2.1.0")
        let run = try #require((document["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "dots-sso")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(!results.isEmpty)
        for result in results {
            let id = try #require(result["ruleId"] as? String)
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == id)
            #expect(["error", "warning", "note"].contains(result["level"] as? String ?? ""))
            #expect(((result["message"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
            let location = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            // Relative to the folder the command ran in (here the test's home), as code scanning maps files.
            #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "bad.json", "\(location)")
        }
        #expect(results.first?["level"] as? String == "error", "errors first")
    }

    @Test("GitLab Code Quality: required keys, severities GitLab knows, fingerprints the same from run to run")
    func codeQuality() async throws {
        let t = TestContext()
        let (_, bad, _) = try files(t)
        func issues() async throws -> [[String: Any]] {
            let path = t.home.path("cq.json")
            _ = await t.run(["bodymovin", "validate", bad, "--no-render", "--codequality", path])
            return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [[String: Any]])
        }
        let first = try await issues(), second = try await issues()
        #expect(!first.isEmpty)
        for issue in first {
            for key in ["description", "check_name", "fingerprint", "severity", "location"] {
                #expect(issue[key] != nil, "\(key) in \(issue)")
            }
            #expect(["info", "minor", "major", "critical", "blocker"].contains(issue["severity"] as? String ?? ""))
            let location = try #require(issue["location"] as? [String: Any])
            #expect(location["path"] as? String == "bad.json" && (location["lines"] as? [String: Any])?["begin"] != nil, "\(location)")
        }
        #expect(first.compactMap { $0["fingerprint"] as? String } == second.compactMap { $0["fingerprint"] as? String })
        #expect(Set(first.compactMap { $0["fingerprint"] as? String }).count == first.count, "one fingerprint per issue")
    }

    @Test("GitHub annotations: at most 10 of a level, the 10th saying how many more and where to read them")
    func annotationCap() {
        let findings =
            (1...25).map { Finding(.warning, "lottie.test", at: FindingLocation(file: "f\($0).json"), "warning \($0)") }
            + [Finding(.error, "lottie.bad", at: FindingLocation(file: "x.json"), "one error")]
        let lines = GitHubAnnotations.render([("inputs", findings)], strict: false, workingFolder: "/")
        let warnings = lines.filter { $0.hasPrefix("::warning") }
        #expect(warnings.count == 10)
        #expect(warnings.last?.contains("16 more warnings not shown") == true, "\(warnings.last ?? "")")
        #expect(lines.filter { $0.hasPrefix("::error") }.count == 1)
    }
}

/// Issue 59 item 12: what code scanning and GitLab map to a file of the repository.
@Suite("CI report locations")
struct ReportLocationTests {
    @Test("a channel finding points at the channel file, relative, with the line and column of its JSON path, in all three reports")
    func channelLines() async throws {
        let t = TestContext(environment: ["GITHUB_ACTIONS": "true"])
        let channel = t.home.path("partners/acme.json")
        try FileManager.default.createDirectory(atPath: t.home.path("partners"), withIntermediateDirectories: true)
        try Data(
            """
            {
              "name": "acme",
              "flags": {"canAccessNews": "news"},
              "containers": [
                {"name": "news", "url": "https://news.fake.example/feed", "flag": "canAccessNews"},
                {"name": "events", "url": "http://events.fake.example/list"}
              ]
            }
            """.utf8
        ).write(to: URL(fileURLWithPath: channel))
        let profile = t.home.path("member.json")
        try Data(#"{"id":"u-1","features":{"canAccessApp":true,"canAccessNews":true}}"#.utf8).write(to: URL(fileURLWithPath: profile))
        let sarif = t.home.path("out/c.sarif"), quality = t.home.path("out/c.json")
        let result = await t.run(
            ["containers", "--channel", channel, "--profile-file", profile, "--sarif", sarif, "--codequality", quality])
        #expect(result.status == 1, "\(result.allOutput)")
        let run = try #require(
            (try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: sarif))) as? [String: Any])?["runs"]
                as? [[String: Any]]
        ).first
        let results = try #require(run?["results"] as? [[String: Any]])
        let events = try #require(results.first { (($0["message"] as? [String: Any])?["text"] as? String)?.contains("events") == true })
        let physical = try #require((events["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((physical["artifactLocation"] as? [String: Any])?["uri"] as? String == "partners/acme.json", "\(physical)")
        #expect((physical["artifactLocation"] as? [String: Any])?["uriBaseId"] as? String == "%SRCROOT%")
        #expect(physical["region"] as? [String: Int] == ["startLine": 6, "startColumn": 5], "\(physical)")
        #expect(events["partialFingerprints"] != nil)

        let issues = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: quality))) as? [[String: Any]])
        let issue = try #require(issues.first { ($0["description"] as? String)?.contains("events") == true })
        #expect(issue["location"] as? NSDictionary == ["path": "partners/acme.json", "lines": ["begin": 6]], "\(issue)")
        #expect(result.stderr.contains("file=partners/acme.json,line=6,col=5,"), "the annotation: \(result.stderr)")
    }

    @Test("fingerprints stay when a message's words change and differ for two findings of one place; a web address is no file")
    func fingerprintsAndAddresses() throws {
        let t = TestContext()
        let channel = t.home.path("acme.json")
        try Data(#"{"issuer": "https://idp.acme.example"}"#.utf8).write(to: URL(fileURLWithPath: channel))
        func suite(_ words: String) -> ReportSuite {
            let findings = [
                Finding(.warning, "channel.test.one", at: FindingLocation(file: channel, path: "$.issuer"), "\(words) once"),
                Finding(.warning, "channel.test.one", at: FindingLocation(file: channel, path: "$.issuer"), "\(words) twice"),
                Finding(.error, "tls.test.two", at: FindingLocation(file: "https://idp.acme.example/.well-known/x"), "\(words) over TLS"),
            ]
            return ReportSuite(name: "acme", cases: [ReportCase(name: "tls", findings: findings, outcome: .failed)], source: channel)
        }
        func results(_ suite: ReportSuite) throws -> [[String: Any]] {
            let data = try SARIFReport.render(suite, strict: false, workingFolder: t.home.url.path)
            let run = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["runs"] as? [[String: Any]]
            return try #require(run?.first?["results"] as? [[String: Any]])
        }
        func prints(_ results: [[String: Any]]) -> [String] {
            results.compactMap { ($0["partialFingerprints"] as? [String: String])?[SARIFReport.fingerprintName] }
        }
        let before = try results(suite("the issuer looks odd")), after = try results(suite("reworded entirely"))
        #expect(prints(before) == prints(after) && prints(before).count == 3)
        #expect(Set(prints(before)).count == 3, "two findings of one code at one place are two fingerprints")
        let quality = { (words: String) throws -> [String] in
            let data = try CodeQualityReport.render(suite(words), strict: false, workingFolder: t.home.url.path)
            return (try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []).compactMap { $0["fingerprint"] as? String }
        }
        #expect(try quality("a") == quality("b"), "Code Quality too")

        // The address is in the message; the file is the channel that names it, never the URL.
        let tls = try #require(before.first { $0["ruleId"] as? String == "tls.test.two" })
        #expect(((tls["message"] as? [String: Any])?["text"] as? String)?.contains("https://idp.acme.example/.well-known/x") == true)
        let uri = ((tls["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]).flatMap {
            ($0["artifactLocation"] as? [String: Any])?["uri"] as? String
        }
        #expect(uri == "acme.json", "\(tls)")
    }
}

@Suite("CI reports for containers")
struct ContainerReportTests {
    @Test("containers --junit: one case per container, the insecure one failing, the other passing")
    func perContainer() async throws {
        let t = TestContext()
        try t.writeChannel(
            "acme",
            #"""
            {"flags":{"canAccessNews":"news"},"containers":[{"name":"news","url":"https://news.fake.example/feed","flag":"canAccessNews"},
             {"name":"events","url":"http://events.fake.example/list"}]}
            """#)
        let profile = t.home.path("member.json")
        try Data(#"{"id":"u-1","features":{"canAccessApp":true,"canAccessNews":true}}"#.utf8).write(to: URL(fileURLWithPath: profile))
        let junit = t.home.path("containers.xml")
        let result = await t.run(["containers", "--channel", "acme", "--profile-file", profile, "--junit", junit])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let suite = try #require(try XMLTree.parse(try String(contentsOfFile: junit, encoding: .utf8)).elements.first)
        #expect(suite.elements.map { $0[attribute: "name"] } == ["news", "events"], "\(suite.serialized())")
        #expect(suite.elements[0].elements.isEmpty && suite.elements[1].elements.first?.name == "failure")
    }
}
