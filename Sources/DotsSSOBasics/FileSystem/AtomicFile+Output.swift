import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

extension AtomicFile {
    /// Writes an output the user named (a report, a picture, a saved root): atomically as `write` does, with a failure
    /// as the one-line exit-74 error naming `what` was being written. `creatingFolder` makes a missing folder first
    /// (`--junit reports/x.xml` in a fresh checkout).
    package static func saveOutput(
        _ data: Data, to path: String, what: String, permissions: mode_t = 0o644, durable: Bool = true,
        creatingFolder: Bool = false
    ) throws {
        let url = URL(fileURLWithPath: path)
        do {
            if creatingFolder { try createFolder(for: url) }
            try write(data, to: url, permissions: permissions, durable: durable)
        } catch let error as WriteError {
            throw OutputError.cannotWrite(path: path, what: what, reason: "\(error.step) failed: \(error.reason)")
        }
    }
}
