import DotsSSOBasics

/// The structured parts of a channel that `channel init`/`set` take as flags (feature flags and their purpose,
/// containers, their variants, profile authentication and mapping), each already parsed from its `NAME=VALUE` syntax
/// by the command line (so a malformed value is ArgumentParser's usage error, with the flag's help), and applied
/// here to the `Channel` they change. Text settings are `ChannelField`s.
package struct ChannelFields: Sendable {
    /// `--flag NAME=PURPOSE`
    package var flags: [NamedValue] = []
    /// `--container NAME=URL`
    package var containers: [NamedValue] = []
    /// `--container-flag NAME=FLAG`
    package var containerFlags: [NamedValue] = []
    /// `--container-token NAME=header:H|query:Q`
    package var containerTokens: [NamedPlacement] = []
    /// `--container-user-id NAME=header:H|query:Q`
    package var containerUserIDs: [NamedPlacement] = []
    /// `--container-variant NAME=FLAG=URL`, in the order they are evaluated.
    package var containerVariants: [ContainerVariant] = []
    /// `--profile-auth bearer|header:NAME|query:NAME`
    package var profileAuth: ProfileAuth?
    /// `--profile-mapping FIELD=PATH`
    package var profileMapping: [NamedValue] = []

    package init() {}

    /// Writes the given fields into `channel`; fields not given are left alone. What depends on the channel (a
    /// container that must exist, a URL dots-sso would connect to, a mapping field) is checked here.
    package func apply(to channel: inout Channel) throws {
        for entry in flags { channel.flags = (channel.flags ?? [:]).merging([entry.name: entry.value]) { _, new in new } }
        var containers = channel.containers ?? []
        for entry in self.containers {
            try Self.requireURL(entry.value, flag: "\(CLIFlag.container)")
            if let index = containers.firstIndex(where: { $0.name == entry.name }) {
                containers[index].url = entry.value
            } else {
                containers.append(Channel.Container(name: entry.name, url: entry.value))
            }
        }
        func update(_ name: String, _ given: String, flag: String, _ change: (inout Channel.Container) throws -> Void) throws {
            guard let index = containers.firstIndex(where: { $0.name == name }) else {
                throw UsageError.invalid("\(flag) \(given): no container named '\(name)' (add it with \(CLIFlag.container) \(name)=URL)")
            }
            try change(&containers[index])
        }
        for entry in containerFlags {
            try update(entry.name, entry.text, flag: "\(CLIFlag.containerFlag)") { $0.flag = entry.value }
        }
        for entry in containerTokens {
            try update(entry.name, entry.text, flag: "\(CLIFlag.containerToken)") { $0.token = entry.placement }
        }
        for entry in containerUserIDs {
            try update(entry.name, entry.text, flag: "\(CLIFlag.containerUserId)") { $0.userId = entry.placement }
        }
        for entry in containerVariants {
            try Self.requireURL(entry.variant.url, flag: "\(CLIFlag.containerVariant)")
            try update(entry.name, entry.text, flag: "\(CLIFlag.containerVariant)") { $0.variants = ($0.variants ?? []) + [entry.variant] }
        }
        if !containers.isEmpty { channel.containers = containers }
        switch profileAuth {
        case .bearer: channel.profileAuth = nil
        case .placement(let placement): channel.profileAuth = placement
        case nil: break
        }
        for entry in profileMapping {
            channel.profileMapping = (channel.profileMapping ?? [:]).merging([entry.name: entry.value]) { _, new in new }
        }
        do {
            _ = try ProfileMapping(channel: channel)
        } catch let error as UserFacingError {
            throw UsageError.invalid("\(CLIFlag.profileMapping): \(error.message)")
        }
    }

    static func requireURL(_ url: String, flag: String) throws {
        do { _ = try URLPolicy.validate(url) } catch let error as UserFacingError {
            throw UsageError.invalid("\(flag): \(error.message)")
        }
    }
}

/// `NAME=VALUE`, split at the first `=`; both sides non-empty.
package struct NamedValue: Sendable, Equatable {
    package var name: String
    package var value: String
    /// As the user wrote it, for messages.
    package var text: String { "\(name)=\(value)" }

    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// `form` is what the flag expects (`NAME=PURPOSE`), for the error.
    package init(parsing entry: String, form: String) throws {
        guard let equals = entry.firstIndex(of: "=") else { throw UsageError.invalid("expected \(form)") }
        name = entry[..<equals].trimmingWhitespace()
        value = entry[entry.index(after: equals)...].trimmingWhitespace()
        guard !name.isEmpty, !value.isEmpty else { throw UsageError.invalid("expected \(form)") }
    }
}

/// `NAME=header:H` or `NAME=query:Q`: how a value travels to the container `NAME`.
package struct NamedPlacement: Sendable, Equatable {
    package var name: String
    package var placement: Channel.Placement
    package var text: String { "\(name)=\(placement.in.rawValue):\(placement.name)" }

    package init(parsing entry: String) throws {
        let pair = try NamedValue(parsing: entry, form: "NAME=header:H|query:Q")
        name = pair.name
        placement = try Channel.Placement(parsing: pair.value)
    }
}

/// `NAME=FLAG=URL`: another URL for the container `NAME` when `FLAG` is on.
package struct ContainerVariant: Sendable, Equatable {
    package var name: String
    package var variant: Channel.Variant
    package var text: String { "\(name)=\(variant.flag)=\(variant.url)" }

    package init(parsing entry: String) throws {
        let outer = try NamedValue(parsing: entry, form: "NAME=FLAG=URL")
        let inner = try NamedValue(parsing: outer.value, form: "NAME=FLAG=URL")
        name = outer.name
        variant = Channel.Variant(flag: inner.name, url: inner.value)
    }
}

/// `--profile-auth`: `bearer` (the default, `Authorization: Bearer`), or a header or query parameter by name.
package enum ProfileAuth: Sendable, Equatable {
    case bearer
    case placement(Channel.Placement)

    package init(parsing text: String) throws {
        if text.trimmingWhitespace().lowercased() == "bearer" {
            self = .bearer
        } else {
            do { self = .placement(try Channel.Placement(parsing: text)) } catch {
                throw UsageError.invalid("expected bearer, header:NAME or query:NAME")
            }
        }
    }
}

extension Channel.Placement {
    /// `header:NAME` or `query:NAME`.
    package init(parsing text: String) throws {
        let parts = text.split(separator: ":", maxSplits: 1).map { $0.trimmingWhitespace() }
        guard parts.count == 2, let carrier = Carrier(rawValue: parts[0].lowercased()), !parts[1].isEmpty else {
            throw UsageError.invalid("expected header:NAME or query:NAME")
        }
        self.init(in: carrier, name: parts[1])
    }
}
