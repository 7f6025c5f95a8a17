import ArgumentParser
import DotsSSOCore

extension SecurityProfile: ExpressibleByArgument {}

/// `--security-profile`: the profile a sign-in is held to, and `discover` judges the provider against.
struct SecurityProfileOption: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Hold the sign-in to a security profile: fapi2 (FAPI 2.0: PAR, PKCE S256, iss checked, DPoP, private_key_jwt to the issuer, PS256/ES256/EdDSA only; anything weaker refused before it is sent); default: the channel's securityProfile.",
            valueName: "fapi2"))
    var securityProfile: SecurityProfile?
}
