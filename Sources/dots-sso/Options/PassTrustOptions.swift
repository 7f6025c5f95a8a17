import ArgumentParser
import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// Which certificates a pass signature must chain to: Apple Root CA, or the `--trust` files instead.
struct PassTrustOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Trust these roots (PEM files, or a loopback sandbox's root URL) instead of Apple Root CA and the channel's passes.trust; repeatable.",
            valueName: "pem"),
        completion: .file(extensions: ["pem", "crt"]))
    var trust: [String] = []
}
