import DotsSSOBasics
import DotsSSOCore

/// The channel configuration that describes the sandbox partner: what `--write-channel` saves, and what the
/// demo and `check` use.
enum SandboxChannel {
    static func make(issuer: String, settings: SandboxPartner.Settings) -> Channel {
        var channel = Channel(name: "sandbox")
        channel.issuer = issuer
        channel.clientId = SandboxClient.app.id
        if settings.fapi2 { channel.securityProfile = .fapi2 }
        channel.scopes = ["openid", "profile", "email"]
        channel.profileEndpoint = "\(issuer)/api/me"
        channel.passesEndpoint = "\(issuer)/api/passes"
        channel.flags = [
            "canAccessApp": "the app-launch rule: the member may use the app at all",
            "canAccessContainer1": "opens the members-area container",
            "canAccessContainer2": "opens the events container",
        ]
        channel.containers = SandboxRoutes.containers.map { container in
            var absolute = container
            absolute.url = issuer + container.url
            return absolute
        }
        channel.loadingAnimation = issuer + SandboxRoutes.loadingAnimationPath
        channel.legal = Channel.Legal(
            privacyPolicy: issuer + SandboxRoutes.privacyPolicyPath, termsAndConditions: issuer + SandboxRoutes.termsPath,
            jointControllerStatement: issuer + SandboxRoutes.jointControllerPath
        )
        channel.magicLink = Channel.MagicLink(baseUrl: issuer, study: settings.study)
        channel.channelsApi = Channel.ChannelsAPI(
            baseUrl: issuer, channelId: settings.channelName, apiKeyEnv: SandboxPartner.channelKeyVariable)
        return channel
    }
}
