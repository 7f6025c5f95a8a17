import DotsSSOBasics

/// The parts of a channel that `channel init` takes as `NAME=VALUE` flags (flags and their purpose, containers,
/// their variants, profile authentication and mapping, deliverables), read into the `Channel` they describe.
/// Every malformed value is a usage error that names the flag and shows the expected form.
package struct ChannelFields: Sendable {
    /// `--flag NAME=PURPOSE`
    package var flags: [String] = []
    /// `--container NAME=URL`
    package var containers: [String] = []
    /// `--container-flag NAME=FLAG`
    package var containerFlags: [String] = []
    /// `--container-token NAME=header:H|query:Q`
    package var containerTokens: [String] = []
    /// `--container-user-id NAME=header:H|query:Q`
    package var containerUserIDs: [String] = []
    /// `--container-variant NAME=FLAG=URL`, in the order they are evaluated.
    package var containerVariants: [String] = []
    /// `--profile-auth bearer|header:NAME|query:NAME`
    package var profileAuth: String?
    /// `--profile-mapping FIELD=PATH`
    package var profileMapping: [String] = []
    package var loadingAnimation: String?
    package var privacyPolicy: String?
    package var termsAndConditions: String?
    package var jointControllerStatement: String?
    package var magicLinkBaseURL: String?
    package var magicLinkStudy: String?
    package var channelsAPIBaseURL: String?
    package var channelsAPIChannelID: String?
    package var channelsAPIKeyEnv: String?

    package init() {}

    /// Writes the given fields into `channel`; fields not given are left alone.
    package func apply(to channel: inout Channel) throws {
        for entry in flags {
            let (name, purpose) = try Self.pair(entry, flag: "--flag", form: "NAME=PURPOSE")
            channel.flags = (channel.flags ?? [:]).merging([name: purpose]) { _, new in new }
        }
        var containers = channel.containers ?? []
        for entry in self.containers {
            let (name, url) = try Self.pair(entry, flag: "--container", form: "NAME=URL")
            try Self.requireURL(url, flag: "--container")
            if let index = containers.firstIndex(where: { $0.name == name }) {
                containers[index].url = url
            } else {
                containers.append(Channel.Container(name: name, url: url))
            }
        }
        func update(_ entries: [String], flag: String, form: String, _ change: (inout Channel.Container, String) throws -> Void) throws {
            for entry in entries {
                let (name, value) = try Self.pair(entry, flag: flag, form: form)
                guard let index = containers.firstIndex(where: { $0.name == name }) else {
                    throw UsageError.invalid("\(flag) \(entry): no container named '\(name)' (add it with --container \(name)=URL)")
                }
                try change(&containers[index], value)
            }
        }
        try update(containerFlags, flag: "--container-flag", form: "NAME=FLAG") { $0.flag = $1 }
        try update(containerTokens, flag: "--container-token", form: "NAME=header:H|query:Q") {
            $0.token = try Self.placement($1, flag: "--container-token")
        }
        try update(containerUserIDs, flag: "--container-user-id", form: "NAME=header:H|query:Q") {
            $0.userId = try Self.placement($1, flag: "--container-user-id")
        }
        try update(containerVariants, flag: "--container-variant", form: "NAME=FLAG=URL") { container, value in
            let (flag, url) = try Self.pair(value, flag: "--container-variant", form: "NAME=FLAG=URL")
            try Self.requireURL(url, flag: "--container-variant")
            container.variants = (container.variants ?? []) + [Channel.Variant(flag: flag, url: url)]
        }
        if !containers.isEmpty { channel.containers = containers }
        if let profileAuth {
            channel.profileAuth = profileAuth.lowercased() == "bearer" ? nil : try Self.placement(profileAuth, flag: "--profile-auth")
        }
        for entry in profileMapping {
            let (field, path) = try Self.pair(entry, flag: "--profile-mapping", form: "FIELD=PATH")
            channel.profileMapping = (channel.profileMapping ?? [:]).merging([field: path]) { _, new in new }
        }
        do {
            _ = try ProfileMapping(channel: channel)
        } catch let error as UserFacingError {
            throw UsageError.invalid("--profile-mapping: \(error.message)")
        }
        if let loadingAnimation { channel.loadingAnimation = loadingAnimation }
        var legal = channel.legal ?? Channel.Legal()
        if let privacyPolicy { legal.privacyPolicy = privacyPolicy }
        if let termsAndConditions { legal.termsAndConditions = termsAndConditions }
        if let jointControllerStatement { legal.jointControllerStatement = jointControllerStatement }
        if legal != Channel.Legal() { channel.legal = legal }
        if magicLinkBaseURL != nil || magicLinkStudy != nil {
            if let magicLinkBaseURL { try Self.requireURL(magicLinkBaseURL, flag: "--magic-link-base-url") }
            channel.magicLink = Channel.MagicLink(
                baseUrl: magicLinkBaseURL ?? channel.magicLink?.baseUrl, study: magicLinkStudy ?? channel.magicLink?.study)
        }
        if channelsAPIBaseURL != nil || channelsAPIChannelID != nil || channelsAPIKeyEnv != nil {
            if let channelsAPIBaseURL { try Self.requireURL(channelsAPIBaseURL, flag: "--channels-api-base-url") }
            var api = channel.channelsApi ?? Channel.ChannelsAPI()
            api.baseUrl = channelsAPIBaseURL ?? api.baseUrl
            api.channelId = channelsAPIChannelID ?? api.channelId
            api.apiKeyEnv = channelsAPIKeyEnv ?? api.apiKeyEnv
            channel.channelsApi = api
        }
    }

    /// `NAME=VALUE` split at the first `=`; both sides must be non-empty.
    static func pair(_ entry: String, flag: String, form: String) throws -> (String, String) {
        guard let equals = entry.firstIndex(of: "=") else { throw UsageError.invalid("\(flag) \(entry): expected \(form)") }
        let name = entry[..<equals].trimmingCharacters(in: .whitespaces)
        let value = entry[entry.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, !value.isEmpty else { throw UsageError.invalid("\(flag) \(entry): expected \(form)") }
        return (name, value)
    }

    /// `header:NAME` or `query:NAME`.
    static func placement(_ text: String, flag: String) throws -> Channel.Placement {
        let parts = text.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let carrier = Channel.Placement.Carrier(rawValue: parts[0].lowercased()), !parts[1].isEmpty else {
            throw UsageError.invalid("\(flag) \(text): expected header:NAME or query:NAME")
        }
        return Channel.Placement(in: carrier, name: parts[1])
    }

    static func requireURL(_ url: String, flag: String) throws {
        do { _ = try URLPolicy.validate(url) } catch let error as UserFacingError {
            throw UsageError.invalid("\(flag): \(error.message)")
        }
    }
}
