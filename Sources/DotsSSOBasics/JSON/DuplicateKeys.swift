/// Duplicate keys as findings: one rule for every JSON file dots-sso reads (a warning in partner files, an error
/// in pass.json, whose readers disagree on which copy counts).
extension CompactJSON {
    /// Findings for the duplicate keys, one per key (the later occurrence), plus one counting any beyond those kept.
    package func duplicateKeyFindings(_ code: FindingCode, file: String, consequence: String) -> [Finding] {
        var findings = duplicateKeys.map { key in
            let (line, column) = position(of: offset(key))
            return Finding(
                code, at: FindingLocation(file: file, path: path(to: key)),
                "the key \"\(TerminalText.oneLine(string(key) ?? "?", limit: 60))\" appears more than once in one object (again at line \(line), column \(column)): \(consequence)"
            )
        }
        if duplicateKeyCount > duplicateKeys.count {
            findings.append(
                Finding(
                    code, at: FindingLocation(file: file),
                    "\(duplicateKeyCount - duplicateKeys.count) more duplicate keys not listed"))
        }
        return findings
    }
}
