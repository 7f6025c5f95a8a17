import ArgumentParser
import DotsSSOBasics
import DotsSSOCore
import DotsSSOPictures
import FoundationEssentials

extension LottieProfile: ExpressibleByArgument {}

extension PictureSize: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}

/// `dots-sso bodymovin`: the partner's loading animation.
struct Bodymovin: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bodymovin",
        abstract: "Check a bodymovin (Lottie) loading animation.",
        subcommands: [BodymovinValidate.self, BodymovinPreview.self]
    )
}

/// `dots-sso bodymovin validate FILE…`
struct BodymovinValidate: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Will this animation load and play in lottie-ios? (or: is it Lottie spec 1.0?)",
        discussion: """
            --profile ios (default) checks what lottie-ios loads and renders: structure, references, and the features \
            it does not support (expressions, merge paths, luma mattes, effects other than drop shadow, glyphs, \
            auto-orient, …) as warnings. --profile spec checks Lottie spec 1.0 structure. Also reports fitness as a \
            loading icon (size, canvas, duration, frame rate, embedded images), and what rlottie draws of 12 sampled \
            frames: nothing at all (a warning), content leaving the canvas or filling under 5 % of it (info); \
            --no-render skips that. Not JSON or truncated exits 65 with the position of the problem.

            Drawing runs in a child process limited to 512 MiB of memory and 20 s of CPU (DOTS_SSO_DRAW_LIMITS=MIB,SECONDS \
            changes them); an animation that needs more is reported, and one whose JSON already shows the cost (more \
            than 10,000 repeater copies, 5,000 layer instances, 64 megapixels of images, a stroke 100 canvases wide) \
            is not drawn at all.

            A .lottie (dotLottie v1 or v2) is opened as an archive, with the same defences as passes: the manifest \
            is checked against what the archive holds (every listed animation present, the initial one listed, \
            unlisted files as info), then every animation is validated with its images found in the archive; the \
            summary and the drawing are the animation the app plays (the initial one, else the first), and each \
            animation's findings name it as FILE#id. The content decides, not the name: a zip called .json or JSON \
            called .lottie is read as what it is, with a warning.

            Examples:
              $ dots-sso bodymovin validate loader.json
              $ dots-sso bodymovin validate loader.lottie --json
              $ dots-sso bodymovin validate animations/*.json --profile spec --json
              $ dots-sso bodymovin validate loader.json --strict --junit lottie.xml
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var report: FindingsOptions

    @Option(name: .long, help: "ios (what lottie-ios plays, default) or spec (Lottie spec 1.0).")
    var profile: LottieProfile = .ios

    @Flag(name: .long, help: "Skip drawing sampled frames with rlottie (nothing drawn, content off the canvas or too small).")
    var noRender = false

    @Argument(help: "bodymovin JSON or .lottie files ('-' reads stdin).", completion: .file(extensions: ["json", "lottie"]))
    var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("name at least one bodymovin JSON file") }
    }

    func run(_ ctx: CommandContext) async throws {
        let result = try await BodymovinValidateUseCase(files: files, profile: profile, render: !noRender).run(ctx)
        try FindingsReporter(report, console: Console(ctx, reportPath: report.junit)).finish(result, json: global.json)
    }
}

/// `dots-sso bodymovin preview FILE`
struct BodymovinPreview: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "See the animation: a contact sheet of its frames drawn by rlottie (and optionally a GIF).",
        discussion: """
            Draws --frames frames, evenly spaced from the first to the last, each fitted in a --size cell over a \
            checkerboard (transparency shows) with its frame number under it, into one PNG. --gif also writes the whole \
            animation as an animated GIF at its frame rate (at most 320 px a side and 300 frames). Only files \
            `bodymovin validate` finds no error in are drawn (exit 1 otherwise). Also reports what rendering shows: \
            nothing drawn at all, content leaving the canvas, content filling under 5 % of it.

            Examples:
              $ dots-sso bodymovin preview loader.json
              $ dots-sso bodymovin preview loader.json --output loader.png --frames 24 --size 96x96 --gif loader.gif
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(
        name: [.short, .long],
        help: ArgumentHelp("The contact sheet PNG (default: NAME.frames.png in the current folder).", valueName: "png"))
    var output: String?
    @OptionGroup var formerOut: FormerOutOption

    @Option(name: .long, help: "How many frames (1-100).")
    var frames: Int = 12

    @Option(name: .long, help: ArgumentHelp("The box each frame is fitted in, 16-1024 px a side.", valueName: "WxH"))
    var size: PictureSize = BodymovinPreviewUseCase.defaultCell

    @Option(name: .long, help: ArgumentHelp("Also write the animation as an animated GIF here.", valueName: "path"))
    var gif: String?

    @Argument(
        help: "A bodymovin JSON or .lottie file (FILE.lottie#id picks one animation; '-' reads stdin, with --output).",
        completion: .file(extensions: ["json", "lottie"]))
    var file: String

    func run(_ ctx: CommandContext) async throws {
        let preview = try await BodymovinPreviewUseCase(
            file: file, output: try formerOut.merged(with: output), frames: frames, cell: size, gif: gif
        ).run(ctx)
        try Console(ctx).emit(preview, json: global.json)
    }
}

extension BodymovinValidate: TrailingValues {
    var trailingValues: [String] {
        get { files }
        set { files = newValue }
    }
}
