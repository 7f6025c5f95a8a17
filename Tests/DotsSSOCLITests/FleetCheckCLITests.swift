import DotsSSOBasics
import DotsSSOCore
import DotsSSOSandbox
import Foundation
import TestSupport
import Testing

/// `check` of many channels as a team's CI runs it: twenty channel files over three sandbox partners (two with a
/// broken deliverable, one file that is not a channel), split over matrices of several sizes, the shards' reports
/// merged and read back by JUnit, SARIF and Code Quality readers nobody here wrote, and a baseline kept across runs.
@Suite("check: many channels, shards, merged reports, a baseline", .serialized)
struct FleetCheckCLITests {
    /// The checks that need no member and draw nothing: what these tests are about is the run around them.
    static let scope = ["--skip", "live", "--skip", "loading-animation", "--skip", "magic-link"]

    struct Fleet {
        let partners: [SandboxPartner]
        let cli: DotsSSOCLI
        let folder: String
        var keys: [String]
        func stop() { partners.forEach { $0.stop() } }
    }

    /// p01…p20 over three partners: p05 and p11 serve their privacy policy over http, p17 is not JSON.
    static func fleet() async throws -> Fleet {
        var partners: [SandboxPartner] = []
        for _ in 0..<3 { partners.append(try await SandboxPartner.start(settings: SandboxPartner.Settings())) }
        let cli = DotsSSOCLI()
        let folder = cli.home.path("channels")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var keys: [String] = []
        for number in 1...20 {
            let key = String(format: "p%02d", number)
            keys.append(key)
            let path = "\(folder)/\(key).json"
            if number == 17 {
                try "{ \"issuer\": ".write(toFile: path, atomically: true, encoding: .utf8)
                continue
            }
            var channel = partners[number % 3].channel
            channel.name = nil
            if number == 5 || number == 11 { channel.legal?.privacyPolicy = "http://legal.example/privacy" }
            try ChannelStore.write(channel, toFile: path)
        }
        return Fleet(partners: partners, cli: cli, folder: folder, keys: keys)
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not JSON: \(text.prefix(300))")
    }

    static func channelKeys(_ document: [String: Any]) -> [String] {
        ((document["channels"] as? [[String: Any]]) ?? []).compactMap { $0["channel"] as? String }
    }

