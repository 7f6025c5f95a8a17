import Foundation

/// Opens a URL in the user's browser (`xdg-open` on Linux, `open` on macOS). Failure is not fatal:
/// the URL is always printed too, so the user can open it by hand.
public enum SystemBrowser {
    /// Returns false when no opener could be started.
    @discardableResult
    public static func open(_ url: URL) -> Bool {
        #if os(macOS)
        let candidates = ["/usr/bin/open"]
        #else
        let candidates = ["/usr/bin/xdg-open", "/usr/local/bin/xdg-open"]
        #endif
        guard let opener = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [url.absoluteString]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
            return true
        } catch {
            return false
        }
    }
}
