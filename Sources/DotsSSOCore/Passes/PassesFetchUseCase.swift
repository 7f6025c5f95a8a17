import Foundation

/// `dots-sso passes fetch`: a member's passes, downloaded (bounded concurrency), saved in the partner's order and
/// each inspected. The URLs come from a saved profile, else the passes endpoint (a flat JSON array, with the
/// member's token), else every `.pkpass` URL in the member's profile.
public struct PassesFetchUseCase: Sendable {
    public var member: MemberSettings
    public var trust: [String]
    public var output: String
    public var parallel: Int

    public init(member: MemberSettings, trust: [String] = [], output: String = ".", parallel: Int = 4) {
        self.member = member
        self.trust = trust
        self.output = output
        self.parallel = parallel
    }

    public struct Result: Sendable {
        /// Where the URLs came from, for people (`the passes endpoint https://…`).
        public var source: String
        public var passes: [FetchedPass]
    }

    /// `progress` is called with (finished, total) as each pass completes.
    public func run(_ ctx: CommandContext, progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) async throws -> Result {
        let source = try MemberSource(member, needsToken: false, in: ctx)
        let anchors = try PKPassInspectUseCase.anchors(trust: trust)
        let (links, description) = try await self.links(source)
        if links.isEmpty { ctx.note("dots-sso: \(description) lists no passes") }
        let fetcher = PassFetcher(http: source.http, inspector: PassInspector(anchors: anchors, now: ctx.clock.now()), parallel: parallel,
                                  output: URL(fileURLWithPath: output))
        return Result(source: description, passes: try await fetcher.fetch(links, progress: progress))
    }

    /// The pass URLs and a description of where they came from.
    func links(_ source: MemberSource) async throws -> ([String], String) {
        if let file = member.profileFile {
            guard let data = InputFile.read(file) else { throw InputError.unreadable(path: file, reason: "no such file or not readable") }
            return (try PassLinks.inProfile(data, source: InputFile.displayName(file)), "the profile \(InputFile.displayName(file))")
        }
        if let endpoint = source.channel.passesEndpoint {
            let url = try URLPolicy.validate(endpoint)
            let response = try await source.requireBearer().get(url, http: source.http)
            return (try PassLinks.fromEndpoint(response), "the passes endpoint \(url.redactedForDisplay)")
        }
        let bearer = try source.requireBearer()
        let endpoint = try await source.profileEndpoint()
        let response = try await bearer.get(endpoint, http: source.http)
        return (try PassLinks.inProfile(response.body, source: endpoint.redactedForDisplay), "the profile \(endpoint.redactedForDisplay)")
    }
}
