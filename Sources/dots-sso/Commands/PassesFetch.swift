import ArgumentParser
import DotsSSOCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `dots-sso passes`: the passes a member can add to Apple Wallet.
struct Passes: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "passes",
        abstract: "Fetch a member's passes from the passes endpoint or the profile.",
        subcommands: [PassesFetch.self]
    )
}

/// `dots-sso passes fetch`
struct PassesFetch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Download every pass of a member and inspect each one.",
        discussion: """
        The pass URLs come from --profile-file when given, else from the passes endpoint when the channel or \
        --passes-endpoint names one (called with \
        the member's bearer token; it must answer a flat JSON array of URLs), else from the member's profile: \
        every absolute URL ending in .pkpass, in document order. The partner's order is kept and the first pass \
        is the primary one: files are saved as 1-primary-<name>.pkpass, 2-<name>.pkpass, … Pass downloads carry \
        no token. A .pkpasses bundle, a 404 or a body that is not a pass fails that pass only; every download is \
        inspected as `pkpass inspect` does. Exit 1 when any pass failed or has an error.

        Examples:
          $ dots-sso passes fetch --channel acme --output passes/
          $ dots-sso passes fetch --channel acme --passes-endpoint https://sso.acme.example/passes --json
          $ dots-sso passes fetch --profile-file member.json --trust sandbox-ca.pem
        """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var channel: ChannelOptions
    @OptionGroup var network: NetworkOptions
    @OptionGroup var cacheOptions: CacheOptions
    @OptionGroup var client: ClientAuthOptions
    @OptionGroup var source: MemberSourceOptions
    @OptionGroup var report: FindingsOptions
    @OptionGroup var trust: PassTrustOptions

    @Option(name: .long, help: ArgumentHelp("Save the passes in this folder (created if missing).", valueName: "dir"))
    var output: String = "."

    @Option(name: .long, help: ArgumentHelp("Download at most this many passes at once (1–16).", valueName: "n"))
    var parallel: Int = 4

    func validate() throws {
        guard (1...16).contains(parallel) else { throw ValidationError("--parallel must be between 1 and 16") }
        if source.profileFile != nil && channel.passesEndpoint != nil { throw ValidationError("use --profile-file or --passes-endpoint, not both") }
    }

    struct Output: Encodable {
        var source: String
        var output: String
        var passes: [FetchedPass]
        var summary: FindingSummary
        var passed: Bool
    }

    func run() async throws {
        let access = try MemberAccess(global: global, channel: channel, network: network, cache: cacheOptions, client: client,
                                      source: source, needsToken: false)
        let console = access.console
        let (links, source) = try await self.links(access)
        if links.isEmpty { console.err("dots-sso: \(source) lists no passes") }

        let fetcher = PassFetcher(http: access.http, inspector: PassInspector(anchors: try trust.anchors()), parallel: parallel,
                                  output: URL(fileURLWithPath: output))
        let bar = ProgressBar(enabled: isatty(STDERR_FILENO) == 1 && !links.isEmpty, label: "passes")
        var passes = try await fetcher.fetch(links) { finished, total in bar.update(finished, of: total) }
        bar.finish()
        for index in passes.indices { passes[index].findings = passes[index].findings.promotingWarnings(report.strict) }

        let findings = passes.flatMap(\.findings)
        let failed = try report.emitSideReports(findings, suite: "passes fetch", console: console)
        if global.json {
            try console.json(Output(source: source, output: output, passes: passes, summary: FindingSummary(findings), passed: !failed))
        } else {
            let style = Style(enabled: console.colorOnStdout)
            console.out(style.dim("\(passes.count) pass\(passes.count == 1 ? "" : "es") from \(ProfileText.safe(source))"))
            for pass in passes {
                let title = "\(pass.position)\(pass.primary ? " (primary)" : "") \(pass.url)" + (pass.file.map { " → \($0)" } ?? "")
                let inspection = PassInspection(file: pass.file ?? pass.url, kind: "pkpass", summary: pass.summary ?? PassSummary(), findings: pass.findings)
                console.out("\n" + PassText.render(inspection, title: title, style: style))
            }
            console.out("\n" + FindingsText.summary(FindingSummary(findings), style: style))
        }
        if failed { throw ExitCode(ExitStatus.checkFailed.rawValue) }
    }

    /// The pass URLs and a description of where they came from.
    func links(_ access: MemberAccess) async throws -> ([String], String) {
        if let file = source.profileFile {
            guard let data = InputFile.read(file) else { throw InputError.unreadable(path: file, reason: "no such file or not readable") }
            return (try PassLinks.inProfile(data, source: InputFile.displayName(file)), "the profile \(InputFile.displayName(file))")
        }
        if let endpoint = access.channel.passesEndpoint {
            let url = try URLPolicy.validate(endpoint)
            guard let bearer = access.bearer else { throw TokenCacheError.notSignedIn(channel: access.channel.name) }
            let response = try await bearer.get(url, http: access.http)
            return (try PassLinks.fromEndpoint(response), "the passes endpoint \(url.redactedForDisplay)")
        }
        guard let bearer = access.bearer else { throw TokenCacheError.notSignedIn(channel: access.channel.name) }
        let endpoint = try await access.profileEndpoint()
        let response = try await bearer.get(endpoint, http: access.http)
        return (try PassLinks.inProfile(response.body, source: endpoint.redactedForDisplay), "the profile \(endpoint.redactedForDisplay)")
    }
}
