import DotsSSOBasics
import FoundationEssentials

/// The extra parameters of an authorization request that providers ask for: OIDC Core §3.1.2.1's `prompt`,
/// `login_hint`, `acr_values` and `max_age`, RFC 8707's `resource` (one or more), and any other a partner's provider
/// defines (`--auth-param NAME=VALUE`). The channel's `authParams` come first and the command's flags replace them
/// name by name. The parameters the protocol itself sets (state, PKCE, nonce, redirect) are never replaced.
package struct AuthorizationParameters: Sendable, Equatable {
    /// In request order (each `resource` its own parameter).
    package private(set) var fields: [(String, String)] = []

    /// Set by dots-sso for every request: a value of the user's would break the sign-in or its protections.
    package static let reserved: Set<String> = [
        "response_type", "client_id", "redirect_uri", "state", "code_challenge", "code_challenge_method", "nonce", "scope",
        "dpop_jkt", "request_uri", "request", "response_mode",
    ]

    /// OIDC Core §3.1.2.1's prompt values; another is the provider's own, and passes.
    static let knownPrompts: Set<String> = ["none", "login", "consent", "select_account", "create"]

    package init() {}

    /// The channel's parameters, then `given` (name, value) over them; each checked.
    package init(channel: [String: String]?, given: [(String, String)]) throws {
        var byName: [String: [String]] = [:]
        var order: [String] = []
        func set(_ name: String, _ values: [String]) {
            if byName[name] == nil { order.append(name) }
            byName[name] = values
        }
        for (name, value) in (channel ?? [:]).sorted(by: { $0.key < $1.key }) {
            set(name, name == "resource" ? value.split(separator: " ").map(String.init) : [value])
        }
        // Flags replace the channel's value; a repeated resource flag adds one more.
        var flagged: [String: [String]] = [:]
        for (name, value) in given { flagged[name, default: []].append(value) }
        for (name, _) in given where flagged[name] != nil {
            set(name, flagged.removeValue(forKey: name) ?? [])
        }
        for name in order {
            for value in byName[name] ?? [] {
                try Self.check(name: name, value: value)
                fields.append((name, value))
            }
        }
    }

    /// The `max_age` asked for: the id_token's `auth_time` must then be within it (OIDC Core §3.1.2.1).
    package var maxAge: Int? { fields.last { $0.0 == "max_age" }.flatMap { Int($0.1) } }

    package var isEmpty: Bool { fields.isEmpty }

    package static func == (lhs: AuthorizationParameters, rhs: AuthorizationParameters) -> Bool {
        lhs.fields.map { "\($0.0)=\($0.1)" } == rhs.fields.map { "\($0.0)=\($0.1)" }
    }

    static func check(name: String, value: String) throws {
        guard !name.isEmpty, name.count <= 64,
            name.unicodeScalars.allSatisfy({
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_.-".unicodeScalars.contains($0))
            })
        else {
            throw UsageError.invalid("'\(TerminalText.oneLine(name, limit: 40))' is not a parameter name (letters, digits, '_', '.', '-')")
        }
        guard !reserved.contains(name) else {
            throw UsageError.invalid(
                "\(name) is set by dots-sso on every authorization request (\(CLIFlag.authParam) cannot replace it); \(name == "scope" ? "use \(CLIFlag.scope)" : "leave it out")"
            )
        }
        guard !value.isEmpty, value.count <= 2_000, !value.contains(where: \.isNewline) else {
            throw UsageError.invalid("the value of \(name) must be one line of at most 2000 characters")
        }
        switch name {
        case "max_age":
            guard let seconds = Int(value), (0...315_360_000).contains(seconds) else {
                throw UsageError.invalid(
                    "max_age is a whole number of seconds (0 to ten years), not '\(TerminalText.oneLine(value, limit: 30))'")
            }
        case "resource":
            // RFC 8707 §2: an absolute URI with no fragment.
            guard let url = URL(string: value), url.scheme != nil, url.fragment == nil, !value.contains("#") else {
                throw UsageError.invalid(
                    "resource must be an absolute URI without a fragment (RFC 8707 §2), not '\(TerminalText.oneLine(value, limit: 60))'")
            }
        case "prompt":
            let values = value.split(separator: " ").map(String.init)
            // OIDC Core §3.1.2.1: none with any other value is an error the provider returns; said before the browser opens.
            if values.contains("none") && values.count > 1 {
                throw UsageError.invalid("prompt none cannot be combined with other values (OIDC Core §3.1.2.1)")
            }
        default:
            break
        }
    }

    /// `NAME=VALUE` as `--auth-param` takes it.
    package static func parse(_ text: String) throws -> (String, String) {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
            throw UsageError.invalid("\(CLIFlag.authParam) takes NAME=VALUE, not '\(TerminalText.oneLine(text, limit: 40))'")
        }
        return (String(text[..<equals]), String(text[text.index(after: equals)...]))
    }
}
