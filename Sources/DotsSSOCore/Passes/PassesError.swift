import DotsSSOBasics
import FoundationEssentials

/// Why a member's list of passes could not be read (each single pass's own problems are findings instead).
package enum PassesError: UserFacingError, Equatable {
    /// The passes endpoint answered something other than a flat JSON array of URL strings.
    case listShape(url: String, found: String)
    /// The profile is not JSON, so no pass URLs can be read from it.
    case profileNotJSON(source: String, reason: String)
    /// The channel's `profileMapping.passes` path holds something other than URL strings.
    case mappedShape(source: String, path: String, found: String)
    /// `--output` cannot be created or written.
    case outputUnusable(path: String, reason: String)

    package var message: String {
        switch self {
        case let .listShape(url, found):
            "\(url) must answer a flat JSON array of .pkpass URL strings, but sent \(found); nothing was downloaded"
        case let .profileNotJSON(source, reason):
            "\(source) is not JSON (\(reason)); no pass URLs can be read from it"
        case let .mappedShape(source, path, found):
            "\(source) has \(found) at \(path), where the channel's profileMapping.passes says the pass URLs are; it must be a URL or an array of URLs"
        case let .outputUnusable(path, reason):
            "cannot write passes to \(path): \(reason)"
        }
    }

    package var exitStatus: ExitStatus {
        switch self {
        case .listShape, .mappedShape: .protocolError
        case .profileNotJSON: .malformedInput
        case .outputUnusable: .cannotWrite
        }
    }
}
