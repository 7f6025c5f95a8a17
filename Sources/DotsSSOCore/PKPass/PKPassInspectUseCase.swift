import Foundation

/// `dots-sso pkpass inspect FILE…`: every pass checked the way Wallet accepts it, on every core, in the order given.
package struct PKPassInspectUseCase: Sendable {
    package var files: [String]
    /// `--trust` PEM files (or a loopback sandbox's root URL); empty means Apple Root CA.
    package var trust: [String]

    package init(files: [String], trust: [String] = []) {
        self.files = files
        self.trust = trust
    }

    package func run(_ ctx: CommandContext) async throws -> BatchOutcome<PassInspection> {
        let inspector = PassInspector(anchors: try await PassTrust.anchors(flags: trust, channel: nil, in: ctx), now: ctx.clock.now())
        return try await BatchCheck.run(files, parallel: ProcessInfo.processInfo.activeProcessorCount) { try inspector.inspect(path: $0) }
    }
}
