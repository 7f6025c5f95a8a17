import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

/// The pieces of a many-channel `check` that decide what runs and what fails: shards, the roster of channels and the
/// baseline's judgement, each against the cases a CI team meets.
@Suite("check of many channels: shards, roster, baseline")
struct FleetTests {
    static let keys = (1...300).map { "partner-\($0)" }

    @Test("the N shards hold every channel exactly once, for every N, and a channel's shard ignores the others")
    func shardsPartition() throws {
        for count in 1...12 {
            var seen: [String] = []
            for index in 1...count {
                let shard = try ChannelShard(index: index, count: count)
                seen += Self.keys.filter(shard.holds)
            }
            #expect(seen.sorted() == Self.keys.sorted(), "N=\(count)")
        }
        // Adding channels moves none of the others.
        let before = Dictionary(uniqueKeysWithValues: Self.keys.map { ($0, ChannelShard.shard(of: $0, count: 7)) })
        let after = Dictionary(uniqueKeysWithValues: (Self.keys + ["new-a", "new-b"]).map { ($0, ChannelShard.shard(of: $0, count: 7)) })
        #expect(before.allSatisfy { after[$0.key] == $0.value })
        // Spread: no shard of 4 holds less than a sixth of 300 channels.
        let sizes = (1...4).map { index in Self.keys.count { ChannelShard.shard(of: $0, count: 4) == index } }
        #expect(sizes.allSatisfy { $0 > 50 }, "\(sizes)")
    }

    @Test(
        "a shard is I/N with 1 ≤ I ≤ N: anything else is a usage error naming the form",
        arguments: ["0/3", "4/3", "a/b", "1/0", "2", "1/2/3", "", "-1/2", "1/9999"])
    func shardsRefused(_ text: String) {
        #expect(throws: UsageError.self) { try ChannelShard(parsing: text) }
    }

