import DotsSSOBasics
import DotsSSOCore

/// `channel show`: the effective configuration, one row per field that is set.
extension Channel: CommandOutput {
    func lines(_ style: Style) -> [OutputLine] {
        var rows: [[String]] = []
        func add(_ label: String, _ value: String?) { if let value { rows.append([label, value]) } }
        add("name", name)
        // The text settings as `ChannelField` declares them, in its order; then the structured ones.
        for field in ChannelField.all { add(field.label, field.value(in: self).map(field.shown)) }
        add("sign-in flow", flow?.rawValue)
        add("token store", tokenStore?.rawValue)
        add("dpop", dpop.map { $0 ? "yes (tokens bound to a key per sign-in, RFC 9449)" : "no" })
        add("security profile", securityProfile.map { $0 == .fapi2 ? "fapi2 (FAPI 2.0 Security Profile)" : $0.rawValue })
        add("profile auth", profileAuth.map { "\($0.in.rawValue) \($0.name)" })
        for (field, path) in (profileMapping ?? [:]).sorted(by: { $0.key < $1.key }) { add("mapping \(field)", path) }
        add("scopes", scopes?.joined(separator: " "))
        for (flag, purpose) in (flags ?? [:]).sorted(by: { $0.key < $1.key }) { add("flag \(flag)", purpose) }
        for container in containers ?? [] {
            add("container \(container.name)", container.url + (container.flag.map { " (needs \($0))" } ?? ""))
            for variant in container.variants ?? [] { add("  when \(variant.flag)", variant.url) }
        }
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