    @Test("twenty channels in one run: a line per check with its channel, one suite each, the worst status, fetches shared")
    func oneRun() async throws {
        let fleet = try await Self.fleet()
        defer { fleet.stop() }
        let summary = fleet.cli.home.path("step-summary.md")
        let run = try await fleet.cli.run(
            ["check", "--channels", "channels", "--junit", "reports/all.xml"] + Self.scope,
            environment: ["GITHUB_STEP_SUMMARY": summary], timeout: 120)
        // p05 fails before p17 cannot be read: both are failures, the first channel's status is the run's.
        #expect(run.status == 1, "\(run.allOutput)")
        #expect(run.stdout.contains("p05  FAIL legal:privacy-policy"), "\(run.stdout)")
        #expect(run.stdout.contains("p11      error legal.insecure: the Privacy Policy (http://legal.example/privacy)"))
        #expect(run.stdout.contains("p17  Not checked: channel file"), "\(run.stdout)")
        #expect(run.stdout.contains("Channels failed: 17 of 20 channels passed; 3 failed"), "\(run.stdout)")
        // Every check line names its channel.
        for line in run.stdout.split(separator: "\n") where line.contains(" ok   ") || line.contains(" FAIL ") {
            #expect(line.hasPrefix("p"), "a check line without its channel: \(line)")
        }
        let suites = try JUnitReader.read(fleet.cli.home.path("reports/all.xml"))
        #expect(suites.map(\.name) == fleet.keys)
        #expect(suites.filter { $0.cases.contains(where: \.failed) }.map(\.name) == ["p05", "p11"])

        // The step summary: a row per channel, the failing finding linked to its explanation.
        let markdown = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(markdown.contains("**17 of 20 channels passed** · 3 failed"), "\(markdown)")
        #expect(markdown.contains("| channel | channel | discovery | tls | authorization | legal |"), "\(markdown)")
        #expect(markdown.contains("| p05 | ✅ | ✅ | ✅ | ✅ | ❌ |"), "\(markdown)")
        #expect(markdown.contains("| p17 | ❌ not checked: channel file"), "\(markdown)")
        #expect(markdown.contains("[`legal.insecure`](https://github.com/thedots/dots-sso/blob/main/docs/findings.md#legalinsecure-error)"))
        let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| p") }
        #expect(rows.count == 20)
        let catalogue = try String(contentsOf: TestPaths.repository.appendingPathComponent("docs/findings.md"), encoding: .utf8)
        #expect(catalogue.contains("### `legal.insecure` (error)"), "the link's anchor is the heading's")

        // --json: a document per channel, the counts, and the discovery each partner's channels shared.
        let json = try await fleet.cli.run(["check", "--channels", "channels", "--json"] + Self.scope, timeout: 120)
        let document = try Self.json(json.stdout)
        #expect(Self.channelKeys(document) == fleet.keys)
        let counts = try #require(document["summary"] as? [String: Any])
        #expect(counts["passed"] as? Int == 17 && counts["failed"] as? Int == 3 && counts["channels"] as? Int == 20)
        // The nineteen readable channels on three partners made three discoveries (sixteen shared), and asked for 57 legal
        // documents at ten addresses (the three partners' three each, and the one http page of p05 and p11): 47 shared.
        #expect(counts["fetchesShared"] as? Int == 16 + 47, "\(counts)")
        #expect(document["exitStatus"] as? Int == 1 && json.status == 1)
        #expect(json.stderr.contains("channel p17 was not checked"), "\(json.stderr)")

        // Only the unreadable one fails: its own status (78), not 1.
        let unreadable = try await fleet.cli.run(
            ["check", "--channel", "channels/p01.json", "--channel", "channels/p17.json"] + Self.scope, timeout: 60)
        #expect(unreadable.status == 78, "\(unreadable.allOutput)")
        #expect(
            unreadable.stdout.contains("p17  Not checked: channel file") && unreadable.stdout.contains("p17.json"), "\(unreadable.stdout)")
        #expect(unreadable.stderr.contains("1 channel could not be checked (p17)"), "\(unreadable.stderr)")

        // Two files with one name would be one suite: refused before anything is sent.
        try FileManager.default.createDirectory(atPath: fleet.cli.home.path("other"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "\(fleet.folder)/p01.json", toPath: fleet.cli.home.path("other/p01.json"))
        let clash = try await fleet.cli.run(["check", "--channels", "channels", "--channel", "other/p01.json"] + Self.scope)
        #expect(clash.status == 64 && clash.stderr.contains("two channels are both named 'p01'"), "\(clash.allOutput)")
        // One refresh-token file for many channels would be spent by the first.
        let shared = try await fleet.cli.run(["check", "--channels", "channels", "--refresh-token-file", "token.txt"])
        #expect(shared.status == 64 && shared.stderr.contains("{channel}"), "\(shared.allOutput)")
        // Every other command takes one channel: a second --channel is an error, not the last silently winning.
        let twice = try await fleet.cli.run(["discover", "--channel", "channels/p01.json", "--channel", "channels/p02.json"])
        #expect(twice.status == 64 && twice.stderr.contains("only `dots-sso check` takes several channels"), "\(twice.allOutput)")
    }

