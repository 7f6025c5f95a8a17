import ArgumentParser
import DotsSSOCore
import Foundation

/// `dots-sso flags`: one member's feature flags, and the checks the app makes with them.
struct Flags: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flags",
        abstract: "Show a member's feature flags, their purpose and the containers they gate.",
        subcommands: [FlagsShow.self, FlagsCheck.self],
        defaultSubcommand: FlagsShow.self
    )
}

/// `dots-sso flags show` (the default)
struct FlagsShow: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show every flag: its value, the purpose the channel gives it, and which containers it gates.",
        discussion: """
        Examples:
          $ dots-sso flags --channel acme
          $ dots-sso flags --channel acme --json | jq '.flags[] | select(.value != true)'
        """
    )

    @OptionGroup var options: MemberOptions

    struct Output: Encodable {
        var source: String
        var id: String?
        var flags: [FlagReading]
    }

    func run() async throws {
        let access = try MemberAccess(options, needsToken: false)
        let checked = try await access.report(options.profile)
        if options.global.json {
            try access.console.json(Output(source: checked.source, id: checked.dots.id, flags: checked.dots.flags))
        } else {
            access.console.out(FlagTable.render(checked.dots.flags, style: Style(enabled: access.console.colorOnStdout)))
        }
    }
}

/// `dots-sso flags check [NAME…]`
struct FlagsCheck: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Exit 0 when every named flag is exactly true; with no names, apply the app-launch rule (canAccessApp).",
        discussion: """
        A flag passes only when it is the JSON boolean true: false, missing, "true" as a string or any other \
        value fails, one line each. With no names the check is what the app does at launch: the profile must \
        be retrievable and canAccessApp true, otherwise the app logs the member out (exit 1).

        Examples:
          $ dots-sso flags check --channel acme                       # would the app keep this member signed in?
          $ dots-sso flags check --channel acme canAccessContainer1 canAccessContainer2
        """
    )

    @OptionGroup var options: MemberOptions

    @Argument(help: "Flags that must be true (default: the app-launch rule, canAccessApp).")
    var names: [String] = []

    struct Output: Encodable {
        var rule: String
        var passed: Bool
        var flags: [FlagCheck.Result]
        var problem: String?
    }

    func run() async throws {
        let access = try MemberAccess(options, needsToken: false)
        let console = access.console
        let rule = names.isEmpty ? "app-launch" : "named"
        let checked: ProfileReport
        do {
            checked = try await access.report(options.profile)
        } catch let error as UserFacingError where names.isEmpty {
            // The app logs a member out when it cannot fetch the profile at launch.
            let problem = "the profile cannot be retrieved, so the app would log this member out: \(error.message)"
            if options.global.json {
                try console.json(Output(rule: rule, passed: false, flags: [], problem: problem))
            } else {
                console.err("dots-sso: \(problem)")
            }
            throw ExitCode(ExitStatus.checkFailed.rawValue)
        }
        let results = FlagCheck.evaluate(names: names, flags: checked.dots.flags)
        let passed = results.allSatisfy(\.passed)
        if options.global.json {
            try console.json(Output(rule: rule, passed: passed, flags: results, problem: nil))
        } else {
            let style = Style(enabled: console.colorOnStdout)
            for result in results {
                console.out(result.passed ? "\(style.green("ok  "))  \(result.name) is true" : "\(style.red("fail"))  \(result.problem ?? result.name)")
            }
        }
        if !passed { throw ExitCode(ExitStatus.checkFailed.rawValue) }
    }
}
