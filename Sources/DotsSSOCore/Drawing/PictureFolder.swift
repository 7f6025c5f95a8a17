import DotsSSOBasics
import FoundationEssentials

/// Where a run's pictures go: the folder the user named, or a private one (`PrivateFolder`, 0700) made only when
/// the first picture is drawn and removed again when the run leaves nothing in it. A run that draws nothing (most
/// CI runs, every failed one) leaves no empty `dots-sso-check-XXXXXX` folder behind in a shared temporary directory.
package final class PictureFolder: Sendable {
    private let given: URL?
    private let prefix: String
    private let made = MadeOnce<Result<URL, any Error>>()

    package init(given: String?, prefix: String) {
        self.given = given.map { URL(fileURLWithPath: $0, isDirectory: true) }
        self.prefix = prefix
    }

    /// The folder, made now (with its parents, for a named one) if it does not exist yet.
    package func url() throws -> URL {
        if let given {
            try FileManager.default.createDirectory(at: given, withIntermediateDirectories: true)
            return given
        }
        return try made.value { Result { try PrivateFolder.make(prefix: prefix) } }.get()
    }

    /// Removes the private folder when nothing was left in it (a drawing that failed), and keeps it otherwise (the
    /// report names the contact sheet in it); a named folder stays as it is.
    package func removeIfEmpty() {
        guard given == nil, case .success(let folder)? = made.existing else { return }
        if (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.isEmpty ?? true {
            ScratchSpace.remove(folder)
        } else {
            ScratchSpace.keep(folder)
        }
    }
}
