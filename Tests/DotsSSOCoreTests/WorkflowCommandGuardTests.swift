import DotsSSOBasics
import DotsSSOCore
import Foundation
import Testing

/// Under GitHub Actions, partner text that looks like a workflow command is printed as text.
@Suite("GitHub workflow commands from partner text")
struct WorkflowCommandGuardTests {
    @Test("a line starting with :: is wrapped in stop-commands with a random token; ##[ is broken anywhere; our annotations pass")
    func guarded() throws {
        let buffer = BufferedOutput()
        let output = WorkflowCommandGuard(buffer)
        output.write("feature  ::error title=forged::pwned\n")
        output.write("::set-output name=x::1\n  ::stop-commands::abc\nplain ##[error]forged in a line\n")
        output.writeCommand("::error title=dots-sso::a real finding")
        let text = buffer.text
        let lines = text.split(separator: "\n").map(String.init)
        let token = try #require(lines.first { $0.hasPrefix("::stop-commands::") }).dropFirst("::stop-commands::".count)
        #expect(token.count >= 20 && token.hasPrefix("dots-sso-"))
        // Every forged command sits between stop-commands and the token's resume line.
        for forged in ["::set-output name=x::1", "  ::stop-commands::abc"] {
            let index = try #require(lines.firstIndex(of: forged))
            #expect(lines[index - 1] == "::stop-commands::\(token)" && lines[index + 1] == "::\(token)::", "\(text)")
        }
        #expect(lines.contains("feature  ::error title=forged::pwned"), "not at a line start: left as it is")
        #expect(!text.contains("##[") && text.contains("plain #\u{200B}#[error]forged"))
        #expect(lines.last == "::error title=dots-sso::a real finding")
    }
}
