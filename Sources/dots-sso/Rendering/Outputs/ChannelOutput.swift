import DotsSSOBasics
import DotsSSOCore

/// `channel show`: the effective configuration, one row per field that is set.
extension Channel: CommandOutput {
    func lines(_ style: Style) -> [OutputLine] {
        var rows: [[String]] = []
        func add(_ label: String, _ value: String?) { if let value { rows.append([label, value]) } }
        add("name", name)
        add("issuer", issuer)
        add("authorization", authorizationEndpoint)
        add("token", tokenEndpoint)
        add("device authorization", deviceAuthorizationEndpoint)
        add("sign-in flow", flow?.rawValue)
        add("profile", profileEndpoint)
        add("profile auth", profileAuth.map { "\($0.in.rawValue) \($0.name)" })
        for (field, path) in (profileMapping ?? [:]).sorted(by: { $0.key < $1.key }) { add("mapping \(field)", path) }
        add("passes", passesEndpoint)
        add("revocation", revocationEndpoint)
        add("end session", endSessionEndpoint)
        add("client id", clientId)
        add("client secret", clientSecretEnv.map { "from $\($0)" })
        add("client key", clientKeyFile.map { $0 + (clientKeyId.map { " (kid \($0))" } ?? "") })
        add("scopes", scopes?.joined(separator: " "))
        add("redirect uri", redirectUri)
        for (flag, purpose) in (flags ?? [:]).sorted(by: { $0.key < $1.key }) { add("flag \(flag)", purpose) }
        for container in containers ?? [] {
            add("container \(container.name)", container.url + (container.flag.map { " (needs \($0))" } ?? ""))
            for variant in container.variants ?? [] { add("  when \(variant.flag)", variant.url) }
        }
        add("loading animation", loadingAnimation)
        add("privacy policy", legal?.privacyPolicy)
        add("terms", legal?.termsAndConditions)
        add("joint controller", legal?.jointControllerStatement)
        add("magic link", magicLink?.baseUrl)
        add("channels api", channelsApi?.baseUrl)
        add("  channel id", channelsApi?.channelId)
        add("  api key", channelsApi?.apiKeyEnv.map { "from $\($0)" })
        for entry in passes?.trust ?? [] {
            add("pass root", entry.hasPrefix("-----BEGIN") ? "inline PEM" : entry)
        }
        return [.result(Table.render(rows))]
    }
}

/// `channel list`: one name a line, or where channels would be and how to make one.
extension ChannelListUseCase.Result: CommandOutput {
    func lines(_ style: Style) -> [OutputLine] {
        channels.isEmpty
            ? [.hint("no channels in \(directory); create one with `dots-sso channel init NAME …`")]
            : [.result(channels.map(TerminalText.safe).joined(separator: "\n"))]
    }
}

/// `channel init` and `channel set`: the file written.
extension ChannelInitUseCase.Result: CommandOutput {
    func lines(_ style: Style) -> [OutputLine] {
        [.note("\(updated ? "updated" : "wrote") \(path)")]
    }
}