    @Test("shards: every channel in exactly one shard for N = 2, 3 and 5, and the merged reports read back whole")
    func shardsAndMerge() async throws {
        guard let python = TestPaths.venvPython else {
            print("NOTICE: .venv is missing (run Scripts/test); skipping the merged-report readers")
            return
        }
        let fleet = try await Self.fleet()
        defer { fleet.stop() }
        let cli = fleet.cli
        for count in [2, 3, 5] {
            var seen: [String] = []
            var kinds: [String: [String]] = ["xml": [], "sarif": [], "codequality.json": [], "json": []]
            for index in 1...count {
                let folder = "shards-\(count)/\(index)"
                let run = try await cli.run(
                    [
                        "check", "--channels", "channels", "--shard", "\(index)/\(count)", "--json", "--junit", "\(folder)/check.xml",
                        "--sarif", "\(folder)/check.sarif", "--codequality", "\(folder)/check.codequality.json",
                    ] + Self.scope, timeout: 120)
                try run.stdout.write(toFile: cli.home.path("\(folder)/check.json"), atomically: true, encoding: .utf8)
                let keys = Self.channelKeys(try Self.json(run.stdout))
                // The same channel lands in the same shard whatever the others are.
                #expect(keys.allSatisfy { ChannelShard.shard(of: $0, count: count) == index })
                let failing = keys.contains("p05") || keys.contains("p11") || keys.contains("p17")
                #expect(
                    run.status == (failing ? (keys.contains("p05") || keys.contains("p11") ? 1 : 78) : 0) || keys.isEmpty,
                    "\(keys) \(run.status)")
                seen += keys
                for kind in kinds.keys { kinds[kind]?.append("\(folder)/check.\(kind)") }
            }
            #expect(seen.sorted() == fleet.keys, "N=\(count): \(seen.sorted())")

            // The final job: one report of each kind.
            for (kind, inputs) in kinds {
                let merged = try await cli.run(["report", "merge", "--output", "merged-\(count)/check.\(kind)"] + inputs)
                #expect(merged.status == 0, "\(kind): \(merged.allOutput)")
            }
            let junit = try await ProcessRunner.run(
                python,
                [TestPaths.peers.appendingPathComponent("ci_reports_check.py").path, "junit", cli.home.path("merged-\(count)/check.xml")])
            let read = try Self.json(junit.stdout)
            let suites = try #require(read["suites"] as? [String: [String: Any]], "\(junit.allOutput)")
            #expect(suites.keys.sorted() == fleet.keys)
            #expect((suites["p05"]?["cases"] as? [String: String])?["legal:privacy-policy"] == "failure")
            #expect((suites["p17"]?["cases"] as? [String: String])?["channel"] == "error")
            #expect((suites["p02"]?["cases"] as? [String: String])?.values.allSatisfy { $0 == "passed" } == true)
            #expect((read["totals"] as? [String: Int]) == (read["stated"] as? [String: Int]), "the root's totals are the suites' sums")
            #expect((read["totals"] as? [String: Int])?["failures"] == 2 && (read["totals"] as? [String: Int])?["errors"] == 1)

            let sarif = try await ProcessRunner.run(
                python, [TestPaths.peers.appendingPathComponent("sarif_check.py").path, cli.home.path("merged-\(count)/check.sarif")])
            #expect(sarif.status == 0, "\(sarif.allOutput)")
            let log = try Self.json(try String(contentsOfFile: cli.home.path("merged-\(count)/check.sarif"), encoding: .utf8))
            let runs = try #require(log["runs"] as? [[String: Any]])
            #expect(runs.count == 1, "GitHub takes one run per category in an upload")
            let results = try #require(runs.first?["results"] as? [[String: Any]])
            let insecure = results.filter { $0["ruleId"] as? String == "legal.insecure" }
            #expect(Set(insecure.compactMap { ($0["properties"] as? [String: String])?["channel"] }) == ["p05", "p11"])
            let prints = results.compactMap { ($0["partialFingerprints"] as? [String: String])?.values.first }
            #expect(Set(prints).count == prints.count, "two channels' findings on one host are two alerts")

            let quality = try await ProcessRunner.run(
                python,
                [
                    TestPaths.peers.appendingPathComponent("ci_reports_check.py").path, "codequality",
                    cli.home.path("merged-\(count)/check.codequality.json"),
                ])
            let issues = try Self.json(quality.stdout)
            #expect((issues["problems"] as? [String]) == [], "\(quality.allOutput)")
            #expect((issues["issues"] as? Int ?? 0) >= 2)

            let document = try Self.json(try String(contentsOfFile: cli.home.path("merged-\(count)/check.json"), encoding: .utf8))
            #expect(Self.channelKeys(document).sorted() == fleet.keys)
            #expect((document["summary"] as? [String: Any])?["passed"] as? Int == 17)
            #expect(document["exitStatus"] as? Int == 1 && document["passed"] as? Bool == false)
        }

