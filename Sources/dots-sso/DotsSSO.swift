import ArgumentParser
import DotsSSOCore
import Foundation

/// The `dots-sso` root command: the command tree, and the one place errors become exit codes and stderr lines.
@main
struct DotsSSO: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dots-sso",
        abstract: "Connect a partner's single sign-on to The Dots app, fast and safely.",
        discussion: """
        For integration engineers onboarding a partner, CI jobs validating a partner's deliverables, \
        and support staff working out why one member's feature flags lock them out.

        Examples:
          $ dots-sso discover --issuer https://sso.partner.example
          $ dots-sso channel init acme --issuer https://sso.acme.example
          $ dots-sso authorize --channel acme
          $ dots-sso flags check --channel acme canAccessApp
          $ dots-sso pkpass inspect guest.pkpass --json
          $ dots-sso check --channel acme --junit report.xml

        Exit codes:
        \(ExitStatus.allCases.map { "  \(String($0.rawValue).padding(toLength: 3, withPad: " ", startingAt: 0)) \($0.meaning)" }.joined(separator: "\n"))

        Configuration lives in $XDG_CONFIG_HOME/dots-sso/channels, tokens in $XDG_CACHE_HOME/dots-sso \
        (0700 directory, 0600 files). Secrets are never printed unless you ask (`dots-sso token print`).
        """,
        version: DotsSSOVersion.current,
        subcommands: [
            Discover.self, Authorize.self, Exchange.self, Refresh.self, TokenCommand.self, Revoke.self, Logout.self,
            Profile.self, Flags.self, Containers.self, Passes.self, PKPass.self, Bodymovin.self,
            MagicLink.self, Applinks.self, Check.self, Sandbox.self, Demo.self,
            OpenWeb.self, Echo.self, Members.self, CacheCommand.self, ChannelCommand.self,
        ]
    )

    static func main() async {
        let console = Console()
        let command: ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            exit(withError: error)  // help, version, usage errors (64) as ArgumentParser renders them
        }
        do {
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                var syncCommand = command
                try syncCommand.run()
            }
        } catch let error as UserFacingError {
            console.err("dots-sso: \(error.message)")
            Foundation.exit(ExitStatus(for: error).rawValue)
        } catch let error as ExitCode {
            Foundation.exit(error.rawValue)
        } catch where String(reflecting: type(of: error)).hasPrefix("ArgumentParser.") {
            exit(withError: error)  // `--help` runs a help command that throws; validation errors (64)
        } catch {
            console.err("dots-sso: internal error: \(error) (please report it)")
            Foundation.exit(ExitStatus.internalError.rawValue)
        }
    }
}
