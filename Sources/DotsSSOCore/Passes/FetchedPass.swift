import DotsSSOBasics
import FoundationEssentials

/// One pass of a member's list after `passes fetch`: where it came from, where it was saved, what it is and
/// what is wrong with it. The URL is shown redacted (query strings often carry signed tokens).
package struct FetchedPass: Codable, Sendable {
    /// 1-based position in the partner's order.
    package var position: Int
    /// The first pass is the primary one (seed 000).
    package var primary: Bool
    package var url: String
    /// The saved file, when the download was a readable pass archive.
    package var file: String?
    package var status: Int?
    package var bytes: Int?
    package var summary: PassSummary?
    /// The picture of the pass (`--preview`), beside the saved file.
    package var preview: String?
    package var findings: [Finding]
    /// Why the pass could not be saved (a full disk, an unwritable folder): the output's fault, not the partner's.
    package var saveFailure: OutputError?

    enum CodingKeys: String, CodingKey {
        case position, primary, url, file, status, bytes, summary, preview, findings
    }
}
