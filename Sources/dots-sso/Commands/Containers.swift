import ArgumentParser
import DotsSSOCore
import Foundation

/// `dots-sso containers`: what the app loads for each container of a channel.
struct Containers: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "containers",
        abstract: "Show each container's URL, how the token and user id travel, and whether the member may open it.",
        subcommands: [ContainersShow.self, ContainersProbe.self],
        defaultSubcommand: ContainersShow.self
    )
}

/// `dots-sso containers show` (the default)
struct ContainersShow: AsyncParsableCommand {
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
        var passed: Bool
    }

    func run() async throws {
        let access = try MemberAccess(options, needsToken: false)
        let console = access.console
        let containers = access.channel.containers ?? []
        guard !containers.isEmpty else {
            throw ConfigError.missingSetting(name: "containers", flag: "a channel file", key: "containers")
        }
        var checked: ProfileReport?
        do {
            checked = try await access.report(options.profile)
        } catch let error as UserFacingError {
            console.warn("showing the requests without a member (\(error.message)); sign in or pass --profile-file to see who may open what")
        }
        var token: String?
        if showSecrets, let bearer = access.bearer { token = try? await bearer.token() }
        // The real token only with --show-secrets; otherwise "[redacted]" once a member is known, a placeholder before.
        let shownToken = token ?? (checked == nil ? nil : Redactor.placeholder)
        let requests = try containers.map {
            try ContainerRequest($0, token: shownToken, userID: checked?.dots.id, flags: checked?.dots.flags, showSecrets: true)
        }
        let findings = ContainerLint.findings(for: access.channel, userID: checked?.dots.id, email: checked?.dots.email).promotingWarnings(report.strict)
        let failed = try report.emitSideReports(findings, suite: "containers", console: console)
        if options.global.json {
            try console.json(Output(containers: requests, findings: findings, passed: !failed))
        } else {
            let style = Style(enabled: console.colorOnStdout)
            for request in requests {
                let verdict = request.allowed.map { $0 ? style.green("may open") : style.red("blocked by \(request.flag ?? "its flag")") } ?? "unknown (no profile)"
                console.out(style.bold(request.name) + "  " + verdict)
                var rows = [["request", "\(request.method) \(request.url)"]]
                rows += request.headers.sorted { $0.key < $1.key }.map { ["header", "\($0.key): \($0.value)"] }
                rows.append(["token", request.tokenIn ?? "not passed"])
                rows.append(["user id", request.userIdIn ?? "not passed"])
                rows.append(["flag", request.flag ?? "none (always shown)"])
                console.out(Table.render(rows, indent: "  "))
                console.out("")
            }
            console.out(FindingsText.render(findings, style: style))
        }
        if failed { throw ExitCode(ExitStatus.checkFailed.rawValue) }
    }
}

/// `dots-sso containers probe [NAME]`
struct ContainersProbe: AsyncParsableCommand {
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

    struct Result: Encodable {
        var name: String
        var url: String
        var status: Int?
        var contentType: String?
        var milliseconds: Int?
        var passed: Bool
        var problem: String?
    }

    func run() async throws {
        let access = try MemberAccess(options, needsToken: true)
        let console = access.console
        var containers = access.channel.containers ?? []
        if let name {
            containers = containers.filter { $0.name == name }
            guard !containers.isEmpty else { throw UsageError.invalid("no container named '\(name)' in the channel") }
        }
        guard !containers.isEmpty else { throw ConfigError.missingSetting(name: "containers", flag: "a channel file", key: "containers") }
        let needsUser = containers.contains { $0.userId != nil }
        let userID = needsUser ? try await access.report(options.profile).dots.id : nil
        let token = try await access.bearer?.token()
        var results: [Result] = []
        for container in containers {
            let shown = try ContainerRequest(container, token: nil, userID: userID, flags: nil, showSecrets: false).url
            do {
                let request = try ContainerRequest.httpRequest(container, token: token, userID: userID)
                var limited = request
                limited.maxBodyBytes = 32 * 1024 * 1024
                let response = try await access.http.send(limited)
                let passed = (200..<400).contains(response.status)
                results.append(Result(name: container.name, url: shown, status: response.status, contentType: response.mediaType,
                                      milliseconds: Int(response.duration * 1000), passed: passed,
                                      problem: passed ? nil : "HTTP \(response.status)"))
            } catch let error as UserFacingError {
                results.append(Result(name: container.name, url: shown, passed: false, problem: error.message))
            }
        }
        if options.global.json {
            try console.json(results)
        } else {
            let style = Style(enabled: console.colorOnStdout)
            console.out(Table.render(results.map { result in
                [result.passed ? style.green("ok") : style.red("fail"), result.name, result.status.map(String.init) ?? "-",
                 result.milliseconds.map { "\($0) ms" } ?? "-", result.problem ?? (result.contentType ?? "")]
            }, header: ["", "CONTAINER", "STATUS", "TIME", "DETAIL"]))
        }
        if results.contains(where: { !$0.passed }) { throw ExitCode(ExitStatus.checkFailed.rawValue) }
    }
}
