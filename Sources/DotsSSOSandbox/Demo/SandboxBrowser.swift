import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// The "browser" of the demo: loads the authorization URL as a person's browser would, and follows the
/// sandbox's redirect (auto-approved) to the loopback listener `authorize` is waiting on. Tests sign in with it too.
package struct SandboxBrowser: BrowserOpener {
    let http: any HTTPClient

    package init(http: any HTTPClient) { self.http = http }

    package func open(_ url: URL) -> Bool {
        let http = http
        Task {
            guard let answer = try? await http.send(HTTPRequest(.get, url, followsRedirects: false)),
                (300..<400).contains(answer.status), let location = answer.header("Location"), let next = URL(string: location)
            else { return }
            _ = try? await http.send(HTTPRequest(.get, next, followsRedirects: false))
        }
        return true
    }
}
