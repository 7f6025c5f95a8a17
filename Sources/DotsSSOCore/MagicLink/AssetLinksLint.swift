import DotsSSOBasics

/// Android's `assetlinks.json`: statements granting `handle_all_urls` to an app by package name and certificate.
package enum AssetLinksLint {
    /// 32 colon-separated upper-case hex pairs (a SHA-256 certificate fingerprint).
    static func isValidFingerprint(_ text: String) -> Bool {
        let pairs = text.split(separator: ":", omittingEmptySubsequences: false)
        return pairs.count == 32
            && pairs.allSatisfy { $0.count == 2 && $0.allSatisfy { ($0.isNumber || ("A"..."F").contains($0)) && $0.isASCII } }
    }

    static func isValidPackage(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count >= 2
            && parts.allSatisfy { part in
                guard let first = part.first, first.isLetter, first.isASCII else { return false }
                return part.allSatisfy { ($0.isLetter || $0.isNumber || $0 == "_") && $0.isASCII }
            }
    }

    package static func findings(_ document: JSONValue, file: String) -> [Finding] {
        guard case .array(let statements) = document else {
            return [
                Finding(
                    AppLinksFindings.assetLinksNotArray, at: FindingLocation(file: file, path: "$"),
                    "the file must be a JSON array of statements")
            ]
        }
        var findings: [Finding] = []
        var granted = false
        for (index, statement) in statements.enumerated() {
            let path = "$[\(index)]"
            guard let fields = statement.objectValue else {
                findings.append(
                    Finding(
                        AppLinksFindings.assetLinksStatementType, at: FindingLocation(file: file, path: path),
                        "each statement must be an object"))
                continue
            }
            let relations = fields["relation"]?.stringArray ?? []
            guard let target = fields["target"]?.objectValue else {
                findings.append(
                    Finding(
                        AppLinksFindings.assetLinksTargetMissing, at: FindingLocation(file: file, path: "\(path).target"),
                        "the statement has no target"))
                continue
            }
            guard target["namespace"]?.stringValue == "android_app" else { continue }
            let package = target["package_name"]?.stringValue
            if package.map(isValidPackage) != true {
                findings.append(
                    Finding(
                        AppLinksFindings.assetLinksPackageInvalid, at: FindingLocation(file: file, path: "\(path).target.package_name"),
                        "package_name \(package.map { "\"\($0)\"" } ?? "is missing"); it must be the app's application id (e.g. com.partner.app)"
                    ))
            }
            let fingerprints = target["sha256_cert_fingerprints"]?.stringArray ?? []
            if fingerprints.isEmpty {
                findings.append(
                    Finding(
                        AppLinksFindings.assetLinksFingerprintMissing,
                        at: FindingLocation(file: file, path: "\(path).target.sha256_cert_fingerprints"),
                        "no sha256_cert_fingerprints; Android cannot verify the app"))
            }
            for (fingerprintIndex, fingerprint) in fingerprints.enumerated() where !isValidFingerprint(fingerprint) {
                findings.append(
                    Finding(
                        AppLinksFindings.assetLinksFingerprintInvalid,
                        at: FindingLocation(file: file, path: "\(path).target.sha256_cert_fingerprints[\(fingerprintIndex)]"),
                        "\"\(fingerprint)\" is not a SHA-256 fingerprint: 32 colon-separated upper-case hex pairs (AB:CD:…)"))
            }
            if relations.contains(AppLinksChecker.handleAllURLs) { granted = true }
        }
        if !granted {
            findings.append(
                Finding(
                    AppLinksFindings.assetLinksNoHandleAllURLs, at: FindingLocation(file: file, path: "$"),
                    "no android_app statement grants \(AppLinksChecker.handleAllURLs), so App Links will not open the app"))
        }
        return findings
    }
}
