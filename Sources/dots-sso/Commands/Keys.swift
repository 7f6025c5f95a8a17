import ArgumentParser
import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// `dots-sso keys`: the client's own keys, for providers that authenticate clients by signed assertion.
struct Keys: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "Make a client key for private_key_jwt.",
        subcommands: [KeysGenerate.self]
    )
}

extension ClientKeyGeneration.KeyType: ExpressibleByArgument {}

/// `dots-sso keys generate`
struct KeysGenerate: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write a new private key (0600) and print the public JWK to register with the provider.",
        discussion: """
            For providers that want client authentication by private_key_jwt (RFC 7523, OIDC Core §9, FAPI 2.0) instead \
            of a shared secret. The private key is written to --output with mode 0600 (an existing file is kept unless \
            --force); stdout is the public JWK, with its kid (the RFC 7638 thumbprint), use and alg, to add to the \
            client's registered JWKS. Sign-in commands then take --client-key-file KEY.pem and send that kid.

            Examples:
              $ dots-sso keys generate --output client-key.pem > client-jwk.json
              $ dots-sso authorize --channel acme --client-key-file client-key.pem
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: [.short, .long], help: ArgumentHelp("Where to write the private key (PEM, mode 0600).", valueName: "file"))
    var output: String?
    @OptionGroup var formerOut: FormerOutOption

    @Option(name: .long, help: ArgumentHelp("ec (P-256, ES256; default) or rsa (3072 bits, RS256).", valueName: "type"))
    var type: ClientKeyGeneration.KeyType = .ec

    @Flag(name: .long, help: "Replace an existing file at --output.")
    var force = false

    func run(_ ctx: CommandContext) async throws {
        guard let file = try formerOut.merged(with: output) else {
            throw UsageError.invalid("say where to write the private key: --output FILE (the public JWK goes to stdout)")
        }
        let result = try ClientKeyGeneration(output: file, type: type, force: force).run(ctx)
        try Console(ctx).emit(result, json: global.json)
    }
}
