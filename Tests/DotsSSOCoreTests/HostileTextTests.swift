import DotsSSOBasics
import DotsSSOCore
import Foundation
import Testing

/// The one redaction pass and the one escaping function every message with a partner's words goes through.
@Suite("hostile text: credentials redacted, terminal controls escaped, lengths cut")
struct HostileTextTests {
    @Test(
        "credential-shaped text is redacted whoever's it is; auth parameters and plain words stay readable",
        arguments: [
            (
                "echo: grant_type=refresh_token&refresh_token=rt-9f8e7d&client_secret=s3cr3t-value&client_id=app",
                "echo: grant_type=refresh_token&refresh_token=[redacted]&client_secret=[redacted]&client_id=app"
            ),
            (#"echo {"code_verifier": "vvvvvvvv", "client_id": "app"}"#, #"echo {"code_verifier": "[redacted]", "client_id": "app"}"#),
            (
                #"Bearer error="invalid_token", error_description="Bearer eyJhbGciOi.abc.def""#,
                #"Bearer error="invalid_token", error_description="Bearer [redacted]""#
            ),
            ("auth=Basic ZGF0czpzZWNyZXQ=", "auth=Basic [redacted]"),
            ("the code was already used", "the code was already used"),
            ("code=[redacted]&x=1", "code=[redacted]&x=1"),
        ])
    func redaction(input: String, expected: String) {
        #expect(Redactor.redactText(input) == expected)
    }

    @Test("ServerWords scrubs the request's own secrets and credential shapes, then makes one line")
    func serverWords() {
        let line = ServerWords.line("invalid_grant\nechoed my-refresh-token-123 and code=abc123", secrets: ["my-refresh-token-123"])
        #expect(line == "invalid_grant echoed [redacted] and code=[redacted]")
    }

    @Test("terminal text: newline, tab, ESC, C1 and bidi overrides become visible escapes; ordinary text is untouched")
    func escaping() {
        #expect(TerminalText.safe("Ann\n0 errors, 0 warnings, 0 info") == "Ann\\n0 errors, 0 warnings, 0 info")
        #expect(TerminalText.safe("evil \u{1B}[31m\u{9B}x\u{7}") == "evil \\u{1b}[31m\\u{9b}x\\u{7}")
        #expect(TerminalText.safe("gnp.\u{202E}exe") == "gnp.\\u{202e}exe")
        #expect(TerminalText.safe("Zoë Ødegård 🎟") == "Zoë Ødegård 🎟")
        let long = TerminalText.message("kid " + String(repeating: "k", count: 1_000_000))
        #expect(long.count < 2_100)
        #expect(long.hasSuffix("… (998004 more bytes)"))
        // One visible character carrying 300,000 combining marks takes one column and 600 KB: bytes bound it too.
        let marks = "A" + String(repeating: "\u{301}", count: 300_000)
        let shownCode = TerminalText.bounded(marks + "BC", columns: 64, bytes: 256)
        #expect(shownCode.utf8.count < 320 && shownCode.unicodeScalars.starts(with: "A\u{301}\u{301}".unicodeScalars))
        #expect(shownCode.hasSuffix("more bytes not shown)"))
        #expect(TerminalText.message(marks).utf8.count < 8_100)
        #expect(TerminalText.oneLine(marks, limit: 64).utf8.count <= 64 * 4 + 3)
        // Wide characters take two columns each: 40 of them pass a 64-column bound.
        #expect(
            TerminalText.bounded(String(repeating: "券", count: 40), columns: 64, bytes: 1_000).hasPrefix(
                String(repeating: "券", count: 32) + "…"))
        #expect(TerminalText.bounded("ABCD-1234", columns: 64, bytes: 256) == "ABCD-1234")
    }

    @Test("an error status with a valid JSON body is described by its words, not as broken JSON")
    func jsonErrorBody() {
        let url = URL(string: "https://api.partner.example/x")!
        let json = HTTPResponse(
            status: 400, headers: [(name: "Content-Type", value: "application/json")],
            body: Data(#"{"error":"invalid_request","error_description":"nope"}"#.utf8), url: url, duration: 0)
        #expect(json.bodyKind == #"a JSON body saying "nope (invalid_request)""#)
        let broken = HTTPResponse(
            status: 200, headers: [(name: "Content-Type", value: "application/json")], body: Data("{broken".utf8), url: url, duration: 0)
        #expect(broken.bodyKind == "7 bytes of application/json that are not valid JSON")
    }
}
