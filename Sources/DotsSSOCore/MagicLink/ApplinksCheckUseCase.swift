import DotsSSOBasics

/// `dots-sso applinks check ORIGIN`: the origin's apple-app-site-association and assetlinks.json, and which rule
/// each magic-link URL matches.
package struct ApplinksCheckUseCase: Sendable {
    package var origin: String
    package var paths: [String]
    package var http: HTTPSettings

    package init(origin: String, paths: [String] = [], http: HTTPSettings = HTTPSettings()) {
        self.origin = origin
        self.paths = paths
        self.http = http
    }

    package func run(_ ctx: CommandContext) async throws -> AppLinksChecker.Report {
        try await AppLinksChecker(http: try http.client(in: ctx)).check(origin: origin, paths: paths)
    }
}
