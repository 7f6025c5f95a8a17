/// `dots-sso applinks check ORIGIN`: the origin's apple-app-site-association and assetlinks.json, and which rule
/// each magic-link URL matches.
public struct ApplinksCheckUseCase: Sendable {
    public var origin: String
    public var paths: [String]
    public var http: HTTPSettings

    public init(origin: String, paths: [String] = [], http: HTTPSettings = HTTPSettings()) {
        self.origin = origin
        self.paths = paths
        self.http = http
    }

    public func run(_ ctx: CommandContext) async throws -> AppLinksChecker.Report {
        try await AppLinksChecker(http: try http.client(in: ctx)).check(origin: origin, paths: paths)
    }
}
