import DotsSSOCore
import Foundation

/// `check --junit`: one `<testsuite>` per channel, one `<testcase>` per check, `<failure>` or `<skipped>` with the
/// findings — the shape GitHub, GitLab and Jenkins read. Writing into an existing dots-sso report replaces this
/// channel's suite and keeps the others, so several channels can share one file.
enum CheckJUnit {
    static func write(_ report: CheckReport, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        var suites = [suite(report)]
        // Only a regular file can hold an earlier report: reading a FIFO would wait for a writer for ever.
        if FileStatus(path, followingLinks: false)?.isRegular == true, let existing = try? String(contentsOf: url, encoding: .utf8),
           existing.contains("<testsuites name=\"dots-sso\"") {
            suites = otherSuites(in: existing, except: report.channel) + suites
        }
        do {
            // `--junit reports/acme.xml` in a fresh CI checkout: the folder is made, as the CI examples expect.
            try AtomicFile.createFolder(for: url)
            try AtomicFile.write(Data(document(suites).utf8), to: url, permissions: 0o644)
        } catch let error as AtomicFile.WriteError {
            throw OutputError.cannotWrite(path: path, what: "the JUnit report", reason: "\(error.step): \(error.reason)")
        }
    }

    struct Suite {
        var name: String
        var tests: Int
        var failures: Int
        var errors: Int = 0
        var skipped: Int
        var xml: String
    }

    static func document(_ suites: [Suite]) -> String {
        let tests = suites.map(\.tests).reduce(0, +), failures = suites.map(\.failures).reduce(0, +), skipped = suites.map(\.skipped).reduce(0, +)
        let errors = suites.map(\.errors).reduce(0, +)
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"dots-sso\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\">\n"
        xml += suites.map(\.xml).joined()
        return xml + "</testsuites>\n"
    }

    static func suite(_ report: CheckReport) -> Suite {
        let name = MarkupText.escape(report.channel)
        let time = seconds(report.durationMs)
        // A live check no member could run is an error of the run, not a skip: CI must not read it as fine.
        let errors = report.checks.count { $0.noMember == true }
        let skipped = report.summary.skipped - errors
        var xml = "  <testsuite name=\"\(name)\" tests=\"\(report.checks.count)\" failures=\"\(report.summary.failed)\" errors=\"\(errors)\" skipped=\"\(skipped)\" time=\"\(time)\">\n"
        for check in report.checks {
            xml += "    <testcase classname=\"dots-sso.check.\(name)\" name=\"\(MarkupText.escape(check.name))\" time=\"\(seconds(check.durationMs))\""
            let text = check.findings.sortedBySeverity().map { finding in
                "\(finding.severity.rawValue) \(finding.code)\(finding.location.display.map { " (\($0))" } ?? ""): \(finding.message)"
            }.joined(separator: "\n")
            switch check.status {
            case .pass where check.findings.isEmpty:
                xml += "/>\n"
                continue
            case .pass:
                xml += ">\n      <system-out>\(MarkupText.escape(text))</system-out>\n"
            case .fail:
                let first = check.findings.first { $0.severity == .error }?.message ?? "failed"
                xml += ">\n      <failure type=\"check\" message=\"\(MarkupText.escape(first))\">\(MarkupText.escape(text))</failure>\n"
            case .skip where check.noMember == true:
                let message = report.memberMissing?.message ?? check.detail ?? "no member could be signed in"
                xml += ">\n      <error type=\"no-member\" message=\"\(MarkupText.escape(message))\">\(MarkupText.escape(text))</error>\n"
            case .skip:
                xml += ">\n      <skipped message=\"\(MarkupText.escape(check.detail ?? "skipped"))\"/>\n"
                if !text.isEmpty { xml += "      <system-out>\(MarkupText.escape(text))</system-out>\n" }
            }
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n"
        return Suite(name: report.channel, tests: report.checks.count, failures: report.summary.failed, errors: errors, skipped: skipped, xml: xml)
    }

    /// The suites of an earlier dots-sso report, except the one for `channel` (about to be replaced). The file is
    /// one we wrote, so its attributes are found where we put them.
    static func otherSuites(in document: String, except channel: String) -> [Suite] {
        var suites: [Suite] = []
        var rest = document[...]
        while let start = rest.range(of: "  <testsuite "), let end = rest.range(of: "  </testsuite>\n", range: start.upperBound..<rest.endIndex) {
            let xml = String(rest[start.lowerBound..<end.upperBound])
            rest = rest[end.upperBound...]
            func attribute(_ name: String) -> String? {
                guard let open = xml.range(of: " \(name)=\""), let close = xml.range(of: "\"", range: open.upperBound..<xml.endIndex) else { return nil }
                return String(xml[open.upperBound..<close.lowerBound])
            }
            guard let name = attribute("name"), name != MarkupText.escape(channel) else { continue }
            suites.append(Suite(name: name, tests: Int(attribute("tests") ?? "") ?? 0, failures: Int(attribute("failures") ?? "") ?? 0,
                                errors: Int(attribute("errors") ?? "") ?? 0, skipped: Int(attribute("skipped") ?? "") ?? 0, xml: xml))
        }
        return suites
    }

    static func seconds(_ milliseconds: Int) -> String {
        String(format: "%.3f", Double(milliseconds) / 1000)
    }
}
