import DotsSSOBasics
import FoundationEssentials

/// What `dots-sso version` reports: this build, and whether each C library it loads on first use is installed.
package struct BuildReport: Codable, Sendable {
    package var version: String
    package var commit: String
    package var buildDate: String
    package var swift: String
    package var platform: String
    /// The cores commands split their work over: those the process may run on and its cgroup's quota allow.
    package var cores: Int
    /// The machine's online CPUs, which `cores` may be fewer than (taskset, a container's CPU limit).
    package var coresOnline: Int
    package var libraries: [InstalledLibraries.Library]

    /// This binary, with the libraries probed now (opened and asked their version; nothing drawn or sent).
    package static func current() -> BuildReport {
        BuildReport(
            version: DotsSSOVersion.current, commit: DotsSSOVersion.commit, buildDate: DotsSSOVersion.buildDate,
            swift: DotsSSOVersion.swift, platform: platform, cores: ProcessorCount.available,
            coresOnline: ProcessInfo.processInfo.activeProcessorCount, libraries: InstalledLibraries.probe())
    }

    /// The system and architecture this binary was built for (`linux x86_64`).
    package static var platform: String {
        #if os(Linux)
            let system = "linux"
        #elseif os(macOS)
            let system = "macos"
        #else
            let system = "other"
        #endif
        #if arch(x86_64)
            return "\(system) x86_64"
        #elseif arch(arm64)
            return "\(system) arm64"
        #else
            return system
        #endif
    }
}
