import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// Writing a finished picture: atomically, no fsync (it can be drawn again), and a failure as the one-line exit-74
/// error. An animation's picture is readable by everyone; a pass's shows a member's barcode, so it is the member's
/// (`memberData`: 0600).
enum PictureFile {
    static func save(_ data: Data, to path: String, what: String, memberData: Bool = false) throws {
        try AtomicFile.saveOutput(data, to: path, what: what, permissions: memberData ? 0o600 : 0o644, durable: false)
    }
}
