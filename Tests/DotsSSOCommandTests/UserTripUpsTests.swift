import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

/// Issue 59, in-process: the sentence CI hands a person is one they can copy and run.
@Suite("what users trip over, in-process")
struct UserTripUpsTests {
    @Test("a spent refresh-token file: the fix repeats the --channel the job gave (a path stays a path) as one command to copy")
    func spentTokenNamesTheChannelGiven() async throws {
        let t = TestContext()
        _ = FakeProvider(on: t.http)
        t.http.on(.post, FakeProvider.issuer + "/token") { _ in
            (400, [(name: "Content-Type", value: "application/json")], Data(#"{"error":"invalid_grant"}"#.utf8))
        }
        let channel = t.home.path("ci/partner one.json")
        try FileManager.default.createDirectory(atPath: t.home.path("ci"), withIntermediateDirectories: true)
        try Data(#"{"name": "sandbox", "issuer": "\#(FakeProvider.issuer)", "clientId": "dots-app"}"#.utf8)
            .write(to: URL(fileURLWithPath: channel))
        chmod(channel, 0o600)
        let token = t.home.path("refresh-token")
        try Data("rt-old\n".utf8).write(to: URL(fileURLWithPath: token))
        chmod(token, 0o600)
        let result = await t.run(["profile", "--channel", channel, "--refresh-token-file", token])
        #expect(result.status == 77, "\(result.stderr)")
        let fix = "`dots-sso authorize --channel '\(channel)' --flow device --save-refresh-token \(token)`"
        #expect(result.stderr.contains(fix), "\(result.stderr)")
        #expect(!result.stderr.contains("--channel sandbox"), "never the file's internal name, which names no channel here")
        #expect(!result.stderr.contains("rt-old"))
    }
}
