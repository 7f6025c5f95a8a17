import DotsSSOBasics
import FoundationEssentials

/// One check of `dots-sso check`. The list a channel has (`all(for:)`), what `--only`/`--skip` accept, and what
/// `CheckBodies` runs are all this type, so a new check is one new case the compiler walks through every switch.
package enum CheckName: Hashable, Sendable, CustomStringConvertible {
    case channel
    case discovery
    case tls
    case authorization
    case profile
    case flags
    /// One per container of the channel, by its name.
    case container(String)
    case passes
    case loadingAnimation
    case legal(LegalDocumentCheck.Kind)
    /// Only for a channel with a magic-link base URL.
    case magicLink

    /// The checks a channel has, in report order.
    package static func all(for channel: Channel) -> [CheckName] {
        var names: [CheckName] = [.channel, .discovery, .tls, .authorization, .profile, .flags]
        names += (channel.containers ?? []).map { .container($0.name) }
        names += [.passes, .loadingAnimation]
        names += LegalDocumentCheck.Kind.allCases.map { .legal($0) }
        if channel.magicLink?.baseUrl != nil { names.append(.magicLink) }
        return names
    }

    /// What `--only`/`--skip` take without knowing the channel (shell completion offers these): every check of a
    /// fixed name, each legal document, and the kinds `legal`, `container` and `live`; a container is `container:NAME`.
    package static var selectors: [String] {
        var names: [CheckName] = [.channel, .discovery, .tls, .authorization, .profile, .flags, .passes, .loadingAnimation]
        names += LegalDocumentCheck.Kind.allCases.map { .legal($0) }
        names.append(.magicLink)
        return names.map(\.description) + [legalKind, containerKind, liveSelector]
    }

    /// The name a user types and reads: `tls`, `container:news`, `legal:privacy-policy`.
    package var description: String {
        switch self {
        case .channel: "channel"
        case .discovery: "discovery"
        case .tls: "tls"
        case .authorization: "authorization"
        case .profile: "profile"
        case .flags: "flags"
        case .container(let name): "\(Self.containerKind):\(name)"
        case .passes: "passes"
        case .loadingAnimation: "loading-animation"
        case .legal(let kind): "\(Self.legalKind):\(kind.rawValue)"
        case .magicLink: "magic-link"
        }
    }

    /// The checks that run as a member: they need a token.
    package var isLive: Bool {
        switch self {
        case .profile, .flags, .passes, .container: true
        case .channel, .discovery, .tls, .authorization, .loadingAnimation, .legal, .magicLink: false
        }
    }

    /// The word before the colon of the checks there is one of per item; `--only container` selects them all.
    package var kind: String {
        switch self {
        case .container: Self.containerKind
        case .legal: Self.legalKind
        default: description
        }
    }

    /// What `--only live` selects.
    package static let liveSelector = "live"
    static let containerKind = "container"
    static let legalKind = "legal"
}
