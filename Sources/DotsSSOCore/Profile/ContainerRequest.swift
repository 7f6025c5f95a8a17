import DotsSSOBasics
import FoundationEssentials

/// The exact request the app makes for one container (seed 000 "Containers"): its URL with the partner token
/// and user id in the configured header or query parameter, and whether the member may open it.
package struct ContainerRequest: Codable, Sendable {
    package var name: String
    package var method: String
    package var url: String
    package var headers: [String: String]
    package var tokenIn: String?
    package var userIdIn: String?
    package var flag: String?
    /// The flag whose variant gave this member the URL; nil for the plain URL.
    package var variant: String?
    /// How many URLs the container can load (1 plus its variants): with several, the member's flags choose.
    package var urlChoices: Int
    /// nil when no profile was available to decide.
    package var allowed: Bool?

    package static let tokenPlaceholder = "<partner token>"
    package static let userIDPlaceholder = "<user id>"

    /// Builds the request; `token`/`userID` nil show placeholders, `showSecrets` false redacts the token. `scheme` is
    /// what an `Authorization` header names it: `DPoP` for a token bound to the sign-in's key.
    package init(
        _ container: Channel.Container, token: String?, userID: String?, flags: [FlagReading]?, showSecrets: Bool, scheme: String = "Bearer"
    ) throws {
        name = container.name
        method = "GET"
        flag = container.flag
        let chosen = container.url(for: flags)
        variant = chosen.variant
        urlChoices = container.allURLs.count
        guard var components = URLComponents(string: chosen.url) else { throw HTTPError.invalidURL(chosen.url) }
        var items = components.queryItems ?? []
        var headers: [String: String] = [:]
        let shownToken = token.map { showSecrets ? $0 : Redactor.placeholder } ?? Self.tokenPlaceholder
        if let placement = container.token {
            tokenIn = "\(placement.in.rawValue) \(placement.name)"
            switch placement.in {
            case .header:
                headers[placement.name] = placement.name.lowercased() == "authorization" ? "\(scheme) \(shownToken)" : shownToken
            case .query:
                items.append(URLQueryItem(name: placement.name, value: shownToken))
            }
        }
        let shownUser = userID ?? Self.userIDPlaceholder
        if let placement = container.userId {
            userIdIn = "\(placement.in.rawValue) \(placement.name)"
            switch placement.in {
            case .header: headers[placement.name] = shownUser
            case .query: items.append(URLQueryItem(name: placement.name, value: shownUser))
            }
        }
        components.queryItems = items.isEmpty ? nil : items
        url = components.string ?? chosen.url
        self.headers = headers
        if let flag = container.flag {
            allowed = flags.map { readings in readings.first { $0.name == flag }?.isOn ?? false }
        } else {
            allowed = flags == nil ? nil : true
        }
    }

    /// The real request (with the real token) for `containers probe`, to the URL this member's flags choose. A bound
    /// token's proof is added when it is sent (`AccessCredential.send`).
    package static func httpRequest(
        _ container: Channel.Container, access: AccessCredential?, userID: String?, flags: [FlagReading]? = nil
    ) throws -> HTTPRequest {
        let token = access?.token
        let real = try ContainerRequest(
            container, token: token, userID: userID, flags: flags, showSecrets: true, scheme: access?.scheme ?? "Bearer")
        let url = try URLPolicy.validate(real.url)
        var request = HTTPRequest(
            .get, url, headers: real.headers.map { (name: $0.key, value: $0.value) } + [(name: "Accept", value: "text/html,*/*")])
        request.secrets = token.map(Redactor.forms) ?? []
        return request
    }
}

/// Checks the configured containers: https, the same URL for every member, flags the channel documents.
package enum ContainerLint {
    package static func findings(for channel: Channel, userID: String?, email: String?) -> [Finding] {
        var findings: [Finding] = []
        for (index, container) in (channel.containers ?? []).enumerated() {
            let location = FindingLocation(file: channel.findingFile, path: "$.containers[\(index)]")
            for url in container.allURLs {
                do {
                    _ = try URLPolicy.validate(url)
                    if !url.lowercased().hasPrefix("https://") {
                        findings.append(
                            Finding(
                                ContainerFindings.loopbackHTTP, at: location,
                                "container \(container.name) uses plain http on loopback (\(url)); the app needs https"))
                    }
                } catch {
                    findings.append(
                        Finding(
                            ContainerFindings.insecure, at: location,
                            "container \(container.name) URL \(url) is not https; the app loads containers over TLS 1.2+ only"))
                }
                if let reason = userSpecificValue(in: url, userID: userID, email: email) {
                    findings.append(
                        Finding(
                            ContainerFindings.userSpecific, at: location,
                            "container \(container.name) URL embeds \(reason); container URLs must be identical for all members (pass the token and user id as configured instead)"
                        ))
                }
            }
            for flag in [container.flag].compactMap({ $0 }) + (container.variants ?? []).map(\.flag) where channel.flags?[flag] == nil {
                findings.append(
                    Finding(
                        ContainerFindings.flagUndocumented, at: location,
                        "container \(container.name) depends on \(flag), which the channel's flags do not document"))
            }
            if container.token?.in == .query {
                findings.append(
                    Finding(
                        ContainerFindings.tokenInQuery, at: location,
                        "container \(container.name) passes the partner token in the query string, where it ends up in server logs and browser history; a header is safer"
                    ))
            }
        }
        return findings
    }

    /// Why a URL looks member-specific: the member's own id or e-mail, or an e-mail, UUID or JWT-shaped value.
    static func userSpecificValue(in url: String, userID: String?, email: String?) -> String? {
        let decoded = PercentEncoding.decode(url) ?? url
        if let userID, userID.count >= 4, decoded.contains(userID) { return "this member's id \(userID)" }
        if let email, decoded.lowercased().contains(email.lowercased()) { return "this member's e-mail address" }
        let segments = decoded.split(whereSeparator: { "/?&=#".contains($0) })
        for segment in segments {
            let text = String(segment)
            if EmailAddress.looksLikeEmail(text) { return "an e-mail address (\(text))" }
            if UUID(uuidString: text) != nil { return "a UUID (\(text))" }
            if text.split(separator: ".").count == 3, text.hasPrefix("eyJ") { return "a JWT" }
        }
        return nil
    }
}

extension Channel.Container {
    /// The URL a member with these flags gets and the flag that chose it (nil: the plain `url`). Without
    /// flags (no member known) the plain URL.
    package func url(for flags: [FlagReading]?) -> (url: String, variant: String?) {
        guard let flags else { return (url, nil) }
        for variant in variants ?? [] where flags.contains(where: { $0.name == variant.flag && $0.isOn }) {
            return (variant.url, variant.flag)
        }
        return (url, nil)
    }
}
