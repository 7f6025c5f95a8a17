import ArgumentParser
import DotsSSOCore
import Foundation

/// `dots-sso pkpass`: Apple Wallet pass files.
struct PKPass: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pkpass",
        abstract: "Verify .pkpass files the way Wallet does.",
        subcommands: [PKPassInspect.self]
    )
}

/// Which certificates a pass signature must chain to: Apple Root CA, or the `--trust` files instead.
struct PassTrustOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Trust these CA certificates (PEM) instead of Apple Root CA; repeatable (test CAs, sandbox passes).", valueName: "pem"))
    var trust: [String] = []

    func anchors() throws -> TrustAnchors {
        do {
            return trust.isEmpty ? try PassSignature.appleRoot() : try TrustAnchors(pemFiles: trust)
        } catch HTTPError.trustAnchors(let path, let detail) {
            throw UsageError.invalid("cannot use --trust \(path): \(detail)")
        }
    }
}

/// `dots-sso pkpass inspect FILE…`
struct PKPassInspect: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Check a .pkpass archive, manifest, signature and pass.json.",
        discussion: """
        Checks each pass the way Wallet accepts it: the archive is opened defensively (no paths outside the \
        pass, no nested archives or .pkpasses bundles, no zip bombs), manifest.json's SHA-1 of every file, the \
        CMS signature over the manifest and its chain to Apple Root CA (or --trust) at signing time and now, the \
        signer certificate against passTypeIdentifier and teamIdentifier, pass.json, images and localisations. \
        A folder is inspected as an unsigned pass model. Exit 1 when any pass has an error (--strict: or a warning).

        Examples:
          $ dots-sso pkpass inspect guest.pkpass
          $ dots-sso pkpass inspect passes/*.pkpass --json
          $ dots-sso pkpass inspect sandbox.pkpass --trust test-ca.pem --strict --junit passes.xml
        """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var report: FindingsOptions
    @OptionGroup var trust: PassTrustOptions

    @Argument(help: ".pkpass files, pass folders, or '-' for stdin.")
    var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("name at least one .pkpass file") }
        if files.filter({ $0 == "-" }).count > 1 { throw ValidationError("stdin ('-') can be read only once") }
    }

    struct Output: Encodable {
        var passes: [PassInspection]
        var unreadable: [String: String]
        var summary: FindingSummary
        var passed: Bool
    }

    func run() async throws {
        let console = Console()
        let inspector = PassInspector(anchors: try trust.anchors())
        var passes: [PassInspection] = []
        var unreadable: [String: String] = [:]
        var worst: ExitStatus?
        for (file, result) in zip(files, await inspector.inspect(paths: files)) {
            switch result {
            case .success(var inspection):
                inspection.findings = inspection.findings.promotingWarnings(report.strict)
                passes.append(inspection)
            case .failure(let error as UserFacingError):
                unreadable[file] = error.message
                console.err("dots-sso: \(error.message)")
                worst = worst ?? ExitStatus(for: error)
            case .failure(let error):
                throw error
            }
        }
        let findings = passes.flatMap(\.findings)
        let failed = try report.emitSideReports(findings, suite: "pkpass inspect", console: console)
        if global.json {
            try console.json(Output(passes: passes, unreadable: unreadable, summary: FindingSummary(findings), passed: !failed && unreadable.isEmpty))
        } else if !passes.isEmpty {
            let style = Style(enabled: console.colorOnStdout)
            console.out(passes.map { PassText.render($0, style: style) }.joined(separator: "\n\n"))
        }
        if let worst { throw ExitCode(worst.rawValue) }
        if failed { throw ExitCode(ExitStatus.checkFailed.rawValue) }
    }
}
