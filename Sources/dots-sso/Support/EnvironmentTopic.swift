import DotsSSOBasics

/// `dots-sso help environment`: every variable dots-sso reads and what it changes; the one list the man page's
/// ENVIRONMENT (Scripts/man.py reads this output) and the README's Environment table show (a test keeps them equal).
enum EnvironmentTopic {
    static let variables: [(name: String, meaning: String)] = [
        ("DOTS_SSO_CHANNEL", "The channel when --channel is not given: a name from the channels folder or a channel file."),
        ("DOTS_SSO_CACHE_DIR", "The token cache folder instead of $XDG_CACHE_HOME/dots-sso (--cache-dir wins)."),
        ("DOTS_SSO_CACERT", "A PEM file of CA certificates to trust besides the system's (--cacert wins)."),
        ("DOTS_SSO_DRAW_LIMITS", "MIB,SECONDS: tighter memory and CPU limits for drawing pictures (at most 512 MiB and 20 s)."),
        ("XDG_CONFIG_HOME", "Where channels live: $XDG_CONFIG_HOME/dots-sso/channels (default ~/.config)."),
        ("XDG_CACHE_HOME", "Where tokens are cached: $XDG_CACHE_HOME/dots-sso (default ~/.cache)."),
        ("HOME", "The base of the default configuration and cache folders."),
        ("NO_COLOR", "A non-empty value turns colour off (an empty one is ignored); --color always wins."),
        ("FORCE_COLOR", "A value other than 0 colours output that is not a terminal (a CI log that shows colour)."),
        ("TERM", "With the value dumb, no colour."),
        ("BROWSER", "The browser authorize and logout --open start (the first of a colon-separated list); --browser-command wins."),
        ("DISPLAY, WAYLAND_DISPLAY", "When both are unset (Linux), no browser is tried and authorize picks the device or paste flow."),
        ("SSH_CONNECTION, SSH_TTY", "On macOS, an SSH session means no browser is tried."),
        ("GITHUB_ACTIONS", "With the value true, check and the validators also write GitHub Actions annotations to stderr."),
        ("GITHUB_STEP_SUMMARY", "A file check appends a Markdown table of channels and checks to (the job's summary page on GitHub)."),
        ("https_proxy, HTTPS_PROXY, ALL_PROXY, NO_PROXY", "Read by libcurl for every request (lower case http_proxy only, as curl does)."),
        ("DOTS_SANDBOX_CHANNEL_KEY", "The Channels API key the sandbox's channel names (sandbox --write-channel prints it)."),
        (
            "clientSecretEnv, channelsApi.apiKeyEnv",
            "A channel names the variables holding its client secret and Channels API key; the values are never stored."
        ),
    ]

    static var text: String {
        let width = variables.map(\.name.count).max() ?? 0
        return variables.map { "\(DisplayWidth.pad($0.name, to: width))  \($0.meaning)" }.joined(separator: "\n")
    }
}
