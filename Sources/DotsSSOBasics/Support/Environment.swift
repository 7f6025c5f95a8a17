import FoundationEssentials

/// The process environment as plain values, so the core never reads globals and tests can inject their own.
package struct Environment: Sendable {
    package var variables: [String: String]

    package init(_ variables: [String: String] = ProcessInfo.processInfo.environment) {
        self.variables = variables
    }

    package subscript(name: String) -> String? {
        guard let value = variables[name], !value.isEmpty else { return nil }
        return value
    }

    /// Whether this runs as a GitHub Actions step (`GITHUB_ACTIONS=true`): findings also become annotations, and
    /// prompts are never waited for.
    package var isGitHubActions: Bool { self["GITHUB_ACTIONS"] == "true" }

    private var home: String {
        self["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
    }

    /// `$XDG_CONFIG_HOME/dots-sso` (default `~/.config/dots-sso`).
    package var configDirectory: URL {
        URL(fileURLWithPath: self["XDG_CONFIG_HOME"] ?? "\(home)/.config", isDirectory: true)
            .appendingPathComponent("dots-sso", isDirectory: true)
    }

    /// `$DOTS_SSO_CACHE_DIR`, else `$XDG_CACHE_HOME/dots-sso` (default `~/.cache/dots-sso`).
    package var cacheDirectory: URL {
        if let explicit = self["DOTS_SSO_CACHE_DIR"] {
            return URL(fileURLWithPath: explicit, isDirectory: true)
        }
        return URL(fileURLWithPath: self["XDG_CACHE_HOME"] ?? "\(home)/.cache", isDirectory: true)
            .appendingPathComponent("dots-sso", isDirectory: true)
    }

    /// Where named channel files live.
    package var channelsDirectory: URL {
        configDirectory.appendingPathComponent("channels", isDirectory: true)
    }
}

extension Environment {
    /// What the environment says about colour, when it says anything: `NO_COLOR` with a value turns it off
    /// (no-color.org: an empty one is ignored), `FORCE_COLOR` with a value other than `0` turns it on (CI logs
    /// that render ANSI), `TERM=dumb` turns it off.
    package var colorPreference: Bool? {
        if let value = variables["NO_COLOR"], !value.isEmpty { return false }
        if let value = variables["FORCE_COLOR"], !value.isEmpty { return value != "0" }
        if self["TERM"] == "dumb" { return false }
        return nil
    }
}

/// `--color`: `auto` colours a terminal unless the environment says otherwise; `always` and `never` decide alone.
package enum ColorChoice: String, Sendable, CaseIterable {
    case auto, always, never

    package func allows(environment: Environment, terminal: Bool) -> Bool {
        switch self {
        case .always: true
        case .never: false
        case .auto: environment.colorPreference ?? terminal
        }
    }
}
