import ArgumentParser
import DotsSSOCore
import Foundation

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

    struct Output: Codable {
        var version: String
        var commit: String
        var buildDate: String
        var swift: String
        var platform: String
        var libraries: [InstalledLibraries.Library]
    }

    func run(_ ctx: CommandContext) async throws {
        let output = Output(
            version: DotsSSOVersion.current, commit: DotsSSOVersion.commit, buildDate: DotsSSOVersion.buildDate,
            swift: DotsSSOVersion.swift, platform: Self.platform, libraries: InstalledLibraries.probe())
        let console = Console(ctx)
        if global.json {
            try console.json(output)
            return
        }
        var rows = [
            ["dots-sso", output.version], ["commit", output.commit], ["built", output.buildDate], ["swift", output.swift],
            ["platform", output.platform],
        ]
        for library in output.libraries {
            let text =
                library.found
                ? [library.version ?? "version unknown", library.path.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
                : "not found: apt-get install \(library.package) (for \(library.usedFor))"
            rows.append([library.name, text])
        }
        console.out(Table.render(rows))
    }

    static var platform: String {
        #if os(Linux)
            let system = "linux"
        #elseif os(macOS)
            let system = "macos"
        #else
            let system = "other"
        #endif
        #if arch(x86_64)
            return "\(system) x86_64"
        #elseif arch(arm64)
            return "\(system) arm64"
        #else
            return system
        #endif
    }
}
