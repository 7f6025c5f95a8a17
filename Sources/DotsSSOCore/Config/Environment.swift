import Foundation

/// The process environment as plain values, so the core never reads globals and tests can inject their own.
public struct Environment: Sendable {
    public var variables: [String: String]

    public init(_ variables: [String: String] = ProcessInfo.processInfo.environment) {
        self.variables = variables
    }

    public subscript(name: String) -> String? {
        guard let value = variables[name], !value.isEmpty else { return nil }
        return value
    }

    private var home: String {
        self["HOME"] ?? NSHomeDirectory()
    }

    /// `$XDG_CONFIG_HOME/dots-sso` (default `~/.config/dots-sso`).
    public var configDirectory: URL {
        URL(fileURLWithPath: self["XDG_CONFIG_HOME"] ?? "\(home)/.config", isDirectory: true)
            .appendingPathComponent("dots-sso", isDirectory: true)
    }

    /// `$DOTS_SSO_CACHE_DIR`, else `$XDG_CACHE_HOME/dots-sso` (default `~/.cache/dots-sso`).
    public var cacheDirectory: URL {
        if let explicit = self["DOTS_SSO_CACHE_DIR"] {
            return URL(fileURLWithPath: explicit, isDirectory: true)
        }
        return URL(fileURLWithPath: self["XDG_CACHE_HOME"] ?? "\(home)/.cache", isDirectory: true)
            .appendingPathComponent("dots-sso", isDirectory: true)
    }

    /// Where named channel files live.
    public var channelsDirectory: URL {
        configDirectory.appendingPathComponent("channels", isDirectory: true)
    }
}

extension Environment {
    /// Colour is allowed unless `NO_COLOR` is set (to anything) or the terminal is `dumb`.
    public var allowsColor: Bool {
        variables["NO_COLOR"] == nil && self["TERM"] != "dumb"
    }
}
