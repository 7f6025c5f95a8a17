import Foundation

/// Runs a program with one shared library hidden: `/dev/null` bind-mounted over it in a private mount namespace, so
/// `dlopen` finds an empty file, as on a machine without the package. Needs `unshare` and the right to mount.
package struct HiddenLibrary: Sendable {
    /// The library's real file (symbolic links resolved).
    package let file: String

    /// The first of `names` in the usual library folders; nil when none is there.
    package init?(_ names: [String]) {
        let folders = ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib"]
        guard
            let found = folders.flatMap({ folder in names.map { "\(folder)/\($0)" } }).first(where: {
                FileManager.default.fileExists(atPath: $0)
            })
        else {
            return nil
        }
        file = URL(fileURLWithPath: found).resolvingSymlinksInPath().path
    }

    package func run(_ program: String, _ arguments: [String], environment: [String: String]? = nil) async throws -> ProcessResult {
        try await ProcessRunner.run(
            "/usr/bin/unshare",
            [
                "--mount", "--propagation", "private", "/bin/sh", "-c", "mount --bind /dev/null \"$0\" && exec \"$@\"", file, program,
            ] + arguments, environment: environment)
    }

    /// Whether hiding works here (the file reads empty inside the namespace); the reason when it does not.
    package func unavailableReason() async throws -> String? {
        let probe = try await run("/bin/sh", ["-c", "[ ! -s \"$0\" ]", file])
        return probe.status == 0 ? nil : probe.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
