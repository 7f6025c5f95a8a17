import DotsSSOBasics
import FoundationEssentials

/// Gets a member's profile: from a saved file (offline), or from the profile endpoint with a bearer token,
/// and checks it, remembering the first id seen for a cached sign-in so a changed id is caught later.
package struct ProfileLoader: Sendable {
    package let checker: ProfileChecker
    package let http: any HTTPClient

    package init(channel: Channel, http: any HTTPClient) throws {
        checker = try ProfileChecker(channel: channel)
        self.http = http
    }

    /// Reads and checks a saved profile (`-` is stdin). Broken JSON is malformed input (65) with the position.
    package func load(file path: String, expectedID: String?) throws -> ProfileReport {
        let source = InputFile.displayName(path)
        let bytes = try InputFile.bytes(path, what: "a profile", limit: HTTPRequest.defaultMaxBodyBytes)
        let document: CompactJSON
        do {
            document = try CompactJSON(bytes: bytes)
        } catch let error as CompactJSON.ParseError {
            throw InputError.malformed(source: source, reason: "not valid JSON at \(error.located)")
        }
        // One parse gives both the value and the duplicate keys; a repeated key keeps its first copy, as the decoder
        // of fetched profiles does, so a saved profile is checked as the same profile fetched would be.
        var report = checker.check(JSONValue(document, keeping: .first), source: source, expectedID: expectedID)
        report.findings += Self.duplicateKeys(in: document, source: source)
        return report
    }

    /// A key the partner repeats in one object: the app's parser keeps one copy, other readers another (a warning).
    static func duplicateKeys(in document: CompactJSON?, source: String) -> [Finding] {
        document?.duplicateKeyFindings(
            ProfileFindings.duplicateKey, file: source,
            consequence: "JSON readers keep different copies, so the app may see another value than this check; send each key once") ?? []
    }

    /// Fetches and checks the profile at `endpoint`. With a cached sign-in, the first id seen is remembered in the
    /// entry, and a later fetch with another id is reported (ids are immutable); a `sub` other than the id_token's
    /// refuses the answer (OIDC Core §5.3.2: its values must not be used).
    package func fetch(endpoint: URL, bearer: BearerSource, expectedID: String?) async throws -> ProfileReport {
        let response = try await bearer.get(endpoint, http: http, auth: checker.channel.profileAuth)
        let profile = try response.decodeJSON(JSONValue.self)
        var expected = expectedID
        var rememberIn: TokenSession?
        if case .session(let session, _) = bearer, let subject = try session.current().entry.subject,
            let claimed = profile.objectValue?["sub"]?.stringValue, claimed != subject
        {
            throw OAuthError.userinfoSubjectMismatch(idToken: subject, userinfo: claimed, url: endpoint.redactedForDisplay)
        }
        if case .session(let session, _) = bearer, expected == nil {
            let remembered = try session.current().entry.payload(RememberedProfile.self)
            expected = remembered?.id
            if remembered == nil { rememberIn = session }
        }
        var report = checker.check(profile, source: endpoint.redactedForDisplay, expectedID: expected)
        report.findings += Self.duplicateKeys(in: try? CompactJSON(response.body), source: endpoint.redactedForDisplay)
        if let session = rememberIn, let id = report.dots.id {
            try await session.cache.update(session.key) { entry in
                guard entry != nil, entry?.payload(RememberedProfile.self) == nil else { return }
                entry?.setPayload(RememberedProfile(id: id))
            }
        }
        return report
    }
}
