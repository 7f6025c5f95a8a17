import ArgumentParser
import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// `--consumer-key`: the Digits app's OAuth consumer key (`echo verify`, `echo sign`).
struct ConsumerKeyOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Your app's OAuth consumer key.", valueName: "key"))
    var consumerKey: String

    func validate() throws {
        guard !consumerKey.isEmpty else { throw ValidationError("--consumer-key must not be empty") }
    }
}
