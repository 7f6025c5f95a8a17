import DotsSSOCore
import Foundation

/// Findings as JUnit XML for CI dashboards: one test case per finding (errors — and warnings under
/// `--strict` — are failures), or one passing case when there is nothing to report.
enum JUnitReport {
    static func render(_ findings: [Finding], suite: String, strict: Bool) -> String {
        let failing = findings.filter { $0.severity == .error || (strict && $0.severity == .warning) }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"dots-sso\" tests=\"\(max(findings.count, 1))\" failures=\"\(failing.count)\">\n"
        xml += "  <testsuite name=\"\(escape(suite))\" tests=\"\(max(findings.count, 1))\" failures=\"\(failing.count)\" errors=\"0\" skipped=\"0\">\n"
        if findings.isEmpty {
            xml += "    <testcase classname=\"\(escape(suite))\" name=\"all checks passed\"/>\n"
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
