import ArgumentParser
import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// What `revoke` and `logout` add to the sign-in options.
struct RevocationOptions: ParsableArguments {
    @Flag(
        name: .long,
        help: "Remove the cached sign-in without revoking its tokens at the provider (they stay valid there until they expire).")
    var localOnly = false

    @Flag(name: .long, help: "Open the provider's logout page in the browser (with the id_token_hint the printed URL leaves out).")
    var open = false

    @Option(
        name: .long,
        help: ArgumentHelp("Where the provider sends the person after logging out (channel: postLogoutRedirectUri).", valueName: "uri"))
    var postLogoutRedirectUri: String?

    @Option(name: .long, help: ArgumentHelp("The provider's end-session (logout) URL, when discovery does not list one.", valueName: "url"))
    var endSessionEndpoint: String?

    @Option(
        name: .long,
        help: ArgumentHelp("With --open: the command that opens the logout URL (the URL is its last argument).", valueName: "cmd"))
    var browserCommand: String?

    /// The sign-in settings with this command's channel fields applied.
    func apply(to settings: SignInSettings) -> SignInSettings {
        var settings = settings
        settings.channel.postLogoutRedirectUri = postLogoutRedirectUri ?? settings.channel.postLogoutRedirectUri
        settings.channel.endSessionEndpoint = endSessionEndpoint ?? settings.channel.endSessionEndpoint
        return settings
    }
}
