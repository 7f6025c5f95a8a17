import Foundation

/// `dots-sso pkpass inspect FILE…`: every pass checked the way Wallet accepts it, on every core, in the order given.
public struct PKPassInspectUseCase: Sendable {
    public var files: [String]
    /// `--trust` PEM files; empty means Apple Root CA.
    public var trust: [String]

    public init(files: [String], trust: [String] = []) {
        self.files = files
        self.trust = trust
    }

    /// The anchors a pass signature must chain to: Apple Root CA, or the `--trust` files instead.
    public static func anchors(trust: [String]) throws -> TrustAnchors {
        trust.isEmpty ? try PassSignature.appleRoot() : try TrustAnchors(pemFiles: trust, option: "--trust")
    }

    public func run(_ ctx: CommandContext) async throws -> BatchOutcome<PassInspection> {
        let inspector = PassInspector(anchors: try Self.anchors(trust: trust), now: ctx.clock.now())
        return try await BatchCheck.run(files, parallel: ProcessInfo.processInfo.activeProcessorCount) { try inspector.inspect(path: $0) }
    }
}