        // The merge refuses what it cannot merge faithfully: kinds mixed, another tool's report.
        let mixed = try await cli.run(["report", "merge", "shards-2/1/check.xml", "shards-2/1/check.sarif"])
        #expect(mixed.status == 65 && mixed.stderr.contains("merge each kind on its own"), "\(mixed.allOutput)")
        try "<testsuites><testsuite name=\"x\"/></testsuites>".write(toFile: cli.home.path("other.xml"), atomically: true, encoding: .utf8)
        let foreign = try await cli.run(["report", "merge", "shards-2/1/check.xml", "other.xml"])
        #expect(foreign.status == 65 && foreign.stderr.contains("not a dots-sso JUnit report"), "\(foreign.allOutput)")
        let missing = try await cli.run(["report", "merge", "nowhere.xml"])
        #expect(missing.status == 64, "\(missing.allOutput)")
        let bad = try await cli.run(["check", "--channels", "channels", "--shard", "3/2"])
        #expect(bad.status == 64 && bad.stderr.contains("--shard 3/2"), "\(bad.allOutput)")
    }

    @Test("a baseline: accepted findings suppressed, a new one fails, an expired one fails with its reason, a stale one said")
    func baselineRoundTrip() async throws {
        let partner = try await SandboxPartner.start(settings: SandboxPartner.Settings())
        defer { partner.stop() }
        let cli = DotsSSOCLI()
        let folder = cli.home.path("channels")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var broken = partner.channel
        broken.name = nil
        broken.legal?.privacyPolicy = "http://legal.example/privacy"
        try ChannelStore.write(broken, toFile: "\(folder)/acme.json")
        var good = partner.channel
        good.name = nil
        try ChannelStore.write(good, toFile: "\(folder)/globex.json")
        let common = ["check", "--channels", "channels"] + Self.scope

        // Written: the run's own verdict is unchanged, the file lists acme's error with 90 days to decide.
        let first = try await cli.run(common + ["--write-baseline", "baseline.json"])
        #expect(first.status == 1, "\(first.allOutput)")
        #expect(first.stderr.contains("wrote baseline.json: 1 accepted finding (1 new"), "\(first.stderr)")
        var file = try Self.json(try String(contentsOfFile: cli.home.path("baseline.json"), encoding: .utf8))
        var entries = try #require(file["entries"] as? [[String: Any]])
        #expect(entries.count == 1)
        #expect(entries[0]["channel"] as? String == "acme" && entries[0]["code"] as? String == "legal.insecure")
        let until = try #require(entries[0]["until"] as? String)
        #expect(until > ISOTimestamp.day(Date().addingTimeInterval(89 * 86_400)), "\(until)")
        entries[0]["who"] = "jo@thedots.example"
        entries[0]["why"] = "acme moves its legal pages to https in March"
        file["entries"] = entries
        try JSONSerialization.data(withJSONObject: file).write(to: URL(fileURLWithPath: cli.home.path("baseline.json")))

        // Accepted: the run passes; the finding is still in every report, as suppressed.
        let accepted = try await cli.run(
            common + ["--baseline", "baseline.json", "--junit", "accepted.xml", "--sarif", "accepted.sarif", "--json"])
        #expect(accepted.status == 0, "\(accepted.allOutput)")
        let acme = try #require((try Self.json(accepted.stdout)["channels"] as? [[String: Any]])?.first)
        let privacy = try #require((acme["checks"] as? [[String: Any]])?.first { $0["name"] as? String == "legal:privacy-policy" })
        #expect(privacy["status"] as? String == "pass")
        #expect(((privacy["suppressed"] as? [[String: Any]])?.first?["why"] as? String)?.contains("March") == true)
        let junit = try String(contentsOfFile: cli.home.path("accepted.xml"), encoding: .utf8)
        #expect(junit.contains("<skipped message=\"accepted in the baseline: legal.insecure (jo@thedots.example: acme moves"), "\(junit)")
        let sarif = try String(contentsOfFile: cli.home.path("accepted.sarif"), encoding: .utf8)
        #expect(sarif.contains("\"kind\" : \"external\"") && sarif.contains("acme moves its legal pages"), "\(sarif)")
        if let python = TestPaths.venvPython {
            let read = try await ProcessRunner.run(
                python, [TestPaths.peers.appendingPathComponent("sarif_check.py").path, cli.home.path("accepted.sarif")])
            #expect(read.status == 0, "\(read.allOutput)")
        }

        // New: globex breaks too; its finding is not in the baseline and fails as before.
        good.legal?.termsAndConditions = "http://legal.example/terms"
        try ChannelStore.write(good, toFile: "\(folder)/globex.json")
        let fresh = try await cli.run(common + ["--baseline", "baseline.json"])
        #expect(fresh.status == 1)
        #expect(fresh.stdout.contains("globex  FAIL legal:terms-and-conditions"), "\(fresh.stdout)")
        #expect(!fresh.stdout.contains("acme  FAIL"), "\(fresh.stdout)")

        // Expired: the entry's day has passed; the finding fails again, with who accepted it and why.
        entries[0]["until"] = "2020-01-31"
        file["entries"] = entries
        try JSONSerialization.data(withJSONObject: file).write(to: URL(fileURLWithPath: cli.home.path("baseline.json")))
        let expired = try await cli.run(common + ["--baseline", "baseline.json", "--only", "legal"])
        #expect(expired.status == 1)
        #expect(expired.stdout.contains("check.baseline.expired"), "\(expired.stdout)")
        #expect(expired.stdout.contains("expired on 2020-01-31 (jo@thedots.example: acme moves its legal pages"), "\(expired.stdout)")

        // Stale: acme fixed it; the entry is said so it can go, and rewriting drops it but keeps nothing else's.
        try ChannelStore.write(partner.channel.renamed(nil), toFile: "\(folder)/acme.json")
        let stale = try await cli.run(common + ["--baseline", "baseline.json", "--skip", "legal:terms-and-conditions"])
        #expect(stale.status == 0, "\(stale.allOutput)")
        #expect(stale.stdout.contains("warning check.baseline.stale: the baseline entry accepting legal.insecure"), "\(stale.stdout)")
        let strict = try await cli.run(common + ["--baseline", "baseline.json", "--skip", "legal:terms-and-conditions", "--strict"])
        #expect(strict.status == 1, "a stale entry is a warning: --strict fails it")

        // A baseline that is not one stops the run before any request.
        try "{\"dotsSsoBaseline\": 1, \"entries\": [{\"until\": \"soon\"}]}".write(
            toFile: cli.home.path("broken.json"), atomically: true, encoding: .utf8)
        let unreadable = try await cli.run(common + ["--baseline", "broken.json"])
        #expect(unreadable.status == 65 && unreadable.stderr.contains("broken.json is malformed"), "\(unreadable.allOutput)")
    }
}

extension Channel {
    fileprivate func renamed(_ name: String?) -> Channel {
        var channel = self
        channel.name = name
        return channel
    }
}
