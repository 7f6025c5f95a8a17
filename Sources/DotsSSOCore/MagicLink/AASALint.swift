import DotsSSOBasics
import FoundationEssentials

/// Apple's `apple-app-site-association`: the current (`appIDs` + `components`) and legacy (`appID` + `paths`) shapes.
package enum AASALint {
    /// `TEAMID.bundle.id`: a 10-character team id, then a reverse-DNS bundle id.
    static func isValidAppID(_ id: String) -> Bool {
        guard let dot = id.firstIndex(of: ".") else { return false }
        let team = id[..<dot], bundle = id[id.index(after: dot)...]
        return team.count == 10 && team.allSatisfy { ($0.isUppercase || $0.isNumber) && $0.isASCII }
            && !bundle.isEmpty && bundle.allSatisfy { ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") && $0.isASCII }
            && !bundle.hasPrefix(".") && !bundle.hasSuffix(".")
    }

    static let componentKeys: Set<String> = ["/", "?", "#", "exclude", "comment", "caseSensitive", "percentEncoded"]

    package static func findings(_ document: JSONValue, file: String) -> [Finding] {
        var findings: [Finding] = []
        func at(_ path: String) -> FindingLocation { FindingLocation(file: file, path: path) }
        guard case .object(let root) = document else {
            return [Finding(AppLinksFindings.aasaNotObject, at: at("$"), "the file is \(document.typeDescription), not a JSON object")]
        }
        guard case .object(let applinks)? = root["applinks"] else {
            return [
                Finding(
                    AppLinksFindings.aasaApplinksMissing, at: at("$.applinks"),
                    "there is no \"applinks\" object, so no link opens the app")
            ]
        }
        guard case .array(let details)? = applinks["details"], !details.isEmpty else {
            return [
                Finding(AppLinksFindings.aasaDetailsMissing, at: at("$.applinks.details"), "\"applinks.details\" is missing or empty")
            ]
        }
        for (index, detail) in details.enumerated() {
            let path = "$.applinks.details[\(index)]"
            guard case .object(let entry) = detail else {
                findings.append(Finding(AppLinksFindings.aasaDetailType, at: at(path), "each detail must be an object"))
                continue
            }
            var ids: [String] = []
            if let list = entry["appIDs"] {
                guard let strings = list.stringArray, !strings.isEmpty else {
                    findings.append(
                        Finding(
                            AppLinksFindings.aasaAppIDsType, at: at("\(path).appIDs"), "appIDs must be a non-empty array of strings"))
                    continue
                }
                ids = strings
            } else if let single = entry["appID"]?.stringValue {
                ids = [single]
                findings.append(
                    Finding(
                        AppLinksFindings.aasaLegacy, at: at(path),
                        "this detail uses the legacy appID/paths format (iOS 12 and earlier); add appIDs and components for iOS 13+"))
            } else {
                findings.append(Finding(AppLinksFindings.aasaAppIDMissing, at: at(path), "the detail names no app (appIDs or appID)"))
            }
            for id in ids where !isValidAppID(id) {
                findings.append(
                    Finding(
                        AppLinksFindings.aasaAppIDInvalid, at: at(path),
                        "\"\(id)\" is not TEAMID.bundle.id (a 10-character upper-case team id, a dot, then the bundle id)"))
            }
            if let components = entry["components"] {
                guard case .array(let rules) = components else {
                    findings.append(
                        Finding(
                            AppLinksFindings.aasaComponentsType, at: at("\(path).components"), "components must be an array of objects")
                    )
                    continue
                }
                for (ruleIndex, rule) in rules.enumerated() {
                    let rulePath = "\(path).components[\(ruleIndex)]"
                    guard case .object(let fields) = rule else {
                        findings.append(
                            Finding(AppLinksFindings.aasaComponentType, at: at(rulePath), "each component must be an object"))
                        continue
                    }
                    for key in fields.keys.sorted() where !componentKeys.contains(key) {
                        findings.append(
                            Finding(
                                AppLinksFindings.aasaComponentKey, at: at("\(rulePath).\(key)"),
                                "unknown component key \"\(key)\" is ignored by iOS"))
                    }
                    if let slash = fields["/"], slash.stringValue == nil {
                        findings.append(
                            Finding(AppLinksFindings.aasaComponentPath, at: at("\(rulePath)[\"/\"]"), "\"/\" must be a string pattern"))
                    }
                    if let query = fields["?"], query.stringValue == nil,
                        query.objectValue?.values.allSatisfy({ $0.stringValue != nil }) != true
                    {
                        findings.append(
                            Finding(
                                AppLinksFindings.aasaComponentQuery, at: at("\(rulePath)[\"?\"]"),
                                "\"?\" must be a string or an object of string patterns"))
                    }
                }
            } else if let paths = entry["paths"] {
                if paths.stringArray == nil {
                    findings.append(
                        Finding(AppLinksFindings.aasaPathsType, at: at("\(path).paths"), "paths must be an array of strings"))
                }
            } else {
                findings.append(
                    Finding(
                        AppLinksFindings.aasaNoRules, at: at(path), "the detail has neither components nor paths, so it matches nothing"
                    ))
            }
        }
        return findings
    }

    /// Which rule decides a URL: components in order (iOS 13+), else legacy paths (`NOT ` excludes).
    package static func evaluate(url text: String, aasa: JSONValue?) -> AppLinksChecker.PathVerdict {
        guard let components = URLComponents(string: text) else {
            return .init(url: text, opensApp: false, explanation: "not a URL")
        }
        guard let details = aasa?.objectValue?["applinks"]?.objectValue?["details"], case .array(let list) = details else {
            return .init(url: text, opensApp: false, explanation: "no usable apple-app-site-association")
        }
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        let queryItems = components.queryItems ?? []
        for (index, detail) in list.enumerated() {
            guard let entry = detail.objectValue else { continue }
            let appID = entry["appIDs"]?.stringArray?.first ?? entry["appID"]?.stringValue
            if case .array(let rules)? = entry["components"] {
                for (ruleIndex, rule) in rules.enumerated() {
                    guard let fields = rule.objectValue else { continue }
                    let caseSensitive = fields["caseSensitive"] != .bool(false)
                    if let pattern = fields["/"]?.stringValue, !AppLinkPattern.matches(pattern, path, caseSensitive: caseSensitive) {
                        continue
                    }
                    if let fragment = fields["#"]?.stringValue,
                        !AppLinkPattern.matches(fragment, components.fragment ?? "", caseSensitive: caseSensitive)
                    {
                        continue
                    }
                    switch fields["?"] {
                    case .string(let pattern)?:
                        if !AppLinkPattern.matches(pattern, components.query ?? "", caseSensitive: caseSensitive) { continue }
                    case .object(let wanted)?:
                        let satisfied = wanted.allSatisfy { key, value in
                            guard let pattern = value.stringValue, let actual = queryItems.first(where: { $0.name == key })?.value else {
                                return false
                            }
                            return AppLinkPattern.matches(pattern, actual, caseSensitive: caseSensitive)
                        }
                        if !satisfied { continue }
                    default:
                        break
                    }
                    let rulePath = "details[\(index)].components[\(ruleIndex)]"
                    if fields["exclude"] == .bool(true) {
                        return .init(url: text, opensApp: false, appID: appID, rule: rulePath, explanation: "excluded by \(rulePath)")
                    }
                    return .init(
                        url: text, opensApp: true, appID: appID, rule: rulePath, explanation: "opens \(appID ?? "the app") by \(rulePath)")
                }
            } else if let paths = entry["paths"]?.stringArray {
                for (ruleIndex, pattern) in paths.enumerated() {
                    let excluded = pattern.hasPrefix("NOT ")
                    let glob = excluded ? String(pattern.dropFirst(4)) : pattern
                    guard AppLinkPattern.matches(glob, path) else { continue }
                    let rulePath = "details[\(index)].paths[\(ruleIndex)]"
                    return .init(
                        url: text, opensApp: !excluded, appID: appID, rule: rulePath,
                        explanation: excluded
                            ? "excluded by \(rulePath) (\(pattern))" : "opens \(appID ?? "the app") by \(rulePath) (\(pattern))")
                }
            }
        }
        return .init(url: text, opensApp: false, explanation: "no rule matches \(path)")
    }
}
