import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

@testable import DotsSSOCLI

/// What each command prints, text and `--json`, compared with the files in `Tests/Golden/output`: a change to any
/// word, column or key shows up here as a diff to look at (`DOTS_SSO_UPDATE_GOLDEN=1` rewrites them from this run;
/// read the diff before committing). Runs in-process on the fake network with the home folder's path replaced by
/// `$HOME`, so the files are the same on every machine.
@Suite("golden output per command")
struct GoldenOutputTests {
    static let folder = TestPaths.repository.appendingPathComponent("Tests/Golden/output")

    static let channel = #"""
        {"name": "acme", "issuer": "https://sso.fake.example", "clientId": "dots-app", "profileEndpoint": "https://api.fake.example/me",
         "flags": {"canAccessApp": "the app opens", "canAccessLounge": "the lounge container"},
         "containers": [{"name": "lounge", "url": "https://lounge.fake.example/", "flag": "canAccessLounge", "token": {"in": "header", "name": "Authorization"}}]}
        """#

    static let profile = #"""
        {"id": "u-1", "email": "jane@fake.example", "firstName": "Jane", "lastName": "Doe", "biography": "<b>Hi</b> there",
         "features": {"canAccessApp": true, "canAccessLounge": false, "beta": true}}
        """#

    static let animation =
        #"{"v":"5.7.0","fr":30,"ip":0,"op":45,"w":200,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":45,"st":0,"ks":{},"shapes":[]}]}"#

    /// The runs, each once as text and once with `--json` (but `help`, which has no JSON form).
    static let runs: [(name: String, arguments: [String])] = [
        ("profile", ["profile", "--channel", "acme", "--profile-file", "$HOME/profile.json"]),
        ("flags", ["flags", "--channel", "acme", "--profile-file", "$HOME/profile.json"]),
        (
            "flags-check",
            ["flags", "check", "--channel", "acme", "--profile-file", "$HOME/profile.json", "canAccessApp", "canAccessLounge"]
        ),
        ("containers", ["containers", "--channel", "acme", "--profile-file", "$HOME/profile.json"]),
        ("discover", ["discover", "--issuer", FakeProvider.issuer]),
        ("bodymovin-validate", ["bodymovin", "validate", "$HOME/loading.json", "--no-render"]),
        ("pkpass-inspect", ["pkpass", "inspect", "$HOME/guest.pass"]),
        ("channel-show", ["channel", "show", "acme"]),
        ("cache-list", ["cache", "list"]),
        ("channel-list", ["channel", "list"]),
        ("channel-init", ["channel", "init", "beta", "--issuer", "https://sso.beta.example", "--client-id", "dots-beta", "--force"]),
        ("cache-clear", ["cache", "clear", "--channel", "acme"]),
        ("flags-check-unchecked", ["flags", "check", "--channel", "acme"]),
        ("help-exit-codes", ["help", "exit-codes"]),
    ]

    @Test("each command's text and --json output is the golden file's", arguments: runs.map(\.name))
    func output(name: String) async throws {
        let t = TestContext()
        _ = FakeProvider(on: t.http)
        try t.writeChannel("acme", Self.channel)
        try Self.profile.write(toFile: t.home.path("profile.json"), atomically: true, encoding: .utf8)
        try Self.animation.write(toFile: t.home.path("loading.json"), atomically: true, encoding: .utf8)
        for (name, data) in try TestPassIssuer.files() {
            let url = t.home.url.appendingPathComponent("guest.pass/\(name)")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        let arguments = try #require(Self.runs.first { $0.name == name }).arguments.map {
            $0.replacingOccurrences(of: "$HOME", with: t.home.url.path)
        }
        for json in name.hasPrefix("help-") ? [false] : [false, true] {
            let result = await t.run(arguments + (json ? ["--json"] : []))
            let shown =
                "$ dots-sso \(arguments.joined(separator: " "))\(json ? " --json" : "")\n\(result.stdout)"
                + (result.stderr.isEmpty ? "" : "--- stderr\n\(result.stderr)") + "--- exit \(result.status)\n"
            try Self.compare(shown.replacingOccurrences(of: t.home.url.path, with: "$HOME"), golden: "\(name)\(json ? ".json" : "").txt")
        }
    }

    static func compare(_ text: String, golden: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = folder.appendingPathComponent(golden)
        if ProcessInfo.processInfo.environment["DOTS_SSO_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("no golden output \(golden); run with DOTS_SSO_UPDATE_GOLDEN=1 and read it", sourceLocation: sourceLocation)
            return
        }
        if text != expected {
            let ours = text.split(separator: "\n", omittingEmptySubsequences: false)
            let theirs = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let first = zip(ours, theirs).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(ours.count, theirs.count)
            let got = first < ours.count ? String(ours[first]) : "<end>"
            let want = first < theirs.count ? String(theirs[first]) : "<end>"
            Issue.record(
                "\(golden) differs from line \(first + 1): got \"\(got)\", golden \"\(want)\" (DOTS_SSO_UPDATE_GOLDEN=1 rewrites it)",
                sourceLocation: sourceLocation)
        }
    }
}
