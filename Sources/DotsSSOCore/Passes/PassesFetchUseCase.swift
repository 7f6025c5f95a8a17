import DotsSSOBasics
import FoundationEssentials

/// `dots-sso passes fetch`: a member's passes, downloaded (bounded concurrency), saved in the partner's order and
/// each inspected. The URLs come from a saved profile, else the passes endpoint (a flat JSON array, with the
/// member's token), else every `.pkpass` URL in the member's profile.
package struct PassesFetchUseCase: Sendable {
    package var member: MemberSettings
    package var trust: [String]
    package var output: String
    package var parallel: Int
    /// Draw each saved pass beside it (`--preview`).
    package var preview: Bool

    package init(member: MemberSettings, trust: [String] = [], output: String = ".", parallel: Int = 4, preview: Bool = false) {
        self.member = member
        self.trust = trust
        self.output = output
        self.parallel = parallel
        self.preview = preview
    }

    package struct Result: Encodable, Sendable {
        /// Where the URLs came from, for people (`the passes endpoint https://…`).
        package var source: String
        /// The folder the passes were saved in.
        package var output: String
        package var passes: [FetchedPass]
        /// Findings about the list itself (URL-valued profile fields not taken as passes).
        package var findings: [Finding] = []
        /// When the passes were checked: expiry and validity are said relative to it.
        package var checkedAt: Date

        enum CodingKeys: String, CodingKey { case source, output, passes, findings }

        /// The first pass that could not be saved: the command then ends with the output's exit status (74), not 1.
        package var saveFailure: OutputError? { passes.lazy.compactMap(\.saveFailure).first }
    }

    /// Where the pass URLs came from, and what was seen on the way.
    package struct Links: Sendable {
        package var links: [String]
        package var description: String
        package var findings: [Finding]
    }

    /// `progress` is called with (finished, total) as each pass completes.
    package func run(_ ctx: CommandContext, progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) async throws -> Result {
        let source = try MemberSource(member, needsToken: false, in: ctx)
        let anchors = try await PassTrust.anchors(flags: trust, channel: source.channel, in: ctx)
        let found = try await links(source)
        if found.links.isEmpty { ctx.note("dots-sso: \(found.description) lists no passes") }
        let now = ctx.clock.now()
        var fetcher = PassFetcher(
            http: source.http, inspector: PassInspector(anchors: anchors, now: now), parallel: parallel,
            output: URL(fileURLWithPath: output), preview: preview)
        fetcher.drawing = ctx.isolatedDrawing()
        return Result(
            source: found.description, output: output, passes: try await fetcher.fetch(found.links, progress: progress),
            findings: found.findings,
            checkedAt: now)
    }

    /// The pass URLs, where they came from, and the profile's URL fields that were not taken.
    package func links(_ source: MemberSource) async throws -> Links {
        let mapping = try ProfileMapping(channel: source.channel)
        if let file = member.profileFile {
            let data = try InputFile.contents(file, what: "a profile", limit: HTTPRequest.defaultMaxBodyBytes)
            return try Self.fromProfile(data, source: InputFile.displayName(file), mapping: mapping)
        }
        if let endpoint = source.channel.passesEndpoint {
            let url = try URLPolicy.validate(endpoint)
            let response = try await source.requireBearer().get(url, http: source.http)
            return Links(
                links: try PassLinks.fromEndpoint(response), description: "the passes endpoint \(url.redactedForDisplay)", findings: [])
        }
        let endpoint = try await source.profileEndpoint()
        let response = try await source.requireBearer().get(endpoint, http: source.http, auth: source.channel.profileAuth)
        return try Self.fromProfile(response.body, source: endpoint.redactedForDisplay, mapping: mapping)
    }

    static func fromProfile(_ data: Data, source: String, mapping: ProfileMapping) throws -> Links {
        let found = try PassLinks.inProfile(data, source: source, mapping: mapping)
        let findings = found.skipped.map { url in
            Finding(
                PassesFindings.profileURLSkipped, at: FindingLocation(file: source),
                "\(URL(string: url)?.redactedForDisplay ?? url) was not taken as a pass (its path does not end in .pkpass); if passes live elsewhere in the profile, set the channel's profileMapping.passes"
            )
        }
        let mapped = mapping.paths[.passes]?.first.map { " at \($0)" } ?? ""
        return Links(links: found.links, description: "the profile \(source)\(mapped)", findings: findings)
    }
}
