import Foundation

/// Opens a URL in a browser for a person to sign in. Failing is never fatal: the URL is always printed too.
public protocol BrowserOpener: Sendable {
    /// Returns false when no browser could be started.
    func open(_ url: URL) -> Bool
}

/// The user's browser (`xdg-open` on Linux, `open` on macOS).
public struct SystemBrowser: BrowserOpener {
    public init() {}

    public func open(_ url: URL) -> Bool {
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

/// No browser at all (tests, and contexts where nobody is there to look).
public struct NoBrowser: BrowserOpener {
    public init() {}

    public func open(_ url: URL) -> Bool { false }
}
