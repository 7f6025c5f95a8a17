import DotsSSOCore
import Foundation

/// Findings as JUnit XML for CI dashboards: one test case per finding (errors — and warnings under
/// `--strict` — are failures), one erroring test case per input that could not be checked at all (a missing file,
/// a response that never came), or one passing case when there is nothing to report.
enum JUnitReport {
    /// `unreadable`: each input that could not be checked, with the one-line reason.
    static func render(_ findings: [Finding], suite: String, strict: Bool, unreadable: [(input: String, reason: String)] = []) -> String {
        let failing = findings.filter { $0.severity == .error || (strict && $0.severity == .warning) }
        let tests = max(findings.count + unreadable.count, 1)
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"dots-sso\" tests=\"\(tests)\" failures=\"\(failing.count)\" errors=\"\(unreadable.count)\">\n"
        xml += "  <testsuite name=\"\(escape(suite))\" tests=\"\(tests)\" failures=\"\(failing.count)\" errors=\"\(unreadable.count)\" skipped=\"0\">\n"
        if findings.isEmpty && unreadable.isEmpty {
            xml += "    <testcase classname=\"\(escape(suite))\" name=\"all checks passed\"/>\n"
        }
        for (input, reason) in unreadable {
            xml += "    <testcase classname=\"\(escape(suite))\" name=\"\(escape(input))\">\n"
            xml += "      <error type=\"unreadable\" message=\"\(escape(reason))\">\(escape(reason))</error>\n"
            xml += "    </testcase>\n"
        }
        for finding in findings {
            let name = [finding.code, finding.location.display].compactMap { $0 }.joined(separator: " ")
            xml += "    <testcase classname=\"\(escape(suite))\" name=\"\(escape(name))\">\n"
            if finding.severity == .error || (strict && finding.severity == .warning) {
                xml += "      <failure type=\"\(finding.severity.rawValue)\" message=\"\(escape(finding.message))\">\(escape(finding.message))</failure>\n"
            } else {
                xml += "      <system-out>\(escape("\(finding.severity.rawValue): \(finding.message)"))</system-out>\n"
            }
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    static func escape(_ text: String) -> String { MarkupText.escape(text) }
}
