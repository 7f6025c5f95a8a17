import Foundation

/// Writing a finished picture: atomically, readable by everyone (a picture holds nothing secret), no fsync (it can be
/// drawn again), and a failure as the one-line exit-74 error.
enum PictureFile {
    static func save(_ data: Data, to path: String, what: String) throws {
        do {
            try AtomicFile.write(data, to: URL(fileURLWithPath: path), permissions: 0o644, durable: false)
        } catch let error as AtomicFile.WriteError {
            throw OutputError.cannotWrite(path: path, what: what, reason: "\(error.step) failed: \(error.reason)")
        }
    }
}
