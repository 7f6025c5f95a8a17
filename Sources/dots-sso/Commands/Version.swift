import ArgumentParser
import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// `dots-sso version` (also `--version --verbose`): the build, and which optional libraries this machine has.
struct VersionCommand: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "version",
        abstract: "The version, and the libraries found here.",
        discussion: """
            `dots-sso --version` prints one line. This adds the libraries dots-sso loads when it first needs them, \
            each with its version and file, or the Debian package to install: libcurl (every network command), \
            rlottie, cairo, pango and zint (pictures, the device sign-in's QR code); OpenSSL is linked.

            Examples:
              $ dots-sso version
              $ dots-sso --version --verbose
              $ dots-sso version --json | jq -r '.libraries[] | select(.found | not) | .package'
            """
    )

    @OptionGroup var global: GlobalOptions

    func run(_ ctx: CommandContext) async throws {
        try Console(ctx).emit(BuildReport.current(), json: global.json)
    }
}
