import DotsSSOBasics
import FoundationEssentials

/// `dots-sso pkpass inspect FILE…`: every pass checked the way Wallet accepts it, on every core, in the order given.
package struct PKPassInspectUseCase: Sendable {
    package var files: [String]
    /// `--trust` PEM files (or a loopback sandbox's root URL); empty means Apple Root CA.
    package var trust: [String]

    package init(files: [String], trust: [String] = []) {
        self.files = files
        self.trust = trust
    }

    /// What `pkpass inspect` found: an inspection per pass, and the inputs that could not be read at all.
    package struct Result: Encodable, Sendable {
        package var passes: [PassInspection]
        package var unreadable: UnreadableInputs
        /// The status the unreadable inputs call for (65 over any other), whatever the findings say.
        package var inputStatus: ExitStatus?
        /// When the passes were checked: expiry and validity are said relative to it.
        package var checkedAt: Date

        enum CodingKeys: String, CodingKey { case passes, unreadable }

        /// The passes' reports are written on every core (a thousand of them took a fifth of the run's wall time).
        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(ConcurrentlyEncodedArray(passes), forKey: .passes)
            try container.encode(unreadable, forKey: .unreadable)
        }
    }

    package func run(_ ctx: CommandContext) async throws -> Result {
        let now = ctx.clock.now()
        let inspector = PassInspector(anchors: try await PassTrust.anchors(flags: trust, channel: nil, in: ctx), now: now)
        let outcome = try await BatchCheck.run(files, parallel: ProcessorCount.available) {
            try inspector.inspect(path: $0)
        }
        return Result(passes: outcome.reports, unreadable: UnreadableInputs(outcome), inputStatus: outcome.inputStatus, checkedAt: now)
    }
}
