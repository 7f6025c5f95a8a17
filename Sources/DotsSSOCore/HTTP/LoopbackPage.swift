import DotsSSOBasics

/// The page a loopback listener answers the browser with: small and self-contained (no script, no external asset,
/// nothing from the request), with headers that keep it out of caches, referrers and frames.
package struct LoopbackPage: Sendable, Equatable {
    package let status: Int
    package let title: String
    package let text: String
    /// A failure is shown in red and announced as an alert; anything else is a status.
    package let failed: Bool

    package init(status: Int, title: String, _ text: String, failed: Bool) {
        self.status = status
        self.title = title
        self.text = text
        self.failed = failed
    }

    package var html: String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(title) · dots-sso</title>
        <style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1a1a1a;background:#fff}\
        h1{font-size:1.4rem;color:\(failed ? "#a3141d" : "#0a6b2d")}</style></head>
        <body><main><h1>\(title)</h1><p role="\(failed ? "alert" : "status")">\(text)</p></main></body></html>

        """
    }

    /// Sent with every page.
    package static let headers: [(name: String, value: String)] = [
        ("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store"), ("Connection", "close"),
        ("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'"), ("Referrer-Policy", "no-referrer"),
        ("X-Content-Type-Options", "nosniff"),
    ]
}
