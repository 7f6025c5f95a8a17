import DotsSSOBasics
import FoundationEssentials

/// One text setting of a channel, declared once. Its flag (`name` in kebab case: `privacyPolicy` is
/// `--privacy-policy`), its help, its key in the channel file, its row in `channel show`, how `channel init`
/// checks it, and whether `check tls` connects to it all come from this declaration; the command line's `@Option`
/// for it takes its help from here, and `ChannelFieldTests` fails when a field has no flag, is not written under its
/// key, or is not shown. Structured settings (flags, containers, scopes, profile auth and mapping, pass roots) have
/// their own flags and syntax (`ChannelFields`).
package struct ChannelField: Sendable, Hashable, CustomStringConvertible {
    /// What a value is, which says how it is checked and used.
    package enum Kind: Sendable, Hashable {
        /// An endpoint dots-sso connects to: `channel init` refuses what `URLPolicy` refuses, `check tls` connects.
        case endpoint
        /// A URL or a path (a document, an animation): `check tls` connects when it is an https URL.
        case urlOrPath
        /// A file the channel refers to: stored as an absolute path (the channel file lives elsewhere).
        case file
        /// The name of an environment variable holding a secret; shown as `from $NAME`, the secret never stored.
        case environmentVariable
        case text
    }

    /// The Swift name of the setting and the stem of its flag.
    package let name: String
    /// Where it sits in the channel file, dot-separated (`legal.privacyPolicy`).
    package let key: String
    package let kind: Kind
    /// Its row label in `channel show`.
    package let label: String
    package let help: String
    /// The flag's value name in help (`url`, `file`).
    package let valueName: String
    private let read: @Sendable (Channel) -> String?
    private let write: @Sendable (inout Channel, String?) -> Void

    /// A setting at the top of the channel file.
    init(
        _ name: String, _ property: WritableKeyPath<Channel, String?> & Sendable, kind: Kind, label: String, valueName: String,
        _ help: String
    ) {
        self.name = name
        self.key = name
        self.kind = kind
        self.label = label
        self.valueName = valueName
        self.help = help
        read = { $0[keyPath: property] }
        write = { $0[keyPath: property] = $1 }
    }

    /// A setting inside a group of the channel file (`legal`, `magicLink`, `channelsApi`); the group is made when the
    /// first of its settings is given.
    init<Group: Sendable>(
        _ name: String, in group: WritableKeyPath<Channel, Group?> & Sendable, _ groupKey: String,
        _ property: WritableKeyPath<Group, String?> & Sendable, _ propertyKey: String, empty: Group, kind: Kind, label: String,
        valueName: String, _ help: String
    ) {
        self.name = name
        self.key = "\(groupKey).\(propertyKey)"
        self.kind = kind
        self.label = label
        self.valueName = valueName
        self.help = help
        read = { $0[keyPath: group]?[keyPath: property] }
        write = { channel, value in
            guard value != nil || channel[keyPath: group] != nil else { return }
            var contents = channel[keyPath: group] ?? empty
            contents[keyPath: property] = value
            channel[keyPath: group] = contents
        }
    }

    /// `--privacy-policy` for `privacyPolicy`.
    package var flag: String {
        "--" + name.reduce(into: "") { text, character in text += character.isUppercase ? "-\(character.lowercased())" : "\(character)" }
    }

    package var description: String { flag }

    package func value(in channel: Channel) -> String? { read(channel) }

    /// Sets the value as given on the command line: a `file` becomes an absolute path.
    package func set(_ value: String, in channel: inout Channel) {
        write(&channel, kind == .file ? URL(fileURLWithPath: value).standardizedFileURL.path : value)
    }

    /// What `channel show` prints for the value.
    package func shown(_ value: String) -> String {
        kind == .environmentVariable ? "from $\(value)" : value
    }

    package static func == (lhs: ChannelField, rhs: ChannelField) -> Bool { lhs.name == rhs.name }
    package func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

extension ChannelField {
    /// Every text setting, in the order `channel show` lists them.
    package static let all: [ChannelField] = [
        ChannelField(
            "issuer", \.issuer, kind: .endpoint, label: "issuer", valueName: "url", "The provider's issuer URL (discovery starts here)."),
        ChannelField(
            "authorizationEndpoint", \.authorizationEndpoint, kind: .endpoint, label: "authorization", valueName: "url",
            "The partner's authorization URL."),
        ChannelField("tokenEndpoint", \.tokenEndpoint, kind: .endpoint, label: "token", valueName: "url", "The partner's token URL."),
        ChannelField(
            "deviceAuthorizationEndpoint", \.deviceAuthorizationEndpoint, kind: .endpoint, label: "device authorization",
            valueName: "url", "The provider's RFC 8628 device authorization URL (when discovery does not name it)."),
        ChannelField(
            "profileEndpoint", \.profileEndpoint, kind: .endpoint, label: "profile", valueName: "url",
            "The partner's profile (userinfo-like) URL."),
        ChannelField(
            "passesEndpoint", \.passesEndpoint, kind: .endpoint, label: "passes", valueName: "url",
            "The partner's passes endpoint (returns a JSON array of .pkpass URLs)."),
        ChannelField(
            "revocationEndpoint", \.revocationEndpoint, kind: .endpoint, label: "revocation", valueName: "url",
            "The provider's RFC 7009 revocation URL."),
        ChannelField(
            "endSessionEndpoint", \.endSessionEndpoint, kind: .endpoint, label: "end session", valueName: "url",
            "The provider's end-session (logout) URL."),
        ChannelField(
            "postLogoutRedirectUri", \.postLogoutRedirectUri, kind: .text, label: "after logout", valueName: "uri",
            "Where the provider sends the person after logging out."),
        ChannelField("clientId", \.clientId, kind: .text, label: "client id", valueName: "id", "The OAuth client id."),
        ChannelField(
            "clientSecretEnv", \.clientSecretEnv, kind: .environmentVariable, label: "client secret", valueName: "variable",
            "Name of the environment variable holding the client secret."),
        ChannelField(
            "clientKeyFile", \.clientKeyFile, kind: .file, label: "client key", valueName: "file",
            "The client's private key file for private_key_jwt (the path is stored, never the key)."),
        ChannelField(
            "clientKeyId", \.clientKeyId, kind: .text, label: "client key id", valueName: "kid",
            "The kid the provider registered the client key under."),
        ChannelField(
            "clientCertFile", \.clientCertFile, kind: .file, label: "client certificate", valueName: "file",
            "The client's TLS certificate (PEM) for the provider's mTLS endpoints (RFC 8705)."),
        ChannelField(
            "clientCertKeyFile", \.clientCertKeyFile, kind: .file, label: "client cert key", valueName: "file",
            "The client certificate's private key (PEM; the path is stored, never the key)."),
        ChannelField(
            "clientAssertionAudience", \.clientAssertionAudience, kind: .text, label: "assertion audience",
            valueName: "endpoint|issuer",
            "The audience of private_key_jwt assertions: endpoint (the one receiving it; default) or issuer."),
        ChannelField(
            "redirectUri", \.redirectUri, kind: .text, label: "redirect uri", valueName: "uri",
            "The redirect URI registered with the partner."),
        ChannelField(
            "loadingAnimation", \.loadingAnimation, kind: .urlOrPath, label: "loading animation", valueName: "path|url",
            "The bodymovin loading animation (path or URL; file.lottie#id picks one of an archive's animations)."),
        ChannelField(
            "privacyPolicy", in: \.legal, "legal", \.privacyPolicy, "privacyPolicy", empty: Channel.Legal(), kind: .urlOrPath,
            label: "privacy policy", valueName: "url|path", "The Privacy Policy (https URL or PDF path)."),
        ChannelField(
            "termsAndConditions", in: \.legal, "legal", \.termsAndConditions, "termsAndConditions", empty: Channel.Legal(),
            kind: .urlOrPath, label: "terms", valueName: "url|path", "The Terms & Conditions (https URL or PDF path)."),
        ChannelField(
            "jointControllerStatement", in: \.legal, "legal", \.jointControllerStatement, "jointControllerStatement",
            empty: Channel.Legal(), kind: .urlOrPath, label: "joint controller", valueName: "url|path",
            "The Joint Controller Statement (https URL or PDF path)."),
        ChannelField(
            "magicLinkBaseUrl", in: \.magicLink, "magicLink", \.baseUrl, "baseUrl", empty: Channel.MagicLink(), kind: .endpoint,
            label: "magic link", valueName: "url", "The magic-link sign-in server's base URL."),
        ChannelField(
            "magicLinkStudy", in: \.magicLink, "magicLink", \.study, "study", empty: Channel.MagicLink(), kind: .text,
            label: "magic link study", valueName: "study", "The magic-link study id."),
        ChannelField(
            "channelsApiBaseUrl", in: \.channelsApi, "channelsApi", \.baseUrl, "baseUrl", empty: Channel.ChannelsAPI(),
            kind: .endpoint, label: "channels api", valueName: "url", "The Dots Channels API base URL (members log-out|remove)."),
        ChannelField(
            "channelsApiChannelId", in: \.channelsApi, "channelsApi", \.channelId, "channelId", empty: Channel.ChannelsAPI(),
            kind: .text, label: "channels api id", valueName: "id", "The channel id sent as X-Channel to the Channels API."),
        ChannelField(
            "channelsApiKeyEnv", in: \.channelsApi, "channelsApi", \.apiKeyEnv, "apiKeyEnv", empty: Channel.ChannelsAPI(),
            kind: .environmentVariable, label: "channels api key", valueName: "var",
            "The environment variable that holds the Channels API key."),
    ]

    /// The setting whose Swift name is `name`.
    package static func named(_ name: String) -> ChannelField? { all.first { $0.name == name } }
}
