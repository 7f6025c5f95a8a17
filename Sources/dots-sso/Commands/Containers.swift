import ArgumentParser
import DotsSSOCore
import Foundation

/// `dots-sso containers`: what the app loads for each container of a channel.
struct Containers: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "containers",
        abstract: "Each container's request, and whether it opens.",
        subcommands: [ContainersShow.self, ContainersProbe.self],
        defaultSubcommand: ContainersShow.self
    )
}

/// `dots-sso containers show` (the default)
struct ContainersShow: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show the exact request the app makes for each container (token redacted) and whether the member may open it.",
        discussion: """
            Examples:
              $ dots-sso containers --channel acme
              $ dots-sso containers --channel acme --profile-file member.json --json
              $ dots-sso containers --channel acme --show-secrets
            """
    )

    @OptionGroup var options: MemberOptions
    @OptionGroup var report: FindingsOptions

    @Flag(name: .long, help: "Show the partner token in the requests instead of [redacted].")
    var showSecrets = false

    struct Output: Encodable {
        var containers: [ContainerRequest]
        var findings: [Finding]
        var summary: FindingSummary
        var passed: Bool
    }

    func run(_ ctx: CommandContext) async throws {
        let console = Console(ctx, reportPath: report.junit)
        let reporter = FindingsReporter(report, console: console)
        let result = try await reporter.reportingFailure(suite: "containers", input: "profile") {
            try await ContainersShowUseCase(member: try options.settings(ctx), showSecrets: showSecrets).run(ctx)
        }
        let findings = reporter.judged(result.findings)
        // One report case per container (its findings are located at $.containers[i]); the rest about the list.
        let perContainer = result.containers.enumerated().map { index, request in
            (input: request.name, findings: findings.filter { $0.location.path?.hasPrefix("$.containers[\(index)]") == true })
        }
        let general = findings.filter { finding in !perContainer.contains { $0.findings.contains(finding) } }
        let failed = try reporter.report(
            perContainer + (general.isEmpty && !perContainer.isEmpty ? [] : [("containers", general)]), suite: "containers")
        if options.global.json {
            try console.json(
                Output(containers: result.containers, findings: findings, summary: FindingSummary(findings), passed: !failed),
                exitStatus: failed ? checkFailed.rawValue : 0)
        } else {
            let style = console.style
            let safe = TerminalText.safe
            for request in result.containers {
                let verdict =
                    request.allowed.map { $0 ? style.green("may open") : style.red("blocked by \(safe(request.flag ?? "its flag"))") }
                    ?? "unknown (no profile)"
                console.out(style.bold(safe(request.name)) + "  " + verdict)
                var rows = [["request", "\(request.method) \(safe(request.url))"]]
                if request.urlChoices > 1 {
                    let chosen =
                        request.variant.map { "the \(safe($0)) variant" }
                        ?? (request.allowed == nil ? "the plain URL (no member known)" : "the plain URL (no variant flag on)")
                    rows.append(["url", "\(chosen), of \(request.urlChoices) URLs"])
                }
                rows += request.headers.sorted { $0.key < $1.key }.map { ["header", safe("\($0.key): \($0.value)")] }
                rows.append(["token", request.tokenIn.map(safe) ?? "not passed"])
                rows.append(["user id", request.userIdIn.map(safe) ?? "not passed"])
                rows.append(["flag", request.flag.map(safe) ?? "none (always shown)"])
                console.out(Table.render(rows, indent: "  "))
                console.out("")
            }
            console.out(FindingsText.render(findings, style: style))
        }
        if failed { throw checkFailed }
    }
}

/// `dots-sso containers probe [NAME]`
struct ContainersProbe: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe",
        abstract: "Make each container's request over TLS 1.2+ with the member's token and report the status.",
        discussion: """
            Examples:
              $ dots-sso containers probe --channel acme
              $ dots-sso containers probe --channel acme news --json
            """
    )

    @OptionGroup var options: MemberOptions

    @Argument(help: "Probe only this container.")
    var name: String?

    func run(_ ctx: CommandContext) async throws {
        let results = try await ContainersProbeUseCase(member: try options.settings(ctx), name: name).run(ctx)
        let console = Console(ctx)
        if options.global.json {
            try console.json(results)
        } else {
            let style = console.style
            console.out(
                Table.render(
                    results.map { result in
                        [
                            result.passed ? style.green("ok") : style.red("fail"), TerminalText.safe(result.name),
                            result.status.map(String.init) ?? "-",
                            result.milliseconds.map { "\($0) ms" } ?? "-", TerminalText.safe(result.problem ?? (result.contentType ?? "")),
                        ]
                    }, header: ["", "CONTAINER", "STATUS", "TIME", "DETAIL"]))
        }
        if results.contains(where: { !$0.passed }) { throw checkFailed }
    }
}
