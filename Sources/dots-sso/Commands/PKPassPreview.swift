import ArgumentParser
import DotsSSOBasics
import DotsSSOCore
import DotsSSOPictures

/// `dots-sso pkpass preview FILE`
struct PKPassPreview: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "See the pass: its front drawn the way Wallet lays out its style (and --back, its back fields).",
        discussion: """
            Draws the pass at 2× (640 px wide): colours, logo and logo text, strip, thumbnail and background images, \\
            header, primary, secondary and auxiliary fields (labels and values localised with --locale from \\
            .lproj/pass.strings, date and number styles applied), and barcodes[0] (QR, PDF417, Aztec, Code 128) drawn \\
            by zint. Reads a .pkpass, '-' (stdin, with --output) or an unsigned pass folder; the signature is not needed. \\
            An image over 4,096 px a side is not drawn (a warning says so).

            Examples:
              $ dots-sso pkpass preview guest.pkpass
              $ dots-sso pkpass preview guest.pkpass --back --locale fr --output guest-fr.png
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(
        name: [.short, .long],
        help: ArgumentHelp(
            "The front's PNG (default: NAME.png in the current folder); the back goes beside it as NAME.back.png.", valueName: "png"))
    var output: String?
    @OptionGroup var formerOut: FormerOutOption

    @Flag(name: .long, help: "Also draw the back fields, as a second picture.")
    var back = false

    @Option(
        name: .long,
        help: ArgumentHelp("The language whose .lproj/pass.strings and images are used (default: en when the pass has it).", valueName: "L")
    )
    var locale: String?

    @Argument(help: "A .pkpass file, '-' for stdin, or an unsigned pass folder.", completion: .file(extensions: ["pkpass"]))
    var file: String

    func run(_ ctx: CommandContext) async throws {
        let preview = try await PassPreviewUseCase(file: file, output: try formerOut.merged(with: output), back: back, locale: locale).run(
            ctx)
        try Console(ctx).emit(preview, json: global.json)
    }
}
