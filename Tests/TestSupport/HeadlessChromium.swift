import Foundation

/// Debian's headless Chromium driven by Selenium (Tests/Peers/browser_login.py), as the person at the browser for
/// `authorize --browser-command`. Scripts/test installs it; where it cannot, the tests skip with a notice.
package struct HeadlessChromium: Sendable {
    /// What a run of the helper saw, read from its JSON report.
    package struct Report: Decodable, Sendable {
        package struct Page: Decodable, Sendable {
            package var url: String
            package var title: String
            package var text: String
            package var status: Int?
            package var headers: [String: String]
            package var scripts: Int
            package var screenshot: String
        }

        package var mode: String
        package var pages: [String: Page]
        package var error: String?
    }

    package enum Mode: String, Sendable {
        /// A wrong password first, then jane/demo.
        case login
        /// The login page's Cancel button.
        case deny
        /// The authorization URL's state changed before loading it.
        case tamper
    }

    /// Why the browser tests cannot run here, or nil when they can.
    package static let unavailable: String? = {
        for tool in ["chromium", "chromedriver"] where which(tool) == nil {
            return "\(tool) is not installed (Scripts/test installs Debian's chromium and chromium-driver)"
        }
        guard let python = TestPaths.venvPython,
            let check = try? ProcessRunner.runBlocking(python, ["-c", "import selenium"], environment: nil, stdin: nil, timeout: 30),
            check.status == 0
        else {
            return "Selenium is not in .venv (Scripts/venv installs it)"
        }
        return nil
    }()

    /// Where screenshots are kept after the run: `.build/test-artifacts/browser/<name>`.
    package let artifacts: URL
    package let report: URL

    package init(name: String, scratch: TemporaryDirectory) {
        artifacts = TestPaths.repository.appendingPathComponent(".build/test-artifacts/browser/\(name)", isDirectory: true)
        try? FileManager.default.removeItem(at: artifacts)
        report = scratch.url.appendingPathComponent("browser-\(name).json")
    }

    /// The `--browser-command` text: the helper, its report and artifacts; dots-sso adds the URL as the last argument.
    package func command(_ mode: Mode) -> String {
        let helper = TestPaths.peers.appendingPathComponent("browser_login.py").path
        return [TestPaths.python, helper, "--mode", mode.rawValue, "--report", report.path, "--artifacts", artifacts.path]
            .map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
    }

    /// The helper's report, once it has written it (it does so before closing the browser).
    package func waitForReport(timeout: TimeInterval = 60) async throws -> Report {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let data = try? Data(contentsOf: report) {
                return try JSONDecoder().decode(Report.self, from: data)
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw BackgroundProcess.StartError(description: "the browser helper wrote no report within \(Int(timeout)) s")
    }

    private static func which(_ tool: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
