import DotsSSOBasics
import FoundationEssentials

/// Checks the two files that make magic links open the app: Apple's `apple-app-site-association` and
/// Android's `assetlinks.json`, fetched the way the platforms fetch them (no redirects, https, small JSON).
package struct AppLinksChecker: Sendable {
    package static let maxBytes = 128 * 1024
    package static let handleAllURLs = "delegate_permission/common.handle_all_urls"

    package let http: any HTTPClient

    package init(http: any HTTPClient) { self.http = http }

    /// One path's verdict against the AASA rules.
    package struct PathVerdict: Codable, Sendable, Equatable {
        package var url: String
        package var opensApp: Bool
        package var appID: String?
        /// The rule that decided, e.g. `details[0].components[1]`.
        package var rule: String?
        package var explanation: String
    }

    package struct Report: Encodable, Sendable {
        package var origin: String
        package var appleAppSiteAssociation: JSONValue?
        package var assetLinks: JSONValue?
        package var paths: [PathVerdict]
        package var findings: [Finding]

        /// `applinks check --json`: the verdicts and findings (the association files themselves are not repeated).
        enum CodingKeys: String, CodingKey { case origin, paths, findings }
    }

    package func check(origin: String, paths: [String]) async throws -> Report {
        let base = try URLPolicy.validate(origin)
        var findings: [Finding] = []
        if !base.path.isEmpty && base.path != "/" {
            findings.append(
                Finding(
                    AppLinksFindings.originPath, at: FindingLocation(file: origin),
                    "the files are looked up under \(base.path); iOS and Android only read them at the root of the domain"))
        }
        if base.scheme?.lowercased() != "https" {
            findings.append(
                Finding(
                    AppLinksFindings.originHTTP, at: FindingLocation(file: origin),
                    "the origin is plain http (allowed only on loopback for tests); both platforms require https"))
        }
        let aasaURL = Self.wellKnown(base, "apple-app-site-association")
        let assetURL = Self.wellKnown(base, "assetlinks.json")
        let aasa = try await fetch(aasaURL, findings: &findings)
        let assets = try await fetch(assetURL, findings: &findings)
        if let aasa { findings += AASALint.findings(aasa, file: aasaURL.absoluteString) }
        if let assets { findings += AssetLinksLint.findings(assets, file: assetURL.absoluteString) }
        var verdicts: [PathVerdict] = []
        var otherHosts: [String: JSONValue?] = [:]
        for link in paths {
            verdicts.append(await verdict(for: link, origin: base, aasa: aasa, otherHosts: &otherHosts))
            if let components = URLComponents(string: link), components.fragment?.contains("token=") == true,
                components.queryItems?.contains(where: { $0.name == "token" }) != true
            {
                findings.append(
                    Finding(
                        AppLinksFindings.pathTokenInFragment, at: FindingLocation(file: Redactor.redactURL(link)),
                        "the token sits in the fragment (#…); seed 001 puts it in the query (?token=…): the app reads it either way, but some mail clients and redirects drop fragments"
                    ))
            }
        }
        for verdict in verdicts where !verdict.opensApp {
            if let scheme = URLComponents(string: verdict.url)?.scheme?.lowercased(), scheme != "https", scheme != "http" {
                findings.append(
                    Finding(
                        AppLinksFindings.pathCustomScheme, at: FindingLocation(file: verdict.url),
                        "this link is not an app link: \(verdict.explanation)"))
            } else {
                findings.append(
                    Finding(
                        AppLinksFindings.pathNotMatched, at: FindingLocation(file: verdict.url),
                        "this link would open in the browser, not the app: \(verdict.explanation)"))
            }
        }
        return Report(origin: origin, appleAppSiteAssociation: aasa, assetLinks: assets, paths: verdicts, findings: findings)
    }

    /// One link's verdict: a custom scheme never opens the app by app-link rules; a link on another host is judged by
    /// that host's own association (fetched once per host), never by the origin's.
    func verdict(for link: String, origin: URL, aasa: JSONValue?, otherHosts: inout [String: JSONValue?]) async -> PathVerdict {
        guard let components = URLComponents(string: link), let scheme = components.scheme?.lowercased(),
            let host = components.host?.lowercased()
        else {
            return AASALint.evaluate(url: link, aasa: aasa)
        }
        let shown = Redactor.redactURL(link)
        if scheme != "https" && !(scheme == "http" && URLPolicy.isLoopback(host: host)) {
            return PathVerdict(
                url: shown, opensApp: false,
                explanation: "\(scheme): is a custom scheme; iOS universal links and Android app links "
                    + "need https (a custom-scheme link opens whichever app claims the scheme, or nothing, and is never verified)")
        }
        let authority = components.port.map { "\(host):\($0)" } ?? host
        let originAuthority = origin.port.map { "\((origin.host ?? "").lowercased()):\($0)" } ?? (origin.host ?? "").lowercased()
        guard authority != originAuthority else { return AASALint.evaluate(url: link, aasa: aasa) }
        if otherHosts[authority] == nil, let other = URL(string: "\(scheme)://\(authority)") {
            var ignored: [Finding] = []
            otherHosts[authority] = .some(
                (try? await fetch(Self.wellKnown(other, "apple-app-site-association"), findings: &ignored)) ?? nil)
        }
        guard case .some(.some(let association)) = otherHosts[authority] else {
            return PathVerdict(
                url: shown, opensApp: false,
                explanation: "the link is on \(authority), which \(originAuthority)'s file does not cover, and "
                    + "\(authority) serves no usable apple-app-site-association: it opens the browser")
        }
        var verdict = AASALint.evaluate(url: link, aasa: association)
        verdict.explanation += " (by \(authority)'s own apple-app-site-association, not \(originAuthority)'s)"
        return verdict
    }

    static func wellKnown(_ base: URL, _ name: String) -> URL {
        let trimmed = base.absoluteString.hasSuffix("/") ? String(base.absoluteString.dropLast()) : base.absoluteString
        return URL(string: "\(trimmed)/.well-known/\(name)")!
    }

    /// Fetches one file as the platform would: a redirect, a non-200, an oversized or non-JSON body is a finding.
    func fetch(_ url: URL, findings: inout [Finding]) async throws -> JSONValue? {
        let file = url.absoluteString
        let name = url.lastPathComponent
        var request = HTTPRequest(.get, url, headers: [(name: "Accept", value: "application/json")], followsRedirects: false)
        request.maxBodyBytes = Self.maxBytes
        let response: HTTPResponse
        do {
            response = try await http.send(request)
        } catch HTTPError.bodyTooLarge {
            findings.append(
                Finding(
                    AppLinksFindings.fileTooLarge, at: FindingLocation(file: file),
                    "\(name) is larger than 128 KB; the platforms refuse it"))
            return nil
        }
        if (300..<400).contains(response.status) {
            findings.append(
                Finding(
                    AppLinksFindings.fileRedirect, at: FindingLocation(file: file),
                    "\(name) answers HTTP \(response.status) → \(response.header("Location") ?? "?"); Apple and Android do not follow redirects for this file, serve it directly"
                ))
            return nil
        }
        guard response.status == 200 else {
            findings.append(
                Finding(
                    AppLinksFindings.fileStatus, at: FindingLocation(file: file),
                    "\(name) answers HTTP \(response.status); it must be served with 200"))
            return nil
        }
        let value: JSONValue
        do {
            value = try response.decodeJSON(JSONValue.self)
        } catch {
            findings.append(
                Finding(
                    AppLinksFindings.fileNotJSON, at: FindingLocation(file: file),
                    "\(name) is not JSON: got \(response.bodyKind)"))
            return nil
        }
        if let type = response.mediaType, type != "application/json" {
            findings.append(
                Finding(
                    AppLinksFindings.fileContentType, at: FindingLocation(file: file),
                    "\(name) is served as \(type); serve it as application/json"))
        } else if response.mediaType == nil {
            findings.append(
                Finding(
                    AppLinksFindings.fileContentType, at: FindingLocation(file: file),
                    "\(name) is served without a Content-Type; serve it as application/json"))
        }
        return value
    }
}
