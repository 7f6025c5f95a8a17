import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// A suite as JUnit XML, the shape GitHub, GitLab and Jenkins read: one `<testcase>` per input or check with its
/// findings inside (`<failure>` when it fails, `<error>` when it could not be checked, `<skipped>`, and the other
/// findings as `<system-out>`). Writing into an existing dots-sso report replaces the suite of the same name and
/// keeps the others, so several runs (channels, commands) can share one file.
enum JUnitReport {
    static func suite(_ suite: ReportSuite, strict: Bool) -> XMLTag {
        var element = XMLTag("testsuite")
        let counts = Counts(suite.cases)
        element.attributes = [
            ("name", suite.name), ("tests", String(counts.tests)), ("failures", String(counts.failures)),
            ("errors", String(counts.errors)), ("skipped", String(counts.skipped)),
        ]
        if let time = suite.durationMs { element.attributes.append(("time", seconds(time))) }
        for reportCase in suite.cases {
            var test = XMLTag("testcase", [("classname", "dots-sso.\(suite.name)"), ("name", reportCase.name)])
            if let time = reportCase.durationMs { test.attributes.append(("time", seconds(time))) }
            let text =
                (reportCase.findings.sortedBySeverity().map { finding in
                    "\(finding.severity.rawValue) \(finding.code)\(finding.location.display.map { " (\($0))" } ?? ""): \(finding.message)"
                }
                + reportCase.suppressed.map { accepted in
                    let finding = accepted.finding
                    return
                        "suppressed \(finding.severity.rawValue) \(finding.code)\(finding.location.display.map { " (\($0))" } ?? ""): \(finding.message)"
                }).joined(separator: "\n")
            var output = !text.isEmpty  // a passing or skipped case still shows its findings
            switch reportCase.outcome {
            case .passed:
                break
            case .failed:
                let first = reportCase.findings.first { $0.severity == .error || (strict && $0.severity == .warning) }?.message ?? "failed"
                test.children.append(.element(XMLTag("failure", [("type", "findings"), ("message", first)], children: [.text(text)])))
                output = false
            case let .error(kind, message):
                test.children.append(
                    .element(XMLTag("error", [("type", kind), ("message", message)], children: [.text(text.isEmpty ? message : text)])))
                output = false
            case .skipped(let reason):
                test.children.append(.element(XMLTag("skipped", [("message", reason)])))
            }
            if output { test.children.append(.element(XMLTag("system-out", children: [.text(text)]))) }
            element.children.append(.element(test))
        }
        return element
    }

    /// Whether `root` is a report dots-sso wrote (the only kind merged into).
    static func isOurs(_ root: XMLTag) -> Bool {
        root.name == "testsuites" && root[attribute: "name"] == "dots-sso"
    }

    /// The whole document: `existing` (an earlier report in the file, when it parses as one of ours) with these
    /// suites in place of their namesakes, totals recounted.
    static func document(_ set: ReportSet, strict: Bool, existing: XMLTag?) -> String {
        let names = Set(set.suites.map(\.name))
        var suites: [XMLTag] = []
        if let existing, isOurs(existing) {
            suites = existing.elements.filter { $0.name == "testsuite" && !names.contains($0[attribute: "name"] ?? "") }
        }
        suites += set.suites.map { self.suite($0, strict: strict) }
        return document(suites)
    }

    /// `<testsuites name="dots-sso">` around `suites`, its totals theirs (`report merge` makes one of many files).
    static func document(_ suites: [XMLTag]) -> String {
        // Counts read back from files (`report merge`) are bounded, so no sum of them can overflow.
        func total(_ name: String) -> String {
            String(suites.map { min(max(Int($0[attribute: name] ?? "") ?? 0, 0), 1_000_000_000) }.reduce(0, +))
        }
        let root = XMLTag(
            "testsuites",
            [
                ("name", "dots-sso"), ("tests", total("tests")), ("failures", total("failures")),
                ("errors", total("errors")), ("skipped", total("skipped")),
            ],
            children: suites.map { .element($0) })
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + root.serialized()
    }

    struct Counts {
        var tests = 0, failures = 0, errors = 0, skipped = 0

        init(_ cases: [ReportCase]) {
            tests = cases.count
            for reportCase in cases {
                switch reportCase.outcome {
                case .passed: break
                case .failed: failures += 1
                case .error: errors += 1
                case .skipped: skipped += 1
                }
            }
        }
    }

    static func seconds(_ milliseconds: Int) -> String {
        PlainNumber.fixed(Double(milliseconds) / 1000, places: 3)
    }
}
