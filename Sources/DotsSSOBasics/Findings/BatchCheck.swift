/// Many inputs checked one by one (`pkpass inspect`, `bodymovin validate`, later `check`): each input yields a
/// report with findings, or an input error that stops only that input. The batch remembers the worst input
/// error's exit status; failed findings are the renderer's business (`--strict` decides what fails).
package struct BatchOutcome<Report: Sendable>: Sendable {
    package var reports: [Report]
    /// Inputs that could not be checked at all, in the order given, with the reason.
    package var unreadable: [(input: String, error: any UserFacingError)]

    /// The exit status the unreadable inputs call for: malformed input (65) over any other, else the first.
    package var inputStatus: ExitStatus? {
        let statuses = unreadable.map(\.error.exitStatus)
        return statuses.contains(.malformedInput) ? .malformedInput : statuses.first
    }
}

package enum BatchCheck {
    /// Checks every input with at most `parallel` at once; reports keep the inputs' order. An error that is not a
    /// `UserFacingError` is a bug and is rethrown.
    package static func run<Report: Sendable>(
        _ inputs: [String], parallel: Int, _ check: @escaping @Sendable (String) async throws -> Report
    ) async throws -> BatchOutcome<Report> {
        let results = await boundedConcurrentMap(count: inputs.count, parallel: parallel) { index -> Result<Report, any Error> in
            do { return .success(try await check(inputs[index])) } catch { return .failure(error) }
        }
        var outcome = BatchOutcome<Report>(reports: [], unreadable: [])
        for (input, result) in zip(inputs, results) {
            switch result {
            case .success(let report): outcome.reports.append(report)
            case .failure(let error as UserFacingError): outcome.unreadable.append((input, error))
            case .failure(let error): throw error
            }
        }
        return outcome
    }
}
