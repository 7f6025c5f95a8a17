import DotsSSOBasics
import FoundationEssentials

/// The part of `bodymovin validate` that rlottie draws (`LottieFrameCheck` in DotsSSOPictures), as the core asks for
/// it: which files are drawn at all, in bounded children, and what a drawing stopped at a limit means.
package enum LottieRenderCheck {
    /// Whether rlottie is asked to draw the file at all: no error (rlottie never sees a file that failed our checks),
    /// and none of the counts that predict a drawing no player finishes.
    package static func drawable(_ report: LottieReport) -> Bool {
        !report.findings.contains { $0.severity == .error || costlyCodes.contains($0.code) }
    }

    /// The findings of one file, drawn where `drawing` says (a bounded child process for the command-line tool).
    package static func isolated(_ bytes: [UInt8], report: LottieReport, drawing: IsolatedDrawing) async -> [Finding] {
        await isolated([(bytes, report)], drawing: drawing, parallel: 1)[0]
    }

    /// The findings of each file, drawn in at most `parallel` children, each drawing its share in turn. A file that
    /// costs more than the limits is a warning naming the limit it hit; the others are drawn all the same.
    package static func isolated(_ files: [(bytes: [UInt8], report: LottieReport)], drawing: IsolatedDrawing, parallel: Int) async
        -> [[Finding]]
    {
        var findings: [[Finding]] = files.map { file in skipped(file.report).map { [$0] } ?? [] }
        let drawn = files.indices.filter { drawable(files[$0].report) }
        let shares = max(1, min(parallel, drawn.count))
        let groups = (0..<shares).map { share in drawn.enumerated().filter { $0.offset % shares == share }.map(\.element) }
        let outcomes = await boundedConcurrentMap(count: groups.count, parallel: shares) { group in
            await drawing.runAll(
                groups[group].map { index in
                    let name = files[index].report.file
                    return IsolatedDrawing.Request(input: Data(files[index].bytes)) { .lottieCheck(input: $0, name: name) }
                })
        }
        for (group, results) in zip(groups, outcomes) {
            for (index, result) in zip(group, results) {
                let file = files[index].report.file
                switch result {
                case .success(let drawn): findings[index] = drawn.findings
                case .failure(let costly as DrawingTooCostly): findings[index] = [tooCostly(costly, file: file)]
                case .failure(let error as UserFacingError):
                    findings[index] = [
                        Finding(
                            LottieFindings.renderUnavailable, at: FindingLocation(file: file, path: "$"), "not rendered: \(error.message)"
                        )
                    ]
                case .failure(let error):
                    findings[index] = [
                        Finding(LottieFindings.renderUnavailable, at: FindingLocation(file: file, path: "$"), "not rendered: \(error)")
                    ]
                }
            }
        }
        return findings
    }

    /// Validator warnings that predict a drawing no player finishes.
    static let costlyCodes = LottieFindings.costly

    /// What is cheap to know before drawing: the validator already counted more copies, instances, image pixels or
    /// stroke than a player can build. Every command that draws an animation (validate, preview, check) asks this
    /// first, so such a file never reaches a drawing child at all.
    package static func skipped(_ report: LottieReport) -> Finding? {
        report.findings.first { costlyCodes.contains($0.code) }.map { costly in
            Finding(
                LottieFindings.renderSkipped, at: FindingLocation(file: report.file, path: "$"),
                "not rendered: \(costly.code) says it would build more than any player can (\(costly.message))")
        }
    }

    /// The warning for an animation whose drawing was stopped at a limit: lottie-ios on a phone would struggle too.
    package static func tooCostly(_ costly: DrawingTooCostly, file: String) -> Finding {
        Finding(
            LottieFindings.renderTooCostly, at: FindingLocation(file: file, path: "$"),
            "rlottie's drawing was stopped: it \(costly.limit); a phone playing it would stall or run out of memory too")
    }
}
