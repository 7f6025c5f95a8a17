import DotsSSOBasics
import FoundationEssentials

/// One partner's configuration: endpoints, client, flags and their purpose, containers, deliverables.
///
/// Stored as camelCase JSON under `$XDG_CONFIG_HOME/dots-sso/channels/NAME.json`; every field
/// can also be given as a flag, which wins over the file.
package struct Channel: Codable, Sendable, Equatable {
    package var name: String?
    package var issuer: String?
    package var authorizationEndpoint: String?
    package var tokenEndpoint: String?
    /// The RFC 8628 device authorization endpoint, when discovery does not name it.
    package var deviceAuthorizationEndpoint: String?
    /// How `authorize` signs in when `--flow` is not given (`loopback`, `device` or `paste`); nil: chosen by where it runs.
    package var flow: SignInFlow?
    package var profileEndpoint: String?
    /// How the profile endpoint takes the member's token: `Authorization: Bearer` when nil, else a named header
    /// (the bare token) or a query parameter.
    package var profileAuth: Placement?
    package var passesEndpoint: String?
    package var revocationEndpoint: String?
    package var endSessionEndpoint: String?
    /// Where the provider sends the person after logging out (OpenID Connect RP-Initiated Logout 1.0).
    package var postLogoutRedirectUri: String?
    package var clientId: String?
    /// Name of the environment variable that holds the client secret (the secret itself is never stored here).
    package var clientSecretEnv: String?
    /// The PEM private key for `private_key_jwt` (a path; relative to the channel file's folder). The key itself is
    /// never stored here.
    package var clientKeyFile: String?
    /// The `kid` the provider registered that key under, when it is not the key's RFC 7638 thumbprint.
    package var clientKeyId: String?
    /// The client's TLS certificate (PEM; a path, relative to the channel file's folder) for a provider's mTLS
    /// endpoints (RFC 8705): client authentication `tls_client_auth` and certificate-bound tokens.
    package var clientCertFile: String?
    /// The certificate's private key (PEM; a path). The key itself is never stored here.
    package var clientCertKeyFile: String?
    /// The audience of the client's private_key_jwt assertions: `endpoint` (the default: the URL receiving it, the
    /// token endpoint for token requests, OIDC Core §9) or `issuer` (RFC 7523bis, FAPI 2.0); providers accept one.
    package var clientAssertionAudience: String?
    /// Bind the member's tokens to a per-sign-in key with DPoP (RFC 9449); `--dpop`/`--no-dpop` win.
    package var dpop: Bool?
    /// The security profile every sign-in to this partner is held to (`fapi2`); `--security-profile` wins.
    package var securityProfile: SecurityProfile?
    /// Where sign-ins keep their tokens (`file` or `keyring`); `--token-store` wins.
    package var tokenStore: TokenStore?
    package var scopes: [String]?
    package var redirectUri: String?
    /// Parameters the partner's provider needs on every authorization request (`prompt`, `login_hint`, `acr_values`,
    /// `max_age`, RFC 8707 `resource` — several space-separated —, or its own); the command's flags win, name by name.
    package var authParams: [String: String]?
    /// Feature flag name → what it controls.
    package var flags: [String: String]?
    /// Where each Dots field lives in the partner's profile JSON (`{"id": "$.user.uuid"}`); unmapped fields use the
    /// defaults. `passes` names where the pass URLs are (every URL there is a pass).
    package var profileMapping: [String: String]?
    package var containers: [Container]?
    package var loadingAnimation: String?
    package var legal: Legal?
    package var magicLink: MagicLink?
    /// Where the partner calls The Dots Channels API when it revokes a member (`members log-out|remove`).
    package var channelsApi: ChannelsAPI?
    /// How the channel's passes are judged: the roots their signatures must chain to, instead of Apple Root CA.
    package var passes: Passes?
    /// How the user named this channel (`--channel sandbox.json`, `--channel acme`), for hints that repeat it.
    @NotInFile package var selector: String?
    /// The file the channel was read from, when it was.
    @NotInFile package var sourceFile: String?

    package init(name: String? = nil) { self.name = name }

    /// What a hint says after `--channel`: what the user typed, else the channel's name.
    package var hintSelector: String? { selector ?? name }

    /// What findings about the channel name as their file: the channel file when there is one (so CI annotations
    /// link to it), else "channel NAME" for a channel made of flags.
    package var findingFile: String { sourceFile ?? "channel \(name ?? "")".trimmingWhitespace() }

    /// A web page shown in the app, optionally gated by a flag, optionally switched to another URL by a flag.
    package struct Container: Codable, Sendable, Equatable {
        package var name: String
        package var url: String
        package var flag: String?
        package var token: Placement?
        package var userId: Placement?
        /// Evaluated in order: the first whose flag is on gives the URL; `url` is the fallback.
        package var variants: [Variant]?

        package init(
            name: String, url: String, flag: String? = nil, token: Placement? = nil, userId: Placement? = nil, variants: [Variant]? = nil
        ) {
            self.name = name
            self.url = url
            self.flag = flag
            self.token = token
            self.userId = userId
            self.variants = variants
        }

        /// Every URL this container can load, the plain one first.
        package var allURLs: [String] { [url] + (variants ?? []).map(\.url) }
    }

    /// Another URL for a container, used when `flag` is on.
    package struct Variant: Codable, Sendable, Equatable {
        package var flag: String
        package var url: String

        package init(flag: String, url: String) {
            self.flag = flag
            self.url = url
        }
    }

    /// How a value travels to a container: an HTTP header or a query parameter, and its name.
    package struct Placement: Codable, Sendable, Equatable {
        package enum Carrier: String, Codable, Sendable { case header, query }
        package var `in`: Carrier
        package var name: String

        package init(in carrier: Carrier, name: String) {
            self.in = carrier
            self.name = name
        }
    }

    /// The partner's legal documents (PDF or web URLs).
    package struct Legal: Codable, Sendable, Equatable {
        package var privacyPolicy: String?
        package var termsAndConditions: String?
        package var jointControllerStatement: String?

        package init(privacyPolicy: String? = nil, termsAndConditions: String? = nil, jointControllerStatement: String? = nil) {
            self.privacyPolicy = privacyPolicy
            self.termsAndConditions = termsAndConditions
            self.jointControllerStatement = jointControllerStatement
        }
    }

    /// Where the magic-link (email sign-in) server lives.
    package struct MagicLink: Codable, Sendable, Equatable {
        package var baseUrl: String?
        package var study: String?

        package init(baseUrl: String? = nil, study: String? = nil) {
            self.baseUrl = baseUrl
            self.study = study
        }
    }

    /// The Dots Channels API as this channel reaches it: the base URL, the channel id sent as `X-Channel`, and the
    /// environment variable holding the API key (the key itself is never stored here).
    package struct ChannelsAPI: Codable, Sendable, Equatable {
        package var baseUrl: String?
        package var channelId: String?
        package var apiKeyEnv: String?

        package init(baseUrl: String? = nil, channelId: String? = nil, apiKeyEnv: String? = nil) {
            self.baseUrl = baseUrl
            self.channelId = channelId
            self.apiKeyEnv = apiKeyEnv
        }
    }

    /// The channel's passes: `trust` lists the roots a pass signature must chain to in place of Apple Root CA, each a
    /// PEM file (a relative path is read from the channel file's folder) or inline PEM text — for a test or sandbox
    /// hierarchy. `--trust` on the command line replaces the list.
    package struct Passes: Codable, Sendable, Equatable {
        package var trust: [String]?

        package init(trust: [String]? = nil) { self.trust = trust }
    }

    /// Fields set in `overrides` replace ours; nil fields leave ours alone. Field by field as the file has them (a
    /// group such as `legal` is replaced whole), so a field added to `Channel` merges without being named here.
    package func merging(_ overrides: Channel) -> Channel {
        // (Only strings, lists and maps: encoding them cannot fail.)
        guard let fields = try? JSONDecoder().decode([String: JSONValue].self, from: JSONEncoder().encode(self)),
            let given = try? JSONDecoder().decode([String: JSONValue].self, from: JSONEncoder().encode(overrides)),
            var merged = try? JSONDecoder().decode(Channel.self, from: JSONEncoder().encode(fields.merging(given) { _, new in new }))
        else { return self }
        merged.selector = overrides.selector ?? selector
        merged.sourceFile = overrides.sourceFile ?? sourceFile
        return merged
    }

    /// Whether the channel's client is public (a native app with no secret): nil when no client id is configured.
    package func isPublicClient(secretFile: String? = nil) -> Bool? {
        guard clientId != nil else { return nil }
        return clientSecretEnv == nil && secretFile == nil && clientKeyFile == nil && clientCertFile == nil
    }

    /// The value of a required setting, or a configuration error naming the flag and key that would provide it.
    package func require(_ keyPath: KeyPath<Channel, String?>, _ name: String, flag: String, key: String) throws -> String {
        guard let value = self[keyPath: keyPath], !value.isEmpty else {
            throw ConfigError.missingSetting(name: name, flag: flag, key: key)
        }
        return value
    }
}