    @Test("the roster: --channel as given, a folder's channel files sorted, hidden and other files left out, one name once")
    func roster() throws {
        let home = TemporaryDirectory("roster")
        let folder = home.path("channels")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in ["b.json", "a.json", ".hidden.json", "notes.txt", "c.json"] {
            try "{}".write(toFile: "\(folder)/\(name)", atomically: true, encoding: .utf8)
        }
        let environment = Environment([:])
        let roster = try ChannelRoster(
            channels: ["stored", "\(folder)/a.json"], folders: [folder + "/"], shard: nil, environment: environment)
        #expect(roster.selected.map(\.key) == ["stored", "a", "b", "c"], "the same file named twice is one channel")
        #expect(roster.isFleet)
        let single = try ChannelRoster(channels: ["stored"], folders: [], shard: nil, environment: environment)
        #expect(!single.isFleet)
        let sharded = try ChannelRoster(
            channels: ["stored"], folders: [], shard: try ChannelShard(index: 1, count: 1), environment: environment)
        #expect(sharded.isFleet, "a shard's output is a document per channel even when it holds one")

        try FileManager.default.createDirectory(atPath: home.path("other"), withIntermediateDirectories: true)
        try "{}".write(toFile: home.path("other/a.json"), atomically: true, encoding: .utf8)
        #expect(throws: UsageError.self) {
            try ChannelRoster(channels: [home.path("other/a.json")], folders: [folder], shard: nil, environment: environment)
        }
        #expect(throws: ConfigError.self) {
            try ChannelRoster(channels: [], folders: [home.path("missing")], shard: nil, environment: environment)
        }
        try FileManager.default.createDirectory(atPath: home.path("empty"), withIntermediateDirectories: true)
        #expect(throws: ConfigError.self) {
            try ChannelRoster(channels: [], folders: [home.path("empty")], shard: nil, environment: environment)
        }
        #expect(throws: ConfigError.self) { try ChannelRoster(channels: [], folders: [], shard: nil, environment: environment) }
        let fromEnvironment = try ChannelRoster(
            channels: [], folders: [], shard: nil, environment: Environment(["DOTS_SSO_CHANNEL": "acme"]))
        #expect(fromEnvironment.selected.map(\.key) == ["acme"])
    }

    @Test("member token files: {channel} is each channel's key; one refresh-token file or stdin for many is refused")
    func memberFiles() throws {
        let roster = try ChannelRoster(channels: ["acme", "globex"], folders: [], shard: nil, environment: Environment([:]))
        var settings = MemberSettings(signIn: SignInSettings(channel: Channel()))
        settings.refreshTokenFile = "secrets/{channel}.refresh-token"
        try FleetCheckUseCase.validate(settings, roster: roster)
        settings.refreshTokenFile = "secrets/refresh-token"
        #expect(throws: UsageError.self) { try FleetCheckUseCase.validate(settings, roster: roster) }
        settings.refreshTokenFile = nil
        settings.accessTokenFile = "-"
        #expect(throws: UsageError.self) { try FleetCheckUseCase.validate(settings, roster: roster) }
        let one = try ChannelRoster(channels: ["acme"], folders: [], shard: nil, environment: Environment([:]))
        settings.refreshTokenFile = "secrets/refresh-token"
        try FleetCheckUseCase.validate(settings, roster: one)
    }

    // MARK: baseline

    static let insecure = Finding(.error, "legal.insecure", at: FindingLocation(file: "http://legal.example/privacy"), "served over http")
    static let expiring = Finding(.warning, "tls.certificate.expiring", at: FindingLocation(file: "acme.example:443"), "expires in 9 days")

    static func report(_ findings: [Finding], channel: String = "acme", check: String = "legal:privacy-policy") -> CheckReport {
        let failed = FindingSummary(findings).failed(strict: false)
        return CheckReport(
            channel: channel, checks: [CheckOutcome(name: check, status: failed ? .fail : .pass, durationMs: 1, findings: findings)],
            durationMs: 1)
    }

    static func judgement(_ entries: [Baseline.Entry], strict: Bool = false) -> BaselineJudgement {
        BaselineJudgement(
            baseline: Baseline(entries: entries), path: "baseline.json", now: Date(timeIntervalSince1970: 1_790_000_000), strict: strict,
            workingFolder: "/work")
    }

    static func entry(_ finding: Finding, channel: String = "acme", check: String = "legal:privacy-policy", until: String = "")
        -> Baseline.Entry
    {
        Baseline.Entry(
            fingerprint: FindingFingerprint.of(finding, channel: channel, workingFolder: "/work"), channel: channel, check: check,
            code: finding.code,
            file: finding.location.file, path: nil, message: finding.message, who: "jo", why: "moving in March", until: until)
    }

    @Test("a fingerprint is the channel, code, file and path: not the words, and a local path relative to the working folder")
    func fingerprints() {
        var reworded = Self.insecure
        reworded.message = "now said differently"
        reworded.severity = .warning
        #expect(
            FindingFingerprint.of(reworded, channel: "acme", workingFolder: "/w")
                == FindingFingerprint.of(Self.insecure, channel: "acme", workingFolder: "/w"))
        #expect(
            FindingFingerprint.of(Self.insecure, channel: "globex", workingFolder: "/w")
                != FindingFingerprint.of(Self.insecure, channel: "acme", workingFolder: "/w"))
        var moved = Self.insecure
        moved.location.path = "$.legal"
        #expect(
            FindingFingerprint.of(moved, channel: "acme", workingFolder: "/w")
                != FindingFingerprint.of(Self.insecure, channel: "acme", workingFolder: "/w"))
        let here = Finding(.error, "lottie.x", at: FindingLocation(file: "/ci/one/channels/loader.json", path: "$.layers[0]"), "x")
        let there = Finding(.error, "lottie.x", at: FindingLocation(file: "/ci/two/channels/loader.json", path: "$.layers[0]"), "x")
        #expect(
            FindingFingerprint.of(here, channel: "acme", workingFolder: "/ci/one")
                == FindingFingerprint.of(there, channel: "acme", workingFolder: "/ci/two/"))
    }

    @Test("accepted: suppressed and passing; new: failing; expired: failing with who and why; stale: a warning, an error under --strict")
    func judgement() throws {
        let accepted = Self.judgement([Self.entry(Self.insecure, until: "2026-12-31")]).apply(to: Self.report([Self.insecure]))
        #expect(accepted.passed && accepted.checks[0].status == .pass && accepted.checks[0].findings.isEmpty)
        #expect(accepted.checks[0].suppressed?.first?.why == "moving in March")

        let other = Finding(.error, "legal.status", at: FindingLocation(file: "http://legal.example/privacy"), "404")
        let fresh = Self.judgement([Self.entry(Self.insecure)]).apply(to: Self.report([Self.insecure, other]))
        #expect(fresh.checks[0].status == .fail && fresh.checks[0].findings == [other] && fresh.checks[0].suppressed?.count == 1)

        let expired = Self.judgement([Self.entry(Self.insecure, until: "2026-01-31")]).apply(to: Self.report([Self.insecure]))
        #expect(expired.checks[0].status == .fail && expired.checks[0].suppressed == nil)
        let said = try #require(expired.checks[0].findings.first { $0.code == "check.baseline.expired" })
        #expect(said.message.contains("expired on 2026-01-31 (jo: moving in March)"), "\(said.message)")

        let stale = Self.judgement([Self.entry(Self.insecure)]).apply(to: Self.report([]))
        #expect(stale.checks[0].status == .pass && stale.checks[0].findings.map(\.code) == ["check.baseline.stale"])
        let strict = Self.judgement([Self.entry(Self.insecure)], strict: true).apply(to: Self.report([]))
        #expect(strict.checks[0].status == .fail)

        // Another channel's entry, or one of a check that did not run, is neither matched nor stale.
        let elsewhere = Self.judgement([Self.entry(Self.insecure, channel: "globex")]).apply(to: Self.report([Self.insecure]))
        #expect(elsewhere.checks[0].status == .fail && elsewhere.checks[0].findings == [Self.insecure])
        var skipped = Self.report([])
        skipped.checks[0].status = .skip
        let notRun = Self.judgement([Self.entry(Self.insecure)]).apply(to: skipped.replacing(checks: skipped.checks))
        #expect(notRun.checks[0].findings.isEmpty)
        // A run's own codes (a timeout, a skip) are never accepted.
        let timeout = Finding(.error, "check.timeout", at: FindingLocation(file: "tls"), "did not finish")
        let run = Self.judgement([Self.entry(timeout, check: "tls")]).apply(to: Self.report([timeout], check: "tls"))
        #expect(run.checks[0].status == .fail)
    }

    @Test("--write-baseline keeps who, why and until of entries still found, adds new ones for 90 days, keeps other shards' entries")
    func recording() throws {
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        var kept = Self.entry(Self.insecure, until: "2027-03-01")
        kept.who = "jo"
        let otherShard = Self.entry(Self.insecure, channel: "initech")
        let gone = Self.entry(Self.expiring, check: "legal:privacy-policy")
        let info = Finding(.info, "legal.fine", "fine")
        let written = BaselineJudgement.recording(
            [Self.report([Self.insecure, info]), Self.report([Self.expiring], channel: "globex", check: "tls")],
            over: Baseline(entries: [kept, otherShard, gone]), now: now, workingFolder: "/work")
        let byChannel = Dictionary(grouping: written.entries, by: \.channel)
        #expect(byChannel["acme"]?.map(\.code) == ["legal.insecure"], "the fixed finding's entry is dropped, info is never recorded")
        #expect(byChannel["acme"]?.first?.who == "jo" && byChannel["acme"]?.first?.until == "2027-03-01")
        #expect(byChannel["initech"]?.count == 1, "another shard's channel is kept as it was")
        let new = try #require(byChannel["globex"]?.first)
        #expect(new.until == ISOTimestamp.day(now.addingTimeInterval(90 * 86_400)) && new.who.isEmpty && new.why.isEmpty)

        // Round trip through the file, sorted for review.
        let home = TemporaryDirectory("baseline")
        try written.encoded().write(to: home.url.appendingPathComponent("baseline.json"))
        #expect(
            try Baseline.read(home.path("baseline.json"))
                == Baseline(entries: written.entries.sorted { ($0.channel, $0.check) < ($1.channel, $1.check) }))
        try "{\"dotsSsoBaseline\": 2, \"entries\": []}".write(toFile: home.path("v2.json"), atomically: true, encoding: .utf8)
        #expect(throws: InputError.self) { try Baseline.read(home.path("v2.json")) }
        #expect(throws: InputError.self) { try Baseline.read(home.path("missing.json")) }
    }
}
