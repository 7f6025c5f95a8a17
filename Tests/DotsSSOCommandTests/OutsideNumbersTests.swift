import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

@testable import DotsSSOCLI

/// Issue 36, numbers that trapped (SIGILL) in our own Swift: each now ends with a documented status naming the value.
@Suite("numbers from files and servers end in a status, never a trap")
struct OutsideNumbersTests {
    static func animation(_ t: TestContext, _ json: String) throws -> String {
        let path = t.home.path("a.json")
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(
        "a layer type or frame rate no number can be: findings, valid JSON, exit 1",
        arguments: [
            (
                #"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":100,"h":100,"layers":[{"ty":1e308,"ip":0,"op":30,"st":0}]}"#,
                "lottie.layer.type-unknown"
            ),
            (#"{"v":"5.7.0","fr":1e-320,"ip":0,"op":30,"w":100,"h":100,"layers":[]}"#, "lottie.frame-rate.out-of-range"),
            (#"{"v":"5.7.0","fr":1e38,"ip":0,"op":30,"w":100,"h":100,"layers":[]}"#, "lottie.frame-rate.out-of-range"),
        ])
    func lottieNumbers(json: String, code: String) async throws {
        let t = TestContext()
        let result = await t.run(["bodymovin", "validate", try Self.animation(t, json), "--no-render", "--json"])
        #expect([0, 1].contains(result.status), "\(result.stderr)")
        #expect(result.stdout.contains(code), "\(result.stdout)")
        #expect((try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) != nil, "the JSON is whole: \(result.stderr)")
    }

    @Test("a number too large for a double (1e400) is malformed input (65) with its position")
    func tooLarge() async throws {
        let t = TestContext()
        let file = try Self.animation(t, #"{"v":"5.7.0","fr":30,"ip":0,"op":1e400,"w":100,"h":100,"layers":[]}"#)
        let result = await t.run(["bodymovin", "validate", file, "--no-render"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("column 34: the number is too large to represent"), "\(result.stderr)")
    }

    @Test(
        "an expires_in that is no lifetime (±1e300, \"nan\", an object) is a malformed answer (65) naming it; nothing is cached",
        arguments: [
            "1e300", "-1e300", "\"nan\"", "{}",
        ])
    func expiresIn(value: String) async throws {
        let t = TestContext(answer: OAuthCommandTests.pasteLanding())
        _ = FakeProvider(on: t.http)
        t.http.on(.post, FakeProvider.issuer + "/token") { _ in
            (
                200, [(name: "Content-Type", value: "application/json")],
                Data(#"{"access_token":"at-1","token_type":"Bearer","expires_in":\#(value)}"#.utf8)
            )
        }
        let result = await t.run(["authorize"] + FakeProvider.flags + OAuthCommandTests.landing)
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("expires_in"), "\(result.stderr)")
        #expect(try t.cached()?.oauth.tokens == nil)
    }
}
