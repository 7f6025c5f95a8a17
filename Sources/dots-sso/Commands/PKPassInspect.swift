import ArgumentParser
import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// `dots-sso pkpass`: Apple Wallet pass files.
struct PKPass: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pkpass",
        abstract: "Verify .pkpass files the way Wallet does.",
        subcommands: [PKPassInspect.self, PKPassPreview.self]
    )
}

/// `dots-sso pkpass inspect FILE…`
struct PKPassInspect: DotsCommand {
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

    @Argument(help: ".pkpass files, pass folders, or '-' for stdin.", completion: .file(extensions: ["pkpass"]))
    var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("name at least one .pkpass file") }
        if files.filter({ $0 == "-" }).count > 1 { throw ValidationError("stdin ('-') can be read only once") }
    }

    func run(_ ctx: CommandContext) async throws {
        let result = try await PKPassInspectUseCase(files: files, trust: trust.trust).run(ctx)
        try FindingsReporter(report, console: Console(ctx, reportPath: report.junit)).finish(result, json: global.json)
    }
}

extension PKPassInspect: TrailingValues {
    var trailingValues: [String] {
        get { files }
        set { files = newValue }
    }
}
