import CDotsRuntime
import DotsSSOBasics

/// What `--version` prints and `User-Agent` carries: fixed when the binary was built (see dots_runtime.h).
package enum DotsSSOVersion {
    /// "0.2.0", or "0.0.0-dev+<commit>" between releases.
    package static let current = String(cString: dots_build_version())
    package static let commit = String(cString: dots_build_commit())
    package static let buildDate = String(cString: dots_build_date())
    /// The compiler that built it: as Scripts/package recorded it, else the language version this source was compiled as.
    package static let swift: String = {
        let recorded = String(cString: dots_build_swift())
        if !recorded.isEmpty { return recorded }
        #if compiler(>=6.4)
            return "6.4 or newer"
        #elseif compiler(>=6.3)
            return "6.3"
        #else
            return "before 6.3"
        #endif
    }()

    /// The one line `--version` prints: the version first, so `dots-sso --version | cut -d' ' -f1` is the version.
    package static var line: String {
        let shortCommit = commit.hasSuffix("-dirty") ? String(commit.prefix(12)) + "-dirty" : String(commit.prefix(12))
        return "\(current) (commit \(shortCommit), built \(buildDate), Swift \(swift))"
    }
}
