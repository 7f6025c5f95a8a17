import ArgumentParser
import DotsSSOBasics
import DotsSSOCore

/// The extra authorization-request parameters providers ask for (OIDC Core §3.1.2.1, RFC 8707), over the channel's
/// `authParams` name by name.
struct AuthorizationParameterOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Ask the provider to prompt: login, consent, select_account, create or none (space-separated).", valueName: "values"))
    var prompt: String?

    @Option(name: .long, help: ArgumentHelp("Who is signing in, as a hint to the provider's login page (login_hint).", valueName: "hint"))
    var loginHint: String?

    @Option(name: .long, help: ArgumentHelp("The authentication context classes asked for, in order (acr_values).", valueName: "values"))
    var acrValues: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Make the member sign in again if they authenticated longer ago than this (max_age); the id_token's auth_time is checked.",
            valueName: "seconds"))
    var maxAge: String?

    @Option(
        name: .long, help: ArgumentHelp("The API the token is for (RFC 8707 resource, an absolute URI; repeatable).", valueName: "uri"))
    var resource: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp("Any other parameter the provider needs on the authorization request (repeatable).", valueName: "name=value"))
    var authParam: [String] = []

    /// The flags as (name, value) pairs, in the order the protocol names them.
    func given() throws -> [(String, String)] {
        var fields: [(String, String)] = []
        if let prompt { fields.append(("prompt", prompt)) }
        if let loginHint { fields.append(("login_hint", loginHint)) }
        if let acrValues { fields.append(("acr_values", acrValues)) }
        if let maxAge { fields.append(("max_age", maxAge)) }
        fields += resource.map { ("resource", $0) }
        fields += try authParam.map(AuthorizationParameters.parse)
        return fields
    }

    /// The request's parameters: the channel's `authParams`, these flags over them.
    func parameters(channel: DotsSSOCore.Channel) throws -> AuthorizationParameters {
        try AuthorizationParameters(channel: channel.authParams, given: given())
    }
}
