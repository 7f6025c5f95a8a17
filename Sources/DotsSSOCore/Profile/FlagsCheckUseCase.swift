import DotsSSOBasics
import FoundationEssentials

/// `dots-sso flags check [NAME…]`: every named flag must be exactly `true`; with no names, the app-launch rule:
/// the profile must be retrievable and `canAccessApp` true, otherwise the app logs the member out.
package struct FlagsCheckUseCase: Sendable {
    package var member: MemberSettings
    package var names: [String]

    package init(member: MemberSettings, names: [String] = []) {
        self.member = member
        self.names = names
    }

    package struct Result: Codable, Sendable, Equatable {
        /// `app-launch` or `named`.
        package var rule: String
        package var passed: Bool
        package var flags: [FlagCheck.Result]
        /// Why the check could not look at the flags at all (the profile could not be fetched); the command ends
        /// with its `exitCode`: nobody looked at the flags.
        package var problem: Problem?
    }

    package func run(_ ctx: CommandContext) async throws -> Result {
        let rule = names.isEmpty ? "app-launch" : "named"
        let report: ProfileReport
        do {
            report = try await MemberSource(member, needsToken: false, in: ctx).report()
        } catch let error as UserFacingError where names.isEmpty {
            // Not a verdict on the member: nobody looked at their flags. The status says why.
            return Result(
                rule: rule, passed: false, flags: [],
                problem: Problem(error, prefix: "could not check the app-launch rule: "))
        }
        let results = FlagCheck.evaluate(names: names, flags: report.dots.flags)
        return Result(rule: rule, passed: results.allSatisfy(\.passed), flags: results, problem: nil)
    }
}
